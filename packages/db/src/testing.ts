import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import {
  createDatabase,
  databaseEngines,
  dumpPgliteArchive,
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
    if (!migrated) return createDatabase({ dataDir: 'memory://' });
    return createDatabase({ dataDir: 'memory://', pgliteArchive: await migratedPgliteArchive() });
  }
  const name = `stratus_test_${randomBytes(6).toString('hex')}`;
  // A migrated database is a copy of the migrated template, made once per set of migrations:
  // copying takes a fraction of a second where running the migrations took two or three.
  if (migrated) await cloneDatabase(await migratedPostgresTemplate(), name);
  else await runAsAdmin(`create database ${name}`);
  const url = databaseUrl(name);
  const database = await createDatabase({
    url,
    onConnectionError: ignoreForcedDisconnects,
  });
  // Mutated rather than copied: migrateDatabase recognises the object createDatabase made.
  const closeConnections = database.close;
  return Object.assign(database, {
    url,
    async close() {
      await closeConnections();
      await runAsAdmin(`drop database if exists ${name} with (force)`);
    },
  });
}

const migrationsFolder = path.resolve(import.meta.dirname, '../migrations');

/**
 * A name that changes whenever a migration (or the PGlite version) does: of the PGlite archive
 * and of the PostgreSQL template.
 */
async function migrationsFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  // The engine's own files, so a PGlite upgrade makes a new archive too.
  const engineEntry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const pglite = JSON.parse(
    await readFile(
      path.join(engineEntry.slice(0, engineEntry.lastIndexOf('/dist/')), 'package.json'),
      'utf8',
    ),
  ) as { version: string };
  hash.update(pglite.version);
  for (const file of (await readdir(migrationsFolder))
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(await readFile(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

let archiveInProcess: Promise<Blob> | undefined;

/**
 * The data directory of a freshly migrated PGlite database, as an archive each test database
 * starts from: loading it takes about a second, where initdb and the migrations in WASM take three
 * or more, for each of the suites' many databases. Kept in the temporary directory under a name
 * derived from the migrations, so every test process (Vitest runs files in separate ones) reuses
 * it and a changed migration makes a new one. Written to a temporary name and renamed: processes
 * racing to make it never read half a file.
 */
function migratedPgliteArchive(): Promise<Blob> {
  archiveInProcess ??= (async () => {
    const file = path.join(
      os.tmpdir(),
      `stratus-pglite-migrated-${await migrationsFingerprint()}.tar`,
    );
    const stored = await readFile(file).catch(() => undefined);
    if (stored) return new Blob([stored]);
    const database = await createDatabase({ dataDir: 'memory://' });
    try {
      await migrateDatabase(database);
      const archive = await dumpPgliteArchive(database);
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      try {
        await writeFile(partial, Buffer.from(await archive.arrayBuffer()));
        await rename(partial, file);
      } catch {
        // Another process's archive serves as well; this one is only a cache.
        await rm(partial, { force: true });
      }
      return archive;
    } finally {
      await database.close();
    }
  })();
  return archiveInProcess;
}

/** The connection string of database `name` on the test server. */
function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * pg's pool.end() resolves before its sockets close, so a forced drop (or the template's
 * disconnect) may terminate a connection still closing (admin_shutdown, 57P01): expected, not
 * worth a stack trace.
 */
function ignoreForcedDisconnects(error: Error): void {
  if ((error as { code?: string }).code !== '57P01') {
    console.error('PostgreSQL connection error', error);
  }
}

/** Session advisory lock under which one process at a time builds the migrated template. */
const TEMPLATE_LOCK_ID = 740_211_614;

let templateInProcess: Promise<string> | undefined;

/**
 * The name of a migrated PostgreSQL database that test databases are copied from
 * (`CREATE DATABASE … TEMPLATE`). Named after the migrations, so a changed migration makes a new
 * one, and kept between runs like the PGlite archive. Built under an advisory lock, so processes
 * (and worktrees) sharing the server build it once; it counts as built once it is marked
 * `datistemplate`, the last step, so one left half-built by a killed process is built again.
 */
function migratedPostgresTemplate(): Promise<string> {
  if (templateInProcess) return templateInProcess;
  templateInProcess = (async () => {
    const name = `stratus_template_${await migrationsFingerprint()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
      const { rows } = await admin.query<{ datistemplate: boolean }>(
        'select datistemplate from pg_database where datname = $1',
        [name],
      );
      if (rows[0]?.datistemplate) return name;
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      const template = await createDatabase({
        url: databaseUrl(name),
        onConnectionError: ignoreForcedDisconnects,
      });
      try {
        await migrateDatabase(template);
      } finally {
        await template.close();
      }
      // A copy needs its template without connections: end those still closing now.
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [name],
      );
      await admin.query(`alter database ${name} is_template true`);
      return name;
    } finally {
      await admin.end();
    }
  })();
  // A failed build is tried again by the next database rather than remembered.
  templateInProcess.catch(() => {
    templateInProcess = undefined;
  });
  return templateInProcess;
}

/**
 * Copies the template into a new database `name`. PostgreSQL refuses the copy while anyone is
 * connected to the template (55006): only for a moment, as the template's builder disconnects.
 */
async function cloneDatabase(template: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await runAsAdmin(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
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
