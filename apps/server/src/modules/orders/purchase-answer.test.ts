// A purchase answers from the rows its transaction returned (not read back), and allocates one IP
// without a savepoint: the answer must equal the read-back one, and a single-IP purchase must
// still wait for stock another purchase holds uncommitted rather than be refused.
import { createStaticIpOrder, getOrder } from '@stratus/contract';
import { eq, ipAddresses, queryRows, sql, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import { allocateAvailableIps } from '../inventory/public.ts';

describe.each(testEngines)('the answer to a static-IP purchase on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  it.each([1, 3])(
    'answers a purchase of %i IPs exactly as its replay and the order read back',
    async (quantity) => {
      const { token, user } = await registerCustomer(testApp);
      await creditWallet(testApp.database.db, { userId: user.id, amountFen: 100_000n });
      const plan = await seedStaticIpPlan(testApp.database.db, { stock: 5 });
      const body = { planId: plan.planId, durationDays: 30, quantity, autoRenew: true };
      const headers = { 'idempotency-key': `answer-${quantity}` };

      const first = await callEndpoint(testApp.app, createStaticIpOrder, { token, body, headers });
      expect(first.statusCode).toBe(200);
      const replay = await callEndpoint(testApp.app, createStaticIpOrder, {
        token,
        body,
        headers,
      });
      expect(replay.statusCode).toBe(200);
      expect(first.data()).toEqual(replay.data());
      expect(first.data().instances).toHaveLength(quantity);
      expect(first.data().order.instanceIds).toEqual(
        first.data().instances.map((instance) => instance.id),
      );

      const readBack = await callEndpoint(testApp.app, getOrder, {
        token,
        params: { id: first.data().order.id },
      });
      expect(readBack.data()).toEqual(first.data().order);
    },
  );

  it('refuses a debit one fen above the balance without a ledger row or a changed balance', async () => {
    const { token, user } = await registerCustomer(testApp);
    await creditWallet(testApp.database.db, { userId: user.id, amountFen: 2_999n });
    const plan = await seedStaticIpPlan(testApp.database.db, { pricesFen: { 30: 3_000n } });
    const refused = await callEndpoint(testApp.app, createStaticIpOrder, {
      token,
      body: { planId: plan.planId, durationDays: 30, quantity: 1, autoRenew: false },
    });
    expect(refused.statusCode).toBe(422);
    const [wallet] = await testApp.database.db
      .select()
      .from(wallets)
      .where(eq(wallets.userId, user.id));
    expect(wallet?.balanceFen).toBe(2_999n);
    const [ledger] = await queryRows<{ rows: number }>(
      testApp.database.db,
      sql`select count(*)::int as rows from ledger_entries where user_id = ${user.id}`,
    );
    expect(ledger?.rows).toBe(1);
  });
});

// Real concurrency needs PostgreSQL: the embedded engine runs one transaction at a time.
describe.runIf(testEngines.includes('postgres'))('allocating the last IP on postgres', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('postgres');
  });
  afterAll(() => testApp?.close());

  /** Holds the plan's only IP in an open transaction until `end` says how it ends. */
  async function holdLastIp(regionId: string) {
    let end: (outcome: 'commit' | 'rollback') => void = () => {};
    const ended = new Promise<'commit' | 'rollback'>((resolve) => (end = resolve));
    let held: () => void = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    const transaction = testApp.database.db
      .transaction(async (tx) => {
        const ips = await allocateAvailableIps(tx, {
          regionId,
          lineType: 'isp_residential',
          count: 1,
        });
        expect(ips).toHaveLength(1);
        held();
        if ((await ended) === 'rollback') throw new Error('rolled back on purpose');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'rolled back on purpose')) throw error;
      });
    await holding;
    return { end, transaction };
  }

  /** Until the purchase waits on a row lock, or has already answered (the test then fails). */
  async function untilAPurchaseWaitsOnALock(purchase: Promise<unknown>) {
    let answered = false;
    void purchase.finally(() => (answered = true));
    while (!answered) {
      const [row] = await queryRows<{ waiting: number }>(
        testApp.database.db,
        sql`select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((row?.waiting ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function buyOne() {
    const { token, user } = await registerCustomer(testApp);
    await creditWallet(testApp.database.db, { userId: user.id, amountFen: 100_000n });
    return { token, user };
  }

  it('waits for a holder that rolls back, then sells it the IP', async () => {
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 1 });
    const { token } = await buyOne();
    const holder = await holdLastIp(plan.regionId);
    const purchase = callEndpoint(testApp.app, createStaticIpOrder, {
      token,
      body: { planId: plan.planId, durationDays: 30, quantity: 1, autoRenew: false },
    });
    await untilAPurchaseWaitsOnALock(purchase);
    holder.end('rollback');
    await holder.transaction;
    const bought = await purchase;
    expect(bought.statusCode).toBe(200);
    const [ip] = await testApp.database.db
      .select()
      .from(ipAddresses)
      .where(eq(ipAddresses.regionId, plan.regionId));
    expect(bought.data().instances[0]?.ip).toBe(ip?.address);
    expect(ip?.status).toBe('allocated');
  });

  it('waits for a holder that commits, then refuses for stock and keeps the money', async () => {
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 1 });
    const { token, user } = await buyOne();
    const holder = await holdLastIp(plan.regionId);
    const purchase = callEndpoint(testApp.app, createStaticIpOrder, {
      token,
      body: { planId: plan.planId, durationDays: 30, quantity: 1, autoRenew: false },
    });
    await untilAPurchaseWaitsOnALock(purchase);
    holder.end('commit');
    await holder.transaction;
    const refused = await purchase;
    expect(refused.statusCode).toBe(409);
    const [wallet] = await testApp.database.db
      .select()
      .from(wallets)
      .where(eq(wallets.userId, user.id));
    expect(wallet?.balanceFen).toBe(100_000n);
  });
});
