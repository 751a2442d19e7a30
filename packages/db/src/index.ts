import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type {
  PgDatabase,
  PgQueryResultHKT,
  PgTransaction,
  PgTransactionConfig,
} from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDirectory, type DataDirectoryLock } from './data-directory-lock.ts';
import { markAsDatabaseError } from './database-errors.ts';
import * as schema from './schema.ts';

export * from './schema.ts';
export { schema };
export { preparedPerDatabase } from './prepared.ts';
export { DataDirectoryInUseError, type LockHolder } from './data-directory-lock.ts';
export {
  isDatabaseUnavailableError,
  isConstraintViolation,
  isUniqueViolation,
  redactDatabaseError,
} from './database-errors.ts';
// The query helpers services need, so every workspace uses this package's one drizzle-orm copy.
export {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';

type DrizzleDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;
type DrizzleTransaction = PgTransaction<
  PgQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>;

/** Exists only in types: no value carries it; `withBrandedTransactions` below claims it. */
declare const transactionBrand: unique symbol;

/**
 * One drizzle type that both drivers satisfy, so services never care which engine runs. Its
 * `transaction` hands the callback a `Tx`, the only way to get one.
 */
export interface Db extends Omit<DrizzleDatabase, 'transaction'> {
  transaction<T>(run: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T>;
}

/**
 * An open transaction. A function whose writes must commit or roll back together with its
 * caller's (anything moving money or stock, anything locking rows) takes `tx: Tx`: passing the
 * pool `Db` there does not compile, where a `tx: Db` parameter silently ran each statement in a
 * transaction of its own. At run time it is drizzle's transaction object; the brand is a type.
 * A `Tx` is also a `Db`, so read helpers that work either way keep taking `Db`; its own
 * `transaction` opens a savepoint, itself a `Tx`.
 */
export interface Tx extends Db, Pick<DrizzleTransaction, 'rollback' | 'setTransaction'> {
  readonly [transactionBrand]: true;
  transaction<T>(run: (tx: Tx) => Promise<T>): Promise<T>;
}

/**
 * THE one place the brand is asserted: drizzle types its transactions without it, and every
 * transaction (and savepoint) this database opens goes through the `transaction` typed above.
 */
function withBrandedTransactions(database: DrizzleDatabase): Db {
  return database as unknown as Db;
}

export type DatabaseEngine = 'postgres' | 'pglite';
export const databaseEngines: readonly DatabaseEngine[] = ['postgres', 'pglite'];

export interface Database {
  db: Db;
  engine: DatabaseEngine;
  /** One round trip; resolves with its duration in milliseconds, rejects when the database fails. */
  ping(): Promise<number>;
  /**
   * Receives the NOTIFY messages of `channel` (sent with `pg_notify`, delivered on commit): on
   * PostgreSQL over a dedicated connection, on PGlite inside this process.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<NotificationListener>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…`: use that PostgreSQL server. Without it the embedded PGlite engine runs. */
  url?: string;
  /**
   * Where PGlite keeps its files (`<dataDir>/pglite`); default `./data`. A value starting with
   * `memory://` keeps the database in memory (tests). A directory belongs to one process at a
   * time (`<dataDir>/pglite.lock`): opening one that another live process holds throws
   * `DataDirectoryInUseError`.
   */
  dataDir?: string;
  /** Errors of idle PostgreSQL connections (a restarted server, a dropped network). */
  onConnectionError?: (error: Error) => void;
  /** PostgreSQL only: how many connections the pool opens at most; default 10. */
  poolSize?: number;
  /**
   * PGlite only: start from this archive of a data directory (`dumpDataDir`) instead of an empty
   * cluster. Tests start from an already migrated one, which skips initdb and the migrations.
   */
  pgliteArchive?: Blob;
}

/** The archive of a PGlite database's whole data directory (a tar), e.g. to start copies from. */
export async function dumpPgliteArchive(database: Database): Promise<Blob> {
  const client = pgliteClients.get(database);
  if (!client) throw new Error('dumpPgliteArchive needs a PGlite database');
  const archive = await client.dumpDataDir('none');
  return archive;
}

export interface NotificationHandlers {
  onNotification(payload: string): void;
  /**
   * The listening connection dropped: messages sent until it is back are lost. Called once per
   * drop, at once; reconnecting then goes on by itself.
   */
  onDisconnect(): void;
  /** Listening again after a drop (whatever was sent meanwhile was missed). */
  onReconnect(): void;
}

export interface NotificationListener {
  /** Whether messages are being received now (false between a drop and the reconnect). */
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface MigrationReport {
  /** Tags of the migrations this call applied, oldest first; empty when already up to date. */
  applied: string[];
}

const migrationsFolder = path.resolve(import.meta.dirname, '../migrations');
// Serialises migrations when several servers start at once against one PostgreSQL database.
const MIGRATION_LOCK_ID = 740_211_613;

const migrators = new WeakMap<Database, () => Promise<void>>();
const pgliteClients = new WeakMap<Database, PGlite>();

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export async function createDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    return createPostgresDatabase(options.url, options.onConnectionError, options.poolSize);
  }
  return createPgliteDatabase(options.dataDir ?? './data', options.pgliteArchive);
}

async function createPostgresDatabase(
  url: string,
  onConnectionError: (error: Error) => void = (error) =>
    console.error('PostgreSQL connection error', error),
  poolSize = 10,
): Promise<Database> {
  if (!isPostgresUrl(url)) throw new Error('The database URL must start with postgres://');
  const pool = new GuardedPool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 10_000,
  });
  // Without a listener an idle client's error (e.g. the server restarting) would crash the process.
  pool.on('error', onConnectionError);
  const db = withBrandedTransactions(drizzleNodePostgres({ client: pool, schema }));
  const database: Database = {
    db,
    engine: 'postgres',
    ping: () => timeRoundTrip(db),
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
    close: () => pool.end(),
  };
  migrators.set(database, async () => {
    // Session-level advisory locks belong to one connection, so the migration runs on one client.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      try {
        await migrateNodePostgres(drizzleNodePostgres({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      }
    } finally {
      client.release();
    }
  });
  return database;
}

type PoolConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * pg's pool listens for errors on idle clients only. A client checked out with `connect()` (every
 * drizzle transaction, the migration) had no listener, so a PostgreSQL restart or failover while
 * one was in use ended the process with an unhandled 'error' event. And drizzle releases a
 * transaction's client in a `finally` that a failed `begin` never reaches: a client that died
 * while idle and was handed out before the pool noticed stayed checked out for good, a few per
 * restart, until the pool had no connection left.
 *
 * So every client gets one listener for its whole life, from the moment it connects: the pool
 * may hand a client over and the server's termination notice may arrive in the same socket read,
 * before whoever asked for it could add a listener of its own. A checked-out client that fails is
 * handed back at once (a second release, drizzle's, later does nothing); one that failed before
 * it reached its holder is handed back and its checkout fails.
 */
class GuardedPool extends pg.Pool {
  /** Clients that have failed; whoever holds one sees the failure on its next query. */
  readonly #failed = new WeakSet<pg.PoolClient>();
  /** How to hand back a checked-out client that fails while held. */
  readonly #releaseOnError = new WeakMap<pg.PoolClient, (error: Error) => void>();

  constructor(config: pg.PoolConfig) {
    super(config);
    this.on('connect', (client) => {
      client.on('error', (error) => {
        this.#failed.add(client);
        this.#releaseOnError.get(client)?.(error);
      });
    });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: PoolConnectCallback): void;
  override connect(callback?: PoolConnectCallback): Promise<pg.PoolClient> | void {
    // pg-pool's own query() passes a callback and hands its client back on error by itself.
    if (callback) return super.connect(callback);
    return super.connect().then(
      (client) => this.#guardCheckout(client),
      (error: unknown) => {
        // drizzle's transaction() lets this error through unwrapped: say where it came from.
        throw markAsDatabaseError(error);
      },
    );
  }

  #guardCheckout(client: pg.PoolClient): pg.PoolClient {
    const release = client.release;
    let released = false;
    const releaseOnce = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      this.#releaseOnError.delete(client);
      release(error);
    };
    client.release = releaseOnce;
    if (this.#failed.has(client)) {
      const error = new Error('Connection terminated before the client was handed over');
      // Passing the error makes the pool discard the client and free its slot.
      releaseOnce(error);
      throw markAsDatabaseError(error);
    }
    this.#releaseOnError.set(client, (error) => releaseOnce(error));
    return client;
  }
}

