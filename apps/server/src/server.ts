// The entry point: `node apps/server/src/server.ts` (`npm start` runs it beside the demo gateway).
// Loads the configuration, opens and migrates the database, serves, and shuts down gracefully
// within SHUTDOWN_GRACE_SECONDS, from the first moment the database is opened.
import {
  createDatabase,
  DataDirectoryInUseError,
  migrateDatabase,
  redactDatabaseError,
  type Database,
} from '@stratus/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { prepareDemoGatewayNode } from './demo/demo-gateway-node.ts';
import { loadDemoCatalogOnStart, loadDemoTrafficPlansOnStart } from './demo/seed.ts';
import { startBackgroundJobs } from './jobs/background-jobs.ts';
import type { PeriodicJob } from './jobs/periodic.ts';
import { armShutdownDeadline, type ShutdownDeadline, type ShutdownReport } from './shutdown.ts';

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = loadConfigOrExit();
let database: Database | undefined;
let app: FastifyInstance | undefined;
let jobs: PeriodicJob | null = null;

/** Until the app (and its logger, which redacts query values) exists, messages go to stderr. */
const report: ShutdownReport = (level, fields, message) => {
  if (app) app.log[level](fields, message);
  else
    console.error(
      message,
      'err' in fields ? { ...fields, err: redactDatabaseError(fields.err) } : fields,
    );
};

// What the process is doing now: a shutdown that overruns its grace names it.
let step = 'opening the database';
let deadline: ShutdownDeadline | null = null;
function enter(next: string): void {
  step = next;
  deadline?.enter(next);
}

let started = false;
let shutdown: Promise<void> | null = null;
function onSignal(signal: NodeJS.Signals): void {
  if (shutdown) {
    report('warn', { signal, pending: step }, 'second signal: exiting now');
    process.exit(1);
  }
  shutdown = shutDown(signal);
}
// Installed before the database opens, so a signal during migrations is a shutdown too.
process.on('SIGTERM', onSignal);
process.on('SIGINT', onSignal);
// Started by `npm start` (scripts/start.ts), which keeps a channel open: when it is gone, even
// killed outright, this process shuts down rather than live on as an orphan.
if (process.connected) {
  process.once('disconnect', () => {
    if (!shutdown) onSignal('SIGTERM');
  });
}

async function shutDown(signal: NodeJS.Signals): Promise<void> {
  // Named before the guards start, so a shutdown stuck at once still says where it was.
  if (started) step = 'finishing in-flight requests and background jobs';
  deadline = armShutdownDeadline({
    graceMs: config.shutdownGraceSeconds * 1000,
    step,
    report,
  });
  report('info', { signal, pending: step }, 'shutting down: finishing in-flight work');
  try {
    // A start-up step in progress (a migration) runs to its end, then start-up goes no further.
    await starting;
    enter('finishing in-flight requests and background jobs');
    // A job run in progress finishes (and no new one starts) before the database closes.
    await Promise.all([app?.close(), jobs?.stop()]);
    enter('closing the database');
    await database?.close();
    report('info', {}, 'shut down cleanly');
    process.exit(0);
  } catch (error) {
    report('error', { err: error, pending: step }, 'shutdown failed');
    process.exit(1);
  }
}

/** Start-up, step by step; it stops between steps once a shutdown has begun. */
async function start(): Promise<void> {
  try {
    database = await createDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      onConnectionError: (error) => report('error', { err: error }, 'database connection error'),
    });
    if (shutdown) return;
    enter('migrating the database');
    const migration = await migrateDatabase(database);
    if (shutdown) return;
    enter('building the app');
    app = await buildApp({ config, database });
    if (migration.applied.length)
      app.log.info({ applied: migration.applied }, 'applied migrations');
  } catch (error) {
    // Another server (or an admin command) holds the embedded database: its message says all.
    if (error instanceof DataDirectoryInUseError) console.error(error.message);
    else {
      const where = config.databaseUrl
        ? 'PostgreSQL (DATABASE_URL)'
        : `PGlite in ${config.dataDir}`;
      console.error(`Could not open and migrate the database, ${where}:`, error);
    }
    process.exit(1);
  }
  if (shutdown) return;
  enter('loading the demo catalog');
  // Before listening, so the first page a visitor opens already shows the demo catalog.
  await loadDemoCatalogOnStart({
    db: database.db,
    enabled: config.demoSeed,
    proxyPort: config.embeddedGateway.port,
    log: app.log,
  });
  await loadDemoTrafficPlansOnStart({ db: database.db, enabled: config.demoSeed, log: app.log });
  try {
    await prepareDemoGatewayNode({ db: database.db, config, log: app.log });
  } catch (error) {
    // The demo is a convenience: worth a warning, not a server that will not start.
    app.log.warn({ err: error }, 'could not prepare the demo gateway node');
  }
  if (shutdown) return;

  enter('starting to listen');
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await database.close();
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info({ port, engine: database.engine, dataDir: config.dataDir }, 'listening');
  process.stdout.write(`Stratus is running at http://localhost:${port}\n`);
  process.stdout.write(
    database.engine === 'pglite'
      ? 'To become an operator (the first is owner): stop it, run `npm run admin -- create-operator <email>`, start it again, then open the Operator console (运营后台) at /admin.\n'
      : 'To become an operator (the first is owner): `npm run admin -- create-operator <email>`, then open the Operator console (运营后台) at /admin.\n',
  );
  if (shutdown) return;

  enter('starting the background jobs');
  jobs = startBackgroundJobs(app);
  started = true;
}

const starting = start().catch((error: unknown) => {
  report('error', { err: error, pending: step }, 'could not start');
  process.exit(1);
});
