// A PostgreSQL restart or failover ends every connection the pool holds. The process must live
// on, in-flight work must fail with an error the API can call "unavailable", and the pool must
// be whole again afterwards. `pg_terminate_backend` does to this database's connections what a
// restart does (57P01), without touching the server other suites share.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailableError } from './database-errors.ts';
import { createDatabase, sql } from './index.ts';
import { createTestDatabase, testEngines, type TestDatabase } from './testing.ts';

/** The pool's default size in index.ts. */
const POOL_SIZE = 10;

describe.runIf(testEngines.includes('postgres'))('losing PostgreSQL connections', () => {
  let database: TestDatabase;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });

  /** Ends every connection to the test database but the admin's own. */
  async function terminateBackends(): Promise<number> {
    const { rows } = await admin.query<{ ended: number }>(
      `select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows[0]?.ended ?? 0;
  }

  async function sleepingBackends(): Promise<number> {
    const { rows } = await admin.query<{ sleeping: number }>(
      `select count(*)::int as sleeping from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and query like 'select pg_sleep%'`,
    );
    return rows[0]?.sleeping ?? 0;
  }

  async function until(condition: () => Promise<boolean>): Promise<void> {
    while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  it('fails transactions in flight with an unavailable error and serves the next ones', async () => {
    const inFlight = Array.from({ length: 5 }, () =>
      database.db
        .transaction(async (tx) => tx.execute(sql`select pg_sleep(600)`))
        .then(
          () => null,
          (error: unknown) => error,
        ),
    );
    await until(async () => (await sleepingBackends()) === 5);
    await terminateBackends();
    // Before the fix the checked-out clients had no 'error' listener: the process died here.
    const failures = await Promise.all(inFlight);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailableError(failure)).toBe(true);
    }
    const [row] = await database.db
      .transaction((tx) => tx.execute(sql`select 1 as one`))
      .then((result) => (result as unknown as { rows: { one: number }[] }).rows);
    expect(row).toEqual({ one: 1 });
  });

  it('keeps every pool slot when transactions begin on connections that just died', async () => {
    // Idle connections are ended and a transaction starts at once: its `begin` often goes out
    // on a dead connection the pool has not noticed yet. drizzle never releases such a client,
    // so before the fix each of these could keep a slot until none was left.
    for (let round = 0; round < 3 * POOL_SIZE; round += 1) {
      await database.db.transaction((tx) => tx.execute(sql`select 1`));
      await terminateBackends();
      await database.db
        .transaction((tx) => tx.execute(sql`select 1`))
        .catch((error: unknown) => {
          if (!isDatabaseUnavailableError(error)) throw error;
        });
    }
    // Every slot at once: each transaction waits inside until all of them are in.
    let entered = 0;
    let allIn!: () => void;
    let giveUp!: (error: unknown) => void;
    const everyoneIn = new Promise<void>((resolve, reject) => {
      allIn = resolve;
      giveUp = reject;
    });
    const holders = Array.from({ length: POOL_SIZE }, () =>
      database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          entered += 1;
          if (entered === POOL_SIZE) allIn();
          await everyoneIn;
        })
        .catch((error: unknown) => {
          giveUp(error);
          throw error;
        }),
    );
    await expect(Promise.all(holders)).resolves.toHaveLength(POOL_SIZE);
  });

  it('opens at most `poolSize` connections; a transaction beyond them waits for a slot', async () => {
    const small = await createDatabase({
      url: database.url,
      poolSize: 2,
      onConnectionError: () => {},
    });
    let entered = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = Array.from({ length: 3 }, () =>
      small.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        entered += 1;
        await released;
      }),
    );
    try {
      await until(async () => entered >= 2);
      // Two hold both connections: the third has none to begin on however long it waits.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(entered).toBe(2);
      release();
      await Promise.all(holders);
      expect(entered).toBe(3);
    } finally {
      release();
      await Promise.allSettled(holders);
      await small.close();
    }
  });

  it('calls a transaction that cannot connect unavailable', async () => {
    // drizzle passes the pool's connection error on as it is, without its own wrapper.
    const unreachable = await createDatabase({
      url: 'postgres://postgres@127.0.0.1:1/none',
      onConnectionError: () => {},
    });
    try {
      const error = await unreachable.db
        .transaction((tx) => tx.execute(sql`select 1`))
        .catch((failure: unknown) => failure);
      expect((error as { code?: string }).code).toBe('ECONNREFUSED');
      expect(isDatabaseUnavailableError(error)).toBe(true);
    } finally {
      await unreachable.close();
    }
  });
});
