// Property test of the one balance-changing function: whatever sequence of credits and debits
// runs, sequentially or at the same time, every wallet's ledger sums to its balance, no balance
// goes negative, and a debit beyond the balance fails with insufficientBalance changing nothing.
import { asc, eq, ledgerEntries, wallets, type Db } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { changeBalance } from './service.ts';

/** mulberry32: a small seeded generator, so a failing sequence can be replayed from its seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randomFen(random: () => number, max: number): bigint {
  return BigInt(1 + Math.floor(random() * max));
}

async function balanceOf(db: Db, userId: string): Promise<bigint> {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  if (!wallet) throw new Error('no wallet');
  return wallet.balanceFen;
}

function change(db: Db, userId: string, amountFen: bigint) {
  return db.transaction((tx) =>
    changeBalance({
      tx,
      userId,
      amountFen,
      type: amountFen > 0n ? 'topup' : 'static_ip_purchase',
      reference: 'property-test',
    }),
  );
}

function isInsufficientBalance(error: unknown): boolean {
  return error instanceof AppError && error.kind === 'insufficientBalance';
}

/** The invariants, checked from the database alone. */
async function assertLedgerMatchesBalance(db: Db, userId: string): Promise<void> {
  const balance = await balanceOf(db, userId);
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(asc(ledgerEntries.createdAt));
  let running = 0n;
  for (const row of rows) {
    running += row.amountFen;
    // Each row's balance_after is the running sum in the order the changes took the row lock.
    expect(row.balanceAfterFen).toBe(running);
    expect(row.balanceAfterFen).toBeGreaterThanOrEqual(0n);
  }
  expect(running).toBe(balance);
  expect(balance).toBeGreaterThanOrEqual(0n);
}

describe.each(testEngines)('changeBalance properties on %s', (engine) => {
  let testApp: TestApp;
  let userIds: string[];
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    userIds = [];
    for (let index = 0; index < 3; index += 1) {
      userIds.push((await registerCustomer(testApp)).user.id);
    }
  });
  afterAll(() => testApp?.close());

  it.each([1, 42, 20_261_122])(
    'random sequential changes keep the ledger exact (seed %i)',
    async (seed) => {
      const db = testApp.database.db;
      const random = seededRandom(seed);
      const expected = new Map<string, bigint>();
      for (const userId of userIds) expected.set(userId, await balanceOf(db, userId));
      for (let step = 0; step < 60; step += 1) {
        const userId = userIds[Math.floor(random() * userIds.length)] ?? '';
        const before = expected.get(userId) ?? 0n;
        if (random() < 0.45) {
          const amount = randomFen(random, 50_000);
          const row = await change(db, userId, amount);
          expected.set(userId, before + amount);
          expect(row.balanceAfterFen).toBe(before + amount);
          continue;
        }
        // Debits up to 50% beyond the balance: some must fail.
        const amount = randomFen(random, Number(before) * 1.5 + 100);
        if (amount <= before) {
          const row = await change(db, userId, -amount);
          expected.set(userId, before - amount);
          expect(row.balanceAfterFen).toBe(before - amount);
        } else {
          const count = (
            await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))
          ).length;
          const failure = await change(db, userId, -amount).catch((error: unknown) => error);
          expect(isInsufficientBalance(failure), `seed ${seed} step ${step}`).toBe(true);
          expect(await balanceOf(db, userId)).toBe(before);
          const after = await db
            .select()
            .from(ledgerEntries)
            .where(eq(ledgerEntries.userId, userId));
          expect(after).toHaveLength(count);
        }
      }
      for (const userId of userIds) {
        expect(await balanceOf(db, userId)).toBe(expected.get(userId));
        await assertLedgerMatchesBalance(db, userId);
      }
    },
  );

  it.each([7, 99])('concurrent debits never overdraw (seed %i)', async (seed) => {
    const db = testApp.database.db;
    const random = seededRandom(seed);
    for (const userId of userIds) {
      await change(db, userId, randomFen(random, 20_000) + 10_000n);
    }
    const before = new Map<string, bigint>();
    for (const userId of userIds) before.set(userId, await balanceOf(db, userId));
    // Each wallet gets debits worth about twice its balance, all at once, plus a few credits;
    // on PostgreSQL they run as parallel transactions from the pool.
    const operations = userIds.flatMap((userId) => {
      const balance = Number(before.get(userId) ?? 0n);
      return Array.from({ length: 12 }, (_, index) => ({
        userId,
        amountFen: index % 6 === 5 ? randomFen(random, 1_000) : -randomFen(random, balance / 3),
      }));
    });
    const results = await Promise.allSettled(
      operations.map(({ userId, amountFen }) => change(db, userId, amountFen)),
    );
    for (const userId of userIds) {
      let applied = 0n;
      let refused = 0;
      results.forEach((result, index) => {
        const operation = operations[index];
        if (operation?.userId !== userId) return;
        if (result.status === 'fulfilled') applied += operation.amountFen;
        else {
          expect(isInsufficientBalance(result.reason)).toBe(true);
          refused += 1;
        }
      });
      expect(refused, 'debits worth twice the balance cannot all pass').toBeGreaterThan(0);
      expect(await balanceOf(db, userId)).toBe((before.get(userId) ?? 0n) + applied);
      await assertLedgerMatchesBalance(db, userId);
    }
  });

  it('refuses a zero change and a debit of a missing wallet', async () => {
    const db = testApp.database.db;
    await expect(change(db, userIds[0] ?? '', 0n)).rejects.toThrow(/non-zero/);
    const missing = await change(db, '00000000-0000-4000-8000-000000000000', -1n).catch(
      (error: unknown) => error,
    );
    expect(isInsufficientBalance(missing)).toBe(true);
  });
});
