// The entry point: `node apps/server/src/server.ts` (also what `npm start` ends up running).
// Loads the configuration, opens and migrates the database, serves, and shuts down gracefully
// within SHUTDOWN_GRACE_SECONDS, from the first moment the database is opened.
import { createDatabase, migrateDatabase, redactDatabaseError, type Database } from '@stratus/db';
import type { RunningGateway } from '@stratus/gateway';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { startEmbeddedGateway } from './demo/embedded-gateway.ts';
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
let gateway: RunningGateway | null = null;
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

async function shutDown(signal: NodeJS.Signals): Promise<void> {
  // Named before the guards start, so a shutdown stuck at once still says where it was.
  if (started) step = 'stopping the embedded gateway';
  deadline = armShutdownDeadline({
    graceMs: config.shutdownGraceSeconds * 1000,
    step,
    report,
  });
  report('info', { signal, pending: step }, 'shutting down: finishing in-flight work');
  try {
    // A start-up step in progress (a migration) runs to its end, then start-up goes no further.
    await starting;
    enter('stopping the embedded gateway');
    // The gateway first: its last usage batch goes to this API while it still answers.
    await gateway?.stop();
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
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.error(`Could not open and migrate the database, ${where}:`, error);
    process.exit(1);
  }
  if (shutdown) return;
  enter('loading the demo catalog');
  // Before listening, so the first page a visitor opens already shows the demo catalog.
  await loadDemoCatalogOnStart({ db: database.db, enabled: config.demoSeed, log: app.log });
  await loadDemoTrafficPlansOnStart({ db: database.db, enabled: config.demoSeed, log: app.log });
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
  if (shutdown) return;

  enter('starting the background jobs');
  jobs = startBackgroundJobs(app);

  enter('starting the embedded gateway');
  gateway = await startEmbeddedGateway({ db: database.db, config, apiPort: port, log: app.log });
  if (gateway) {
    process.stdout.write(
      `Demo proxy gateway on port ${gateway.port} of 127.0.0.1 and the demo IPs 127.0.0.2… ` +
        `(SOCKS5 and HTTP; buy an IP in the console, then: curl -x socks5h://user:pass@<ip>:${gateway.port} http://example.com)\n`,
    );
  }
  started = true;
}

const starting = start().catch((error: unknown) => {
  report('error', { err: error, pending: step }, 'could not start');
  process.exit(1);
});
