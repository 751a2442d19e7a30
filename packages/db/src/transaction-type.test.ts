// The `Tx` brand is checked by `npm run typecheck` (tsc -p packages/db includes this file): the
// `@ts-expect-error` below fails the typecheck the day the pool `Db` is accepted as a `Tx`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, queryRows, sql, type Database, type Db, type Tx } from './index.ts';

/** Stands for every function whose writes must share its caller's transaction. */
async function requireTransaction(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ level: number }>(tx, sql`select 1 as level`);
  return row?.level ?? 0;
}

/**
 * Stands for a read helper that works on the pool and inside a transaction alike; answers whether
 * its two statements shared one transaction.
 */
async function readEitherWay(db: Db): Promise<boolean> {
  // The first statement outlasts its own start by 20 ms, so a second transaction starts later
  // by more than the engine's clock can blur (PGlite's is coarse).
  const [first] = await queryRows<{ at: string }>(
    db,
    sql`select now()::text as at from pg_sleep(0.02)`,
  );
  const [second] = await queryRows<{ at: string }>(db, sql`select now()::text as at`);
  // `now()` is the start of the statement's transaction: the same across statements only when
  // they run in one. (Comparing it with statement_timestamp() in one statement is not reliable:
  // on PGlite the two differ even in a transaction of its own.)
  return first !== undefined && first.at === second?.at;
}

describe('the transaction type', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('refuses the pool where a transaction is required', () => {
    function passThePool(db: Db): Promise<number> {
      // @ts-expect-error the pool is not a Tx: each statement would commit on its own
      return requireTransaction(db);
    }
    // Never called: the assertion is the compile error above, which the typecheck demands.
    expect(passThePool).toBeTypeOf('function');
  });

  it('takes a transaction, a savepoint in it, and a transaction where a Db is read', async () => {
    const seen = await database.db.transaction(async (tx) => {
      const inTransaction = await readEitherWay(tx);
      const level = await tx.transaction((savepoint) => requireTransaction(savepoint));
      return { inTransaction, level: level + (await requireTransaction(tx)) };
    });
    expect(seen).toEqual({ inTransaction: true, level: 2 });
    expect(await readEitherWay(database.db)).toBe(false);
  });
});