async function createPgliteDatabase(dataDir: string, archive?: Blob): Promise<Database> {
  let location = dataDir;
  let lock: DataDirectoryLock | undefined;
  if (!dataDir.startsWith('memory://')) {
    location = path.resolve(dataDir, 'pglite');
    await mkdir(location, { recursive: true });
    // Before PGlite reads a file: a second process would work on a copy and lose its writes.
    lock = lockDataDirectory(path.resolve(dataDir));
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: location,
      ...(archive ? { loadDataDir: archive } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = withBrandedTransactions(drizzlePglite({ client, schema }));
  const database: Database = {
    db,
    engine: 'pglite',
    ping: () => timeRoundTrip(db),
    async listen(channel, handlers) {
      // One process owns an embedded database: its connection never drops.
      const unlisten = await client.listen(channel, handlers.onNotification);
      return {
        listening: true,
        // Closed first (a test that takes the database away, a shutdown): its listeners went too.
        close: async () => {
          if (!client.closed) await unlisten();
        },
      };
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
  pgliteClients.set(database, client);
  migrators.set(database, () =>
    migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
  );
  return database;
}

/** The longest wait between two attempts to reconnect a dropped listening connection. */
const LISTEN_RETRY_MAX_MS = 2_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries and lose it). A
 * dropped connection (a restart, a network cut, `pg_terminate_backend`) is reported at once and
 * reconnected with a growing pause; the first connection is awaited, later ones are not.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<NotificationListener> {
  let current: pg.Client | null = null;
  let closed = false;
  let retryMs = 100;
  let retryTimer: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect().then((connected) => {
        if (connected) handlers.onReconnect();
      });
    }, retryMs);
    retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
  };

  const connect = async (): Promise<boolean> => {
    const client = new pg.Client({ connectionString: url });
    let ended = false;
    const onLost = () => {
      if (ended) return;
      ended = true;
      if (current === client) {
        current = null;
        handlers.onDisconnect();
      }
      void client.end().catch(() => undefined);
      scheduleReconnect();
    };
    // Errors of this connection only ever mean it is gone: never an unhandled 'error' event.
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch {
      onLost();
      return false;
    }
    if (closed || ended) {
      ended = true;
      await client.end().catch(() => undefined);
      return false;
    }
    current = client;
    retryMs = 100;
    return true;
  };

  if (!(await connect())) handlers.onDisconnect();
  return {
    get listening() {
      return current !== null;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}

async function timeRoundTrip(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 100) / 100;
}

/** Rows of a raw query; both drivers answer with `{ rows }`. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Applies the committed SQL migrations in `packages/db/migrations` that have not run yet. */
export async function migrateDatabase(database: Database): Promise<MigrationReport> {
  const migrate = migrators.get(database);
  if (!migrate) throw new Error('migrateDatabase needs a database made by createDatabase');
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const before = await countAppliedMigrations(database.db);
  // Up to date: nothing to create, so a role that may only read and write rows (the API's,
  // docs/security.md) starts too; the migrator would first create its own schema and table.
  if (before >= journal.entries.length) return { applied: [] };
  await migrate();
  const after = await countAppliedMigrations(database.db);
  return { applied: journal.entries.slice(before, after).map((entry) => entry.tag) };
}

async function countAppliedMigrations(db: Db): Promise<number> {
  const [row] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!row?.present) return 0;
  const [counted] = await queryRows<{ applied: number }>(
    db,
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  return counted?.applied ?? 0;
}
