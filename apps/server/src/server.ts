// The entry point: `node apps/server/src/server.ts` (also what `npm start` ends up running).
// Loads the configuration, opens and migrates the database, serves, and shuts down gracefully.
import { createDatabase, migrateDatabase, type Database, type MigrationReport } from '@stratus/db';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { startEmbeddedGateway } from './demo/embedded-gateway.ts';
import { loadDemoCatalogOnStart, loadDemoTrafficPlansOnStart } from './demo/seed.ts';
import type { RunningGateway } from '@stratus/gateway';

const SHUTDOWN_TIMEOUT_MS = 10_000;

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
// Until the app (and its logger) exists, connection errors go to stderr.
let reportConnectionError = (error: Error) => console.error('Database connection error:', error);
let database: Database;
let migration: MigrationReport;
try {
  database = await createDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (error) => reportConnectionError(error),
  });
  migration = await migrateDatabase(database);
} catch (error) {
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.error(`Could not open and migrate the database, ${where}:`, error);
  process.exit(1);
}
const app = await buildApp({ config, database });
reportConnectionError = (error) => app.log.error({ err: error }, 'database connection error');
if (migration.applied.length) app.log.info({ applied: migration.applied }, 'applied migrations');
// Before listening, so the first page a visitor opens already shows the demo catalog.
await loadDemoCatalogOnStart({ db: database.db, enabled: config.demoSeed, log: app.log });
await loadDemoTrafficPlansOnStart({ db: database.db, enabled: config.demoSeed, log: app.log });

let gateway: RunningGateway | null = null;
let shuttingDown = false;
async function shutDown(signal: NodeJS.Signals): Promise<void> {
  if (shuttingDown) {
    app.log.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  shuttingDown = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  setTimeout(() => {
    app.log.error('shutdown took longer than 10 s: exiting now');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  try {
    // The gateway first: its last usage batch goes to this API while it still answers.
    await gateway?.stop();
    await app.close();
    await database.close();
    app.log.info('shut down cleanly');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', (signal) => void shutDown(signal));
process.on('SIGINT', (signal) => void shutDown(signal));

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
gateway = await startEmbeddedGateway({ db: database.db, config, apiPort: port, log: app.log });
if (gateway) {
  process.stdout.write(
    `Demo proxy gateway on port ${gateway.port} of 127.0.0.1 and the demo IPs 127.0.0.2… ` +
      `(SOCKS5 and HTTP; buy an IP in the console, then: curl -x socks5h://user:pass@<ip>:${gateway.port} http://example.com)\n`,
  );
}
