import {
  BYTES_PER_GB,
  createStaticIpOrder,
  createTrafficOrder,
  getOrder,
  listOrders,
  listTrafficCatalog,
  listTrafficPackages,
  quoteTrafficOrder,
  type EndpointDefinition,
  type EndpointQuery,
} from '@stratus/contract';
import { eq, ledgerEntries, orderItems, orders, trafficPackages, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireTrafficPackages } from '../../jobs/expire-traffic-packages.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import { purchaseTraffic } from './purchase.ts';
import { seedTrafficPlan } from '../../../test/traffic.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';

const DAY_MS = 86_400_000;
const GB = BigInt(BYTES_PER_GB);

describe.each(testEngines)('traffic plans, orders and packages on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;
  const customer = async (balanceFen = 0n) => {
    const registered = await registerCustomer(testApp);
    if (balanceFen > 0n) {
      await creditWallet(db(), { userId: registered.user.id, amountFen: balanceFen });
    }
    return registered;
  };
  const post = <E extends EndpointDefinition>(
    token: string,
    endpoint: E,
    options: CallOptions<E> = {},
  ) => callEndpoint(testApp.app, endpoint, { token, ...options });
  const get = <E extends EndpointDefinition>(
    token: string,
    endpoint: E,
    options: CallOptions<E> = {},
  ) =>
    callEndpoint(testApp.app, endpoint, {
      token,
      headers: { 'accept-language': 'en-US' },
      ...options,
    });
  const balanceOf = async (userId: string) => {
    const [wallet] = await db().select().from(wallets).where(eq(wallets.userId, userId));
    return wallet?.balanceFen;
  };
  const ledgerOf = (userId: string) =>
    db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));
  const packagesOf = (userId: string) =>
    db().select().from(trafficPackages).where(eq(trafficPackages.userId, userId));

  it('lists plans on sale smallest first, in yuan, and only to signed-in users', async () => {
    const small = await seedTrafficPlan(db(), { gb: 3, priceFen: 1_000n });
    const large = await seedTrafficPlan(db(), { gb: 7, validityDays: 60, priceFen: 7_000n });
    const hidden = await seedTrafficPlan(db(), { gb: 5, priceFen: 5_000n, active: false });
    const { token } = await customer();
    const response = await get(token, listTrafficCatalog);
    expect(response.statusCode).toBe(200);
    const items = response.data().items as { id: string; gb: number }[];
    const sizes = items.map((item) => item.gb);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(items.filter((item) => [small.id, large.id, hidden.id].includes(item.id))).toEqual([
      // ¥10 for 3 GB is ¥3.333… per GB: rounded to the fen for comparing plans.
      { id: small.id, gb: 3, validityDays: 30, price: 10, pricePerGb: 3.33 },
      { id: large.id, gb: 7, validityDays: 60, price: 70, pricePerGb: 10 },
    ]);

    const anonymous = await callEndpoint(testApp.app, listTrafficCatalog);
    expect(anonymous.statusCode).toBe(401);
  });

  it('quotes a purchase without changing anything', async () => {
    const plan = await seedTrafficPlan(db(), { priceFen: 12_000n, validityDays: 30 });
    const { token, user } = await customer(20_000n);
    const response = await post(token, quoteTrafficOrder, {
      body: {
        planId: plan.id,
        quantity: 2,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.data()).toEqual({
      unitPrice: 120,
      quantity: 2,
      totalBytes: Number(BigInt(plan.gb * 2) * GB),
      validityDays: 30,
      total: 240,
      balance: 200,
      sufficientBalance: false,
    });
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await balanceOf(user.id)).toBe(20_000n);
  });

  it('buys traffic in one go: debit, one ledger row, the order and its package', async () => {
    const plan = await seedTrafficPlan(db(), { gb: 10, priceFen: 12_000n, validityDays: 30 });
    const { token, user } = await customer(30_000n);
    const before = Date.now();
    const response = await post(token, createTrafficOrder, {
      body: { planId: plan.id, quantity: 2 },
    });
    expect(response.statusCode).toBe(200);
    const { order, package: bought } = response.data();

    expect(order).toMatchObject({ type: 'traffic', status: 'paid', total: 240, instanceIds: [] });
    expect(order.orderNo).toMatch(/^TR\d{18}$/);
    expect(order.items).toEqual([
      {
        kind: 'traffic',
        planId: plan.id,
        instanceId: null,
        country: null,
        countryName: null,
        city: null,
        lineType: null,
        trafficGb: 10,
        durationDays: 30,
        quantity: 2,
        unitPrice: 120,
        amount: 240,
      },
    ]);
    const totalBytes = Number(20n * GB);
    expect(bought).toMatchObject({
      orderId: order.id,
      orderNo: order.orderNo,
      gb: 20,
      totalBytes,
      usedBytes: 0,
      remainingBytes: totalBytes,
      status: 'active',
    });
    const expiresAt = Date.parse(bought.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    expect(await balanceOf(user.id)).toBe(6_000n);
    const debits = (await ledgerOf(user.id)).filter((entry) => entry.type !== 'topup');
    expect(debits).toEqual([
      expect.objectContaining({
        type: 'traffic_purchase',
        amountFen: -24_000n,
        balanceAfterFen: 6_000n,
        reference: order.orderNo,
        // A code, worded by the catalogue on screen and in the CSV.
        note: 'traffic:10x2:30d',
      }),
    ]);
    const [stored] = await packagesOf(user.id);
    expect(stored).toMatchObject({ planId: plan.id, totalBytes: 20n * GB, usedBytes: 0n });
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ kind: 'traffic', trafficGb: 10, country: null });

    // The order reads the same in the order list and on its own.
    const listed = await get(token, listOrders, { query: { type: 'traffic' } });
    expect(listed.data().items).toEqual([order]);
    const single = await get(token, getOrder, { params: { id: order.id } });
    expect(single.data()).toEqual(order);
  });

  it('fails with 422 and changes nothing when the balance does not cover it', async () => {
    const plan = await seedTrafficPlan(db(), { priceFen: 1_500n });
    const { token, user } = await customer(2_999n);
    const response = await post(token, createTrafficOrder, {
      body: { planId: plan.id, quantity: 2 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe(30101);
    expect(await balanceOf(user.id)).toBe(2_999n);
    expect(await ledgerOf(user.id)).toHaveLength(1);
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await packagesOf(user.id)).toHaveLength(0);
  });

  it('refuses unknown and inactive plans (404) and bad bodies (400)', async () => {
    const inactive = await seedTrafficPlan(db(), { active: false });
    const { token, user } = await customer(100_000n);
    for (const planId of [inactive.id, '00000000-0000-4000-8000-000000000000']) {
      for (const endpoint of [createTrafficOrder, quoteTrafficOrder]) {
        const response = await post(token, endpoint, { body: { planId, quantity: 1 } });
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe(40001);
      }
    }
    const plan = await seedTrafficPlan(db());
    for (const payload of [
      { planId: plan.id, quantity: 0 },
      { planId: plan.id, quantity: 101 },
      { planId: 'not-a-uuid', quantity: 1 },
    ]) {
      expect((await post(token, createTrafficOrder, { body: payload })).statusCode).toBe(400);
    }
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await balanceOf(user.id)).toBe(100_000n);
  });

  it('refuses a purchase whose bytes would pass 2^53 − 1, changing nothing (422)', async () => {
    const plan = await seedTrafficPlan(db(), { gb: 100_000, priceFen: 1n });
    const { token, user } = await customer(100_000n);
    for (const endpoint of [quoteTrafficOrder, createTrafficOrder]) {
      const response = await post(token, endpoint, { body: { planId: plan.id, quantity: 100 } });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 50003, data: null });
      expect(response.json().message).toContain('83');
    }
    const largest = await post(token, quoteTrafficOrder, {
      body: {
        planId: plan.id,
        quantity: 83,
      },
    });
    expect(largest.statusCode).toBe(200);
    expect(largest.data().totalBytes).toBe(83 * 100_000 * 2 ** 30);
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await balanceOf(user.id)).toBe(100_000n);
  });

  it('answers a repeated idempotency key with the first result and refuses another body', async () => {
    const plan = await seedTrafficPlan(db(), { priceFen: 1_000n });
    const other = await seedTrafficPlan(db(), { priceFen: 1_000n });
    const { token, user } = await customer(10_000n);
    const key = { 'idempotency-key': 'traffic-key-1' };
    const first = await post(token, createTrafficOrder, {
      body: { planId: plan.id, quantity: 1 },
      headers: key,
    });
    const repeat = await post(token, createTrafficOrder, {
      body: { planId: plan.id, quantity: 1 },
      headers: key,
    });
    expect(first.statusCode).toBe(200);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.data()).toEqual(first.data());

    for (const payload of [
      { planId: plan.id, quantity: 2 },
      { planId: other.id, quantity: 1 },
    ]) {
      const conflict = await post(token, createTrafficOrder, { body: payload, headers: key });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().code).toBe(40102);
    }
    // A key a static-IP purchase used is not a traffic purchase's, even for a "same" body.
    const staticPlan = await seedStaticIpPlan(db(), { pricesFen: { 30: 1_000n } });
    const staticKey = { 'idempotency-key': 'shared-key' };
    const staticIp = await post(token, createStaticIpOrder, {
      body: { planId: staticPlan.planId, durationDays: 30, quantity: 1 },
      headers: staticKey,
    });
    expect(staticIp.statusCode).toBe(200);
    const crossed = await post(token, createTrafficOrder, {
      body: { planId: staticPlan.planId, quantity: 1 },
      headers: staticKey,
    });
    expect(crossed.statusCode).toBe(409);

    expect(await balanceOf(user.id)).toBe(8_000n);
    expect(await packagesOf(user.id)).toHaveLength(1);
    expect((await ordersOf(user.id)).map((order) => order.type).sort()).toEqual([
      'static_ip',
      'traffic',
    ]);
  });

  it('lists packages: active by soonest expiry, the rest newest first, with a summary', async () => {
    const plan = await seedTrafficPlan(db(), { gb: 1, validityDays: 30, priceFen: 100n });
    const { token, user } = await customer(10_000n);
    const now = Date.now();
    const buy = async (daysAgo: number) =>
      (
        await purchaseTraffic({
          db: db(),
          userId: user.id,
          locale: 'en-US',
          purchase: { planId: plan.id, quantity: 1 },
          now: new Date(now - daysAgo * DAY_MS),
        })
      ).package.id;
    // Bought 40 days ago: past its expiry, but the job has not run, so it is still stored active.
    const lapsed = await buy(40);
    const later = await buy(5);
    const sooner = await buy(20);
    const usedUp = await buy(2);
    await db()
      .update(trafficPackages)
      .set({ usedBytes: GB / 4n })
      .where(eq(trafficPackages.id, sooner));
    await db()
      .update(trafficPackages)
      .set({ usedBytes: GB, status: 'exhausted' })
      .where(eq(trafficPackages.id, usedUp));

    const list = async (query: EndpointQuery<typeof listTrafficPackages> = {}) => {
      const response = await get(token, listTrafficPackages, { query });
      expect(response.statusCode).toBe(200);
      return response.data();
    };
    const all = await list();
    expect(all.items.map((item: { id: string }) => item.id)).toEqual([
      sooner,
      later,
      usedUp,
      lapsed,
    ]);
    expect(all.items.map((item: { status: string }) => item.status)).toEqual([
      'active',
      'active',
      'exhausted',
      'expired',
    ]);
    expect(all.items[0]).toMatchObject({
      gb: 1,
      totalBytes: Number(GB),
      usedBytes: Number(GB / 4n),
      remainingBytes: Number(GB - GB / 4n),
    });
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: 20 });
    const summary = {
      activePackages: 2,
      totalBytes: Number(2n * GB),
      remainingBytes: Number(2n * GB - GB / 4n),
    };
    expect(all.summary).toEqual(summary);

    const ids = async (query: EndpointQuery<typeof listTrafficPackages>) =>
      (await list(query)).items.map((item: { id: string }) => item.id);
    expect(await ids({ status: 'active' })).toEqual([sooner, later]);
    expect(await ids({ status: 'expired' })).toEqual([lapsed]);
    expect(await ids({ status: 'exhausted' })).toEqual([usedUp]);
    const second = await list({ page: 2, pageSize: 1 });
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 1, summary });
    expect(second.items.map((item: { id: string }) => item.id)).toEqual([later]);
    // The summary is over the active packages whatever the filter.
    expect((await list({ status: 'expired' })).summary).toEqual(summary);

    const stranger = await customer();
    const theirs = await get(stranger.token, listTrafficPackages);
    expect(theirs.data()).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
      summary: { activePackages: 0, totalBytes: 0, remainingBytes: 0 },
    });
    expect(
      (await get(token, listTrafficPackages, { rawQuery: { status: 'used' } })).statusCode,
    ).toBe(400);
    expect((await callEndpoint(testApp.app, listTrafficPackages)).statusCode).toBe(401);
  });

  it('expires active packages past their expiry, once, leaving the rest alone', async () => {
    const plan = await seedTrafficPlan(db(), { validityDays: 30, priceFen: 100n });
    const { user } = await customer(10_000n);
    const now = new Date();
    const buy = async (daysAgo: number) =>
      (
        await purchaseTraffic({
          db: db(),
          userId: user.id,
          locale: 'zh-CN',
          purchase: { planId: plan.id, quantity: 1 },
          now: new Date(now.getTime() - daysAgo * DAY_MS),
        })
      ).package.id;
    const due = [await buy(31), await buy(45)];
    const current = await buy(1);

    // Several servers at once: each due package is expired by exactly one of them.
    const runs = await Promise.all([1, 2, 3].map(() => expireTrafficPackages({ db: db(), now })));
    expect(runs.reduce((sum, run) => sum + run.expired, 0)).toBeGreaterThanOrEqual(due.length);
    const stored = await packagesOf(user.id);
    const statusOf = (id: string) => stored.find((row) => row.id === id)?.status;
    expect(due.map(statusOf)).toEqual(['expired', 'expired']);
    expect(statusOf(current)).toBe('active');
    expect(await expireTrafficPackages({ db: db(), now })).toEqual({ expired: 0 });
  });
});
