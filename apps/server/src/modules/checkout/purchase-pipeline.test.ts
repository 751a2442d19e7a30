// The purchase pipeline's own rules at their boundaries, on real databases: a balance that covers
// the total exactly or misses it by one fen, a fulfil step that fails, replays and reused keys.
import {
  eq,
  idempotencyKeys,
  ledgerEntries,
  orderItems,
  orders,
  trafficPackages,
  wallets,
  type Tx,
} from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { seedTrafficPlan } from '../../../test/traffic.ts';
import { runPurchase, type OrderLine, type Purchase } from './purchase-pipeline.ts';

const now = new Date('2026-05-01T08:00:00Z');

type TestPurchase = Purchase<{ lines: OrderLine[]; note: string }>;

/** A traffic line of `amountFen` (its CHECKs need a GB size and no region). */
function line(amountFen: bigint): OrderLine {
  return {
    kind: 'traffic',
    trafficGb: 1,
    durationDays: 30,
    quantity: 1,
    unitPriceFen: amountFen,
    amountFen,
  };
}

describe.each(testEngines)('the purchase pipeline on %s', (engine) => {
  let testApp: TestApp;
  let planId: string;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    planId = (await seedTrafficPlan(testApp.database.db)).id;
  });
  afterAll(() => testApp?.close());

  const customer = async (balanceFen: bigint) => {
    const { user } = await registerCustomer(testApp);
    await creditWallet(testApp.database.db, { userId: user.id, amountFen: balanceFen });
    return user.id;
  };

  /** Everything a purchase may write for `userId`, to compare before and after. */
  const stateOf = async (userId: string) => {
    const db = testApp.database.db;
    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId));
    const userOrders = await db.select().from(orders).where(eq(orders.userId, userId));
    return {
      balanceFen: wallet?.balanceFen,
      ledger: await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)),
      orders: userOrders,
      items: (await db.select().from(orderItems)).filter((item) =>
        userOrders.some((order) => order.id === item.orderId),
      ),
      packages: await db.select().from(trafficPackages).where(eq(trafficPackages.userId, userId)),
      keys: await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId)),
    };
  };

  /** A purchase of `lines` whose fulfil grants a package; counts how often each step ran. */
  const purchaseOf = (userId: string, lines: OrderLine[], changes: Partial<TestPurchase> = {}) => {
    const calls = { price: 0, fulfil: 0 };
    const purchase: TestPurchase = {
      db: testApp.database.db,
      userId,
      orderType: 'traffic',
      ledgerType: 'traffic_purchase',
      fingerprint: ['test', lines.length],
      now,
      price: async () => {
        calls.price += 1;
        return { lines, note: 'test purchase' };
      },
      fulfil: async (tx: Tx, { order }) => {
        calls.fulfil += 1;
        await tx.insert(trafficPackages).values({
          userId,
          orderId: order.id,
          planId,
          gb: 1,
          totalBytes: 1n,
          expiresAt: new Date(now.getTime() + 86_400_000),
        });
      },
      ...changes,
    };
    return { purchase, calls };
  };

  it('debits exactly the sum of the lines, records it once, and delivers', async () => {
    const userId = await customer(1_000n);
    const { purchase, calls } = purchaseOf(userId, [line(600n), line(400n)]);
    const orderId = await runPurchase(purchase);

    const state = await stateOf(userId);
    expect(state.balanceFen).toBe(0n);
    expect(state.orders).toEqual([
      expect.objectContaining({ id: orderId, type: 'traffic', totalFen: 1_000n }),
    ]);
    expect(state.orders[0]?.orderNo).toMatch(/^TR20260501\d{10}$/);
    const lines = state.items.map((item) => [item.orderId, item.amountFen]);
    expect(lines.sort((a, b) => Number(b[1]) - Number(a[1]))).toEqual([
      [orderId, 600n],
      [orderId, 400n],
    ]);
    const purchaseRow = state.ledger.find((entry) => entry.type === 'traffic_purchase');
    expect(purchaseRow).toMatchObject({
      amountFen: -1_000n,
      balanceAfterFen: 0n,
      reference: state.orders[0]?.orderNo,
      note: 'test purchase',
    });
    expect(state.packages.map((traffic) => traffic.orderId)).toEqual([orderId]);
    expect(calls).toEqual({ price: 1, fulfil: 1 });
  });

  it('refuses a total one fen above the balance and changes nothing, key included', async () => {
    const userId = await customer(1_000n);
    const before = await stateOf(userId);
    const { purchase, calls } = purchaseOf(userId, [line(1_001n)], { idempotencyKey: 'k-short' });
    await expect(runPurchase(purchase)).rejects.toMatchObject({ kind: 'insufficientBalance' });
    expect(await stateOf(userId)).toEqual(before);
    expect(calls).toEqual({ price: 1, fulfil: 0 });

    // The key was rolled back with the rest: once the balance covers it, the same request buys.
    await creditWallet(testApp.database.db, { userId, amountFen: 1n });
    await runPurchase(purchase);
    expect((await stateOf(userId)).balanceFen).toBe(0n);
  });

  it('rolls the debit, the order, its lines and the key back when fulfil throws', async () => {
    const userId = await customer(1_000n);
    const before = await stateOf(userId);
    const { purchase } = purchaseOf(userId, [line(500n)], {
      idempotencyKey: 'k-fulfil',
      fulfil: async (tx, { order }) => {
        // Something written first, to prove it goes too.
        await tx.insert(trafficPackages).values({
          userId,
          orderId: order.id,
          planId,
          gb: 1,
          totalBytes: 1n,
          expiresAt: now,
        });
        throw new AppError('insufficientStock', { requested: 1, available: 0 });
      },
    });
    await expect(runPurchase(purchase)).rejects.toMatchObject({ kind: 'insufficientStock' });
    expect(await stateOf(userId)).toEqual(before);
  });

  it('answers a replay with the first order and refuses the key for another request', async () => {
    const userId = await customer(1_000n);
    const { purchase, calls } = purchaseOf(userId, [line(300n)], { idempotencyKey: 'k-replay' });
    const first = await runPurchase(purchase);
    const afterFirst = await stateOf(userId);

    expect(await runPurchase(purchase)).toBe(first);
    expect(calls).toEqual({ price: 1, fulfil: 1 });
    expect(await stateOf(userId)).toEqual(afterFirst);

    const other = { ...purchase, fingerprint: ['test', 2] };
    await expect(runPurchase(other)).rejects.toMatchObject({ kind: 'idempotencyKeyReused' });
    expect(calls).toEqual({ price: 1, fulfil: 1 });
    expect(await stateOf(userId)).toEqual(afterFirst);
    expect(afterFirst.keys).toEqual([expect.objectContaining({ key: 'k-replay', orderId: first })]);
  });

  it('runs as a savepoint in a caller’s transaction, which stays usable when it fails', async () => {
    const userId = await customer(1_000n);
    const kept = await testApp.database.db.transaction(async (tx) => {
      const refused = purchaseOf(userId, [line(2_000n)], { db: tx }).purchase;
      await expect(runPurchase(refused)).rejects.toMatchObject({ kind: 'insufficientBalance' });
      return runPurchase(purchaseOf(userId, [line(700n)], { db: tx }).purchase);
    });
    const state = await stateOf(userId);
    expect(state.orders.map((order) => order.id)).toEqual([kept]);
    expect(state.balanceFen).toBe(300n);
  });
});
