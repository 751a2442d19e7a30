// A readable number is 10 random digits a day: on a busy day two orders (or top-ups) draw the
// same one now and then, and the unique index refuses the second. The operation then draws again
// instead of answering 500. Here the draws are scripted so that each kind of operation meets a
// number already taken.
import {
  createStaticIpOrder,
  createTopUp,
  createTrafficOrder,
  replaceInstance,
} from '@stratus/contract';
import { eq, ledgerEntries, orders, payments } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerCustomer } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import { seedTrafficPlan } from '../../../test/traffic.ts';

/** Numbers the next draws answer, in order; when none is scripted, a draw is random as always. */
const scripted = vi.hoisted(() => ({ orders: [] as string[], payments: [] as string[] }));

vi.mock(import('./pricing.ts'), async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    generateOrderNo: (options) => scripted.orders.shift() ?? original.generateOrderNo(options),
    generatePaymentNo: (now) => scripted.payments.shift() ?? original.generatePaymentNo(now),
  };
});

describe.each(testEngines)('an order or payment number drawn twice on %s', (engine) => {
  let testApp: TestApp;
  let plan: Awaited<ReturnType<typeof seedStaticIpPlan>>;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    plan = await seedStaticIpPlan(testApp.database.db, { stock: 10, pricesFen: { 30: 3_000n } });
  });
  afterAll(() => testApp?.close());
  // A test that failed halfway leaves nothing scripted for the next.
  afterEach(() => {
    scripted.orders.length = 0;
    scripted.payments.length = 0;
  });

  const db = () => testApp.database.db;
  const ordersNumbered = (orderNo: string) =>
    db().select().from(orders).where(eq(orders.orderNo, orderNo));
  const ledgerOf = (userId: string) =>
    db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  const buyOne = (token: string) =>
    callEndpoint(testApp.app, createStaticIpOrder, {
      token,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { planId: plan.planId, durationDays: 30, quantity: 1 },
    });

  it('buys with the next number when the first is taken, in one statement or in a transaction', async () => {
    const first = await registerCustomer(testApp, { balanceFen: 100_000n });
    const second = await registerCustomer(testApp, { balanceFen: 100_000n });
    scripted.orders.push('SI20991231CLASH00001');
    expect((await buyOne(first.token)).data().order.orderNo).toBe('SI20991231CLASH00001');

    // The one-statement purchase meets the taken number, and so does the transaction after it.
    scripted.orders.push('SI20991231CLASH00001', 'SI20991231CLASH00002');
    const bought = await buyOne(second.token);
    expect(bought.data().order.orderNo).toBe('SI20991231CLASH00002');
    expect(await ledgerOf(second.id)).toHaveLength(2); // the credit and one purchase

    // Several IPs and a traffic package go through the transaction only.
    scripted.orders.push('SI20991231CLASH00002', 'SI20991231CLASH00003');
    const two = await callEndpoint(testApp.app, createStaticIpOrder, {
      token: second.token,
      body: { planId: plan.planId, durationDays: 30, quantity: 2 },
    });
    expect(two.data().order.orderNo).toBe('SI20991231CLASH00003');
    const trafficPlan = await seedTrafficPlan(db());
    scripted.orders.push('SI20991231CLASH00003', 'TR20991231CLASH00004');
    const traffic = await callEndpoint(testApp.app, createTrafficOrder, {
      token: second.token,
      body: { planId: trafficPlan.id, quantity: 1 },
    });
    expect(traffic.data().order.orderNo).toBe('TR20991231CLASH00004');

    // A replacement's ¥0 order too.
    const instance = (await buyOne(first.token)).data().instances[0]!;
    scripted.orders.push('TR20991231CLASH00004', 'RP20991231CLASH00005');
    const replaced = await callEndpoint(testApp.app, replaceInstance, {
      token: first.token,
      params: { id: instance.id },
      body: {},
    });
    expect(replaced.data().ip).not.toBe(instance.ip);

    // Each number names one order, and no money moved twice.
    for (const orderNo of [
      'SI20991231CLASH00001',
      'SI20991231CLASH00002',
      'SI20991231CLASH00003',
      'TR20991231CLASH00004',
      'RP20991231CLASH00005',
    ]) {
      expect(await ordersNumbered(orderNo), orderNo).toHaveLength(1);
    }
    expect(await ledgerOf(second.id)).toHaveLength(4); // the credit, two purchases, a package
  });

  it('opens a top-up with the next number when the first is taken', async () => {
    const customer = await registerCustomer(testApp);
    const topUp = () =>
      callEndpoint(testApp.app, createTopUp, {
        token: customer.token,
        body: { amount: 50, channel: 'sandbox' },
      });
    scripted.payments.push('TP20991231CLASH00001');
    expect((await topUp()).data().paymentNo).toBe('TP20991231CLASH00001');
    scripted.payments.push('TP20991231CLASH00001', 'TP20991231CLASH00002');
    expect((await topUp()).data().paymentNo).toBe('TP20991231CLASH00002');
    const rows = await db().select().from(payments).where(eq(payments.userId, customer.id));
    expect(rows.map((row) => row.paymentNo).sort()).toEqual([
      'TP20991231CLASH00001',
      'TP20991231CLASH00002',
    ]);
  });
});
