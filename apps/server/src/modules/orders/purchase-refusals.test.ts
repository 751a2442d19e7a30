// A purchase of one static IP with a key runs few statements, each doing several things (the key
// claim reads the plan; the debit, the order and the IP claim share one): a refusal at any point
// must still leave the key, the wallet, the ledger, the orders and the stock as they were, and a
// repeat must still answer its first order whatever became of the plan since.
import { randomUUID } from 'node:crypto';
import { createStaticIpOrder } from '@stratus/contract';
import {
  eq,
  idempotencyKeys,
  ipAddresses,
  ledgerEntries,
  orders,
  proxyInstances,
  staticIpPlans,
  wallets,
} from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { seedStaticIpPlan, type SeededPlan } from '../../../test/catalog.ts';
import { requestFingerprint, claimIdempotencyKey } from '../checkout/public.ts';
import { insertPaidOrderClaimingIp, purchaseOneIpInOneStatement } from './purchase-statement.ts';

describe.each(testEngines)('a refused purchase of one IP with a key on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  /** Everything a purchase may change for this customer and plan. */
  const stateOf = async (userId: string, plan: SeededPlan) => {
    const db = testApp.database.db;
    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId));
    const ips = await db.select().from(ipAddresses).where(eq(ipAddresses.regionId, plan.regionId));
    return {
      balanceFen: wallet?.balanceFen,
      ledgerRows: (await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)))
        .length,
      orders: (await db.select().from(orders).where(eq(orders.userId, userId))).length,
      instances: (await db.select().from(proxyInstances).where(eq(proxyInstances.userId, userId)))
        .length,
      keys: (await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId)))
        .length,
      availableIps: ips.filter((ip) => ip.status === 'available').length,
    };
  };

  const cases: {
    refusal: string;
    balanceFen: bigint;
    stock: number;
    body: (plan: SeededPlan) => { planId: string; durationDays: number; quantity: number };
    disable?: boolean;
    status: number;
    code: number;
  }[] = [
    {
      refusal: 'an unknown plan',
      balanceFen: 100_000n,
      stock: 2,
      body: () => ({ planId: randomUUID(), durationDays: 30, quantity: 1 }),
      status: 404,
      code: 40001,
    },
    {
      refusal: 'a disabled plan',
      balanceFen: 100_000n,
      stock: 2,
      body: (plan) => ({ planId: plan.planId, durationDays: 30, quantity: 1 }),
      disable: true,
      status: 404,
      code: 40001,
    },
    {
      refusal: 'a duration the plan does not offer',
      balanceFen: 100_000n,
      stock: 2,
      body: (plan) => ({ planId: plan.planId, durationDays: 7, quantity: 1 }),
      status: 400,
      code: 40002,
    },
    {
      refusal: 'a balance one fen short',
      balanceFen: 2_999n,
      stock: 2,
      body: (plan) => ({ planId: plan.planId, durationDays: 30, quantity: 1 }),
      status: 422,
      code: 30101,
    },
    {
      refusal: 'no stock',
      balanceFen: 100_000n,
      stock: 0,
      body: (plan) => ({ planId: plan.planId, durationDays: 30, quantity: 1 }),
      status: 409,
      code: 40101,
    },
  ];

  it.each(cases)(
    'refuses $refusal, changes nothing, and leaves the key for the next request',
    async ({ balanceFen, stock, body, disable, status, code }) => {
      const { token, user } = await registerCustomer(testApp);
      await creditWallet(testApp.database.db, { userId: user.id, amountFen: balanceFen });
      const plan = await seedStaticIpPlan(testApp.database.db, { stock });
      if (disable) {
        await testApp.database.db
          .update(staticIpPlans)
          .set({ active: false })
          .where(eq(staticIpPlans.id, plan.planId));
      }
      const headers = { 'idempotency-key': `refused-${randomUUID()}` };
      const before = await stateOf(user.id, plan);

      const refused = await callEndpoint(testApp.app, createStaticIpOrder, {
        token,
        body: body(plan),
        headers,
      });
      expect(refused.statusCode).toBe(status);
      expect(refused.json().code).toBe(code);
      expect(await stateOf(user.id, plan)).toEqual(before);

      // The key was not consumed: a purchase that can succeed buys with it.
      await creditWallet(testApp.database.db, { userId: user.id, amountFen: 10_000n });
      const good = await seedStaticIpPlan(testApp.database.db, { stock: 1 });
      const bought = await callEndpoint(testApp.app, createStaticIpOrder, {
        token,
        body: { planId: good.planId, durationDays: 30, quantity: 1 },
        headers,
      });
      expect(bought.statusCode).toBe(200);
      expect(bought.data().instances).toHaveLength(1);
    },
  );

  /** The one-statement purchase (repo.ts) of `body` with `key`, straight. */
  const oneStatement = (
    userId: string,
    body: { planId: string; durationDays: number },
    key: string | undefined,
  ) =>
    purchaseOneIpInOneStatement(testApp.database.db, {
      userId,
      planId: body.planId,
      durationDays: body.durationDays,
      key,
      requestHash: requestFingerprint(['one-statement', body.planId]),
      orderNo: `SI-${randomUUID()}`,
      instance: {
        username: 'u',
        password: 'p',
        vmessId: randomUUID(),
        autoRenew: false,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });

  it.each(cases.flatMap((refusal) => [true, false].map((withKey) => ({ ...refusal, withKey }))))(
    'writes nothing in the one statement for $refusal (key: $withKey)',
    async ({ balanceFen, stock, body, disable, withKey }) => {
      const { user } = await registerCustomer(testApp);
      await creditWallet(testApp.database.db, { userId: user.id, amountFen: balanceFen });
      const plan = await seedStaticIpPlan(testApp.database.db, { stock });
      if (disable) {
        await testApp.database.db
          .update(staticIpPlans)
          .set({ active: false })
          .where(eq(staticIpPlans.id, plan.planId));
      }
      const before = await stateOf(user.id, plan);
      const key = withKey ? `one-${randomUUID()}` : undefined;
      expect(await oneStatement(user.id, body(plan), key)).toBeUndefined();
      expect(await stateOf(user.id, plan)).toEqual(before);
    },
  );

  it('writes nothing in the one statement for a key used before, and buys with a new one', async () => {
    const { user } = await registerCustomer(testApp);
    await creditWallet(testApp.database.db, { userId: user.id, amountFen: 100_000n });
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 2 });
    const body = { planId: plan.planId, durationDays: 30 };
    const bought = await oneStatement(user.id, body, 'used');
    expect(bought?.order.totalFen).toBe(3_000n);
    const before = await stateOf(user.id, plan);
    expect(before).toMatchObject({ balanceFen: 97_000n, orders: 1, instances: 1, keys: 1 });
    expect(await oneStatement(user.id, body, 'used')).toBeUndefined();
    expect(await stateOf(user.id, plan)).toEqual(before);
  });

  it('answers a repeat with its first order after the plan was disabled, and buys nothing', async () => {
    const { token, user } = await registerCustomer(testApp);
    await creditWallet(testApp.database.db, { userId: user.id, amountFen: 100_000n });
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 2 });
    const request = {
      token,
      body: { planId: plan.planId, durationDays: 30, quantity: 1 },
      headers: { 'idempotency-key': 'repeat-after-disable' },
    };
    const first = await callEndpoint(testApp.app, createStaticIpOrder, request);
    expect(first.statusCode).toBe(200);
    await testApp.database.db
      .update(staticIpPlans)
      .set({ active: false })
      .where(eq(staticIpPlans.id, plan.planId));
    const before = await stateOf(user.id, plan);

    const repeat = await callEndpoint(testApp.app, createStaticIpOrder, request);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.data()).toEqual(first.data());
    expect(await stateOf(user.id, plan)).toEqual(before);

    // The same key with another request is still refused, plan or no plan.
    const other = await callEndpoint(testApp.app, createStaticIpOrder, {
      ...request,
      body: { planId: randomUUID(), durationDays: 30, quantity: 1 },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe(40102);
    expect(await stateOf(user.id, plan)).toEqual(before);
  });

  it('writes nothing in the statement of the debit, order and IP claim when the debit is refused', async () => {
    const { user } = await registerCustomer(testApp);
    await creditWallet(testApp.database.db, { userId: user.id, amountFen: 2_999n });
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 1 });
    const before = await stateOf(user.id, plan);
    let refusedInTransaction: unknown;
    const attempt = testApp.database.db.transaction(async (tx) => {
      await claimIdempotencyKey(tx, { userId: user.id, key: 'debit', requestHash: 'h' });
      const paid = await insertPaidOrderClaimingIp(tx, {
        debit: { amountFen: -3_000n, type: 'static_ip_purchase', note: '' },
        order: {
          orderNo: `SI-${randomUUID()}`,
          userId: user.id,
          type: 'static_ip',
          totalFen: 3_000n,
        },
        line: {
          kind: 'static_ip',
          planId: plan.planId,
          country: 'JP',
          lineType: plan.lineType,
          durationDays: 30,
          quantity: 1,
          unitPriceFen: 3_000n,
          amountFen: 3_000n,
        },
        linkIdempotencyKey: 'debit',
        ip: {
          regionId: plan.regionId,
          lineType: plan.lineType,
          instance: {
            username: 'u',
            password: 'p',
            vmessId: randomUUID(),
            protocols: ['socks5'],
            expiresAt: new Date(Date.now() + 86_400_000),
          },
        },
      });
      // Read inside the transaction, before anything rolls back: the statement itself wrote
      // nothing but the key claimed before it.
      const [key] = await tx
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.userId, user.id));
      const ips = await tx
        .select()
        .from(ipAddresses)
        .where(eq(ipAddresses.regionId, plan.regionId));
      refusedInTransaction = {
        paid,
        keyOrder: key?.orderId,
        orders: (await tx.select().from(orders).where(eq(orders.userId, user.id))).length,
        ledgerRows: (await tx.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id)))
          .length,
        instances: (
          await tx.select().from(proxyInstances).where(eq(proxyInstances.userId, user.id))
        ).length,
        availableIps: ips.filter((ip) => ip.status === 'available').length,
      };
      throw new Error('rolled back on purpose');
    });
    await expect(attempt).rejects.toThrow('rolled back on purpose');
    expect(refusedInTransaction).toEqual({
      paid: undefined,
      keyOrder: null,
      orders: 0,
      ledgerRows: before.ledgerRows,
      instances: 0,
      availableIps: 1,
    });
  });
});
