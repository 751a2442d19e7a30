// A prepared query is built once per connection, not once per transaction (issue 18): a
// transaction is a new `Db` each time, and rebuilding its SQL text was most of what preparing
// saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, wallets, type Db } from './index.ts';
import { preparedPerDatabase } from './prepared.ts';
import { createTestDatabase, testEngines, type TestDatabase } from './testing.ts';

describe.each(testEngines)('preparedPerDatabase on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  it('answers in each transaction, built at most once per connection', async () => {
    let builds = 0;
    const countWallets = preparedPerDatabase((db: Db) => {
      builds += 1;
      return db
        .select({ count: sql<number>`count(*)::int` })
        .from(wallets)
        .where(eq(wallets.userId, sql.placeholder('userId')))
        .prepare('prepared_test_count_wallets');
    });
    const userId = '00000000-0000-4000-8000-000000000000';
    const transactions = 20;
    for (let i = 0; i < transactions; i += 1) {
      const [row] = await database.db.transaction((tx) => countWallets(tx).execute({ userId }));
      expect(row?.count).toBe(0);
    }
    const [onPool] = await countWallets(database.db).execute({ userId });
    expect(onPool?.count).toBe(0);
    // PostgreSQL: the pool, and each of its connections (10) at most. (PGlite hands every
    // transaction a client of its own, so there each transaction builds.)
    if (engine === 'postgres') expect(builds).toBeLessThanOrEqual(11);
  });
});
