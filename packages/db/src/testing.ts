import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import {
  createDatabase,
  databaseEngines,
  migrateDatabase,
  queryRows,
  type Database,
  type DatabaseEngine,
} from './index.ts';

/** Engines the API suites run on: `TEST_DB_ENGINES=pglite` skips the PostgreSQL server. */
export const testEngines: DatabaseEngine[] = (process.env.TEST_DB_ENGINES ?? 'postgres,pglite')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is DatabaseEngine => (databaseEngines as string[]).includes(name));

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Budget of a test (or hook) that starts a Node process of ours (a CLI, the server). At worst the
 * process opens a fresh embedded database and needs about 15 s of CPU: some 3 s loading the
 * modules, 8 s for PGlite's initdb and the migrations in WASM, the rest the kernel writing its
 * files. On two cores that other suites keep busy such tests took 20–60 s, and up to 146 s at a
 * load average of 25; hence this budget rather than the 30 s meant for in-process tests.
 */
export const PROCESS_TEST_MS = 180_000;

export interface TestDatabase extends Database {
  /** Connection string of the PostgreSQL test database (absent for PGlite). */
  url?: string;
}

/**
 * A fresh, migrated database of its own: on PostgreSQL a new `stratus_test_<random>` database
 * that `close()` drops again, on PGlite an in-memory instance. `migrated: false` leaves it empty,
 * for tests of migrating itself.
 */
export async function createTestDatabase(
  engine: DatabaseEngine,
  { migrated = true }: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = await createDatabase({ dataDir: 'memory://' });
    if (migrated) await migrateDatabase(database);
    return database;
  }
  const name = `stratus_test_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({
    url: url.href,
    // pg's pool.end() resolves before its sockets close, so the forced drop below may terminate
    // a connection still closing (admin_shutdown, 57P01): expected, not worth a stack trace.
    onConnectionError: (error) => {
      if ((error as { code?: string }).code !== '57P01') {
        console.error('PostgreSQL connection error', error);
      }
    },
  });
  try {
    if (migrated) await migrateDatabase(database);
  } catch (error) {
    await database.close();
    await runAsAdmin(`drop database if exists ${name} with (force)`);
    throw error;
  }
  // Mutated rather than copied: migrateDatabase recognises the object createDatabase made.
  const closeConnections = database.close;
  return Object.assign(database, {
    url: url.href,
    async close() {
      await closeConnections();
      await runAsAdmin(`drop database if exists ${name} with (force)`);
    },
  });
}

async function runAsAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Waits until at least `count` backends of this database are inside `select pg_sleep(…)`. */
export async function waitForSleepingBackends(admin: Database, count: number): Promise<void> {
  for (;;) {
    const [row] = await queryRows<{ sleeping: number }>(
      admin.db,
      sql`select count(*)::int as sleeping from pg_stat_activity
           where datname = current_database() and query like 'select pg_sleep%'`,
    );
    if ((row?.sleeping ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What a PostgreSQL restart does to every other connection of this database: 57P01. */
export async function terminateOtherBackends(admin: Database): Promise<void> {
  await admin.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`,
  );
}
