import {
  createStaticIpOrder,
  getOrder,
  listOrders,
  quoteStaticIpOrder,
  type EndpointDefinition,
} from '@stratus/contract';
import { eq, ipAddresses, ledgerEntries, orders, proxyInstances, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';

describe.each(testEngines)('static-IP orders on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const customer = async (balanceFen = 0n) => {
    const registered = await registerCustomer(testApp);
    if (balanceFen > 0n) {
      await creditWallet(testApp.database.db, {
        userId: registered.user.id,
        amountFen: balanceFen,
      });
    }
    return registered;
  };
  const post = <E extends EndpointDefinition>(
    token: string,
    endpoint: E,
    options: CallOptions<E> = {},
  ) => callEndpoint(testApp.app, endpoint, { token, ...options });
  const balanceFen = async (userId: string) => {
    const [wallet] = await testApp.database.db
      .select()
      .from(wallets)
      .where(eq(wallets.userId, userId));
    return wallet?.balanceFen;
  };
  const ledgerOf = (userId: string) =>
    testApp.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  const ordersOf = (userId: string) =>
    testApp.database.db.select().from(orders).where(eq(orders.userId, userId));
  const instancesOf = (userId: string) =>
    testApp.database.db.select().from(proxyInstances).where(eq(proxyInstances.userId, userId));
  const availableIps = async (regionId: string) =>
    (
      await testApp.database.db.select().from(ipAddresses).where(eq(ipAddresses.regionId, regionId))
    ).filter((ip) => ip.status === 'available').length;

  it('quotes a purchase without changing anything', async () => {
    const { token, user } = await customer(10_000n);
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 2 });
    const response = await post(token, quoteStaticIpOrder, {
      body: {
        planId: plan.planId,
        durationDays: 30,
        quantity: 3,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.data()).toEqual({
      unitPrice: 30,
      quantity: 3,
      durationDays: 30,
      total: 90,
      balance: 100,
      sufficientBalance: true,
      stock: 2,
      sufficientStock: false,
    });
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it('refuses an unknown plan (404) and a duration it does not offer (400)', async () => {
    const { token } = await customer();
    const plan = await seedStaticIpPlan(testApp.database.db);
    const unknown = await post(token, quoteStaticIpOrder, {
      body: {
        planId: '00000000-0000-4000-8000-000000000000',
        durationDays: 30,
        quantity: 1,
      },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(40001);
    const duration = await post(token, createStaticIpOrder, {
      body: {
        planId: plan.planId,
        durationDays: 45,
        quantity: 1,
      },
    });
    expect(duration.statusCode).toBe(400);
    expect(duration.json().code).toBe(40002);
  });

  it('buys IPs in one go: debit, one ledger row, order, instances, IPs allocated', async () => {
    const { token, user } = await customer(10_000n);
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 3 });
    const started = Date.now();
    const response = await post(token, createStaticIpOrder, {
      body: {
        planId: plan.planId,
        durationDays: 30,
        quantity: 2,
        autoRenew: true,
      },
    });
    expect(response.statusCode).toBe(200);
    const { order, instances } = response.data();
    expect(order).toMatchObject({ type: 'static_ip', status: 'paid', total: 60 });
    expect(order.orderNo).toMatch(/^SI\d{8}\d{10}$/);
    expect(order.items).toEqual([
      {
        kind: 'static_ip',
        planId: plan.planId,
        instanceId: null,
        country: 'JP',
        countryName: '日本',
        city: '东京',
        lineType: 'isp_residential',
        trafficGb: null,
        durationDays: 30,
        quantity: 2,
        unitPrice: 30,
        amount: 60,
      },
    ]);
    expect(instances).toHaveLength(2);
    expect(new Set(instances.map((instance: { ip: string }) => instance.ip)).size).toBe(2);
    expect(order.instanceIds.sort()).toEqual(
      instances.map((instance: { id: string }) => instance.id).sort(),
    );
    for (const instance of instances) {
      expect(instance.username).toMatch(/^u[0-9a-z]{8}$/);
      expect(instance.password).toMatch(/^[\w-]{16}$/);
      expect(instance.vmessId).toMatch(/^[0-9a-f-]{36}$/);
      expect(instance).toMatchObject({ status: 'active', autoRenew: true, port: 1080 });
      const expiry = Date.parse(instance.expiresAt) - started;
      expect(expiry).toBeGreaterThanOrEqual(30 * 86_400_000 - 1000);
      expect(expiry).toBeLessThan(30 * 86_400_000 + 60_000);
    }

    expect(await balanceFen(user.id)).toBe(4_000n);
    const debits = (await ledgerOf(user.id)).filter((entry) => entry.type === 'static_ip_purchase');
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ amountFen: -6_000n, reference: order.orderNo });
    expect(await availableIps(plan.regionId)).toBe(1);

    const listed = await callEndpoint(testApp.app, listOrders, { token });
    expect(listed.data()).toMatchObject({ total: 1, items: [{ id: order.id }] });
    const detail = await callEndpoint(testApp.app, getOrder, {
      token,
      params: { id: order.id },
      headers: { 'accept-language': 'en-US' },
    });
    expect(detail.data().items[0]).toMatchObject({ countryName: 'Japan', city: 'Tokyo' });
    // The order names its instances by IP and port, as the IP list shows them.
    const shown = (list: { id: string; ip: string; port: number }[]) =>
      list.map(({ id, ip, port }) => ({ id, ip, port })).sort((a, b) => a.id.localeCompare(b.id));
    expect(shown(detail.data().instances)).toEqual(shown(instances));
    expect(detail.data().instanceIds).toEqual(detail.data().instances.map((each) => each.id));
    expect(listed.data().items[0]?.instances).toEqual(detail.data().instances);
  });

  it('fails with 422 and changes nothing when the balance does not cover it', async () => {
    const { token, user } = await customer(5_000n);
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 3 });
    const response = await post(token, createStaticIpOrder, {
      body: {
        planId: plan.planId,
        durationDays: 30,
        quantity: 2,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe(30101);
    expect(await balanceFen(user.id)).toBe(5_000n);
    expect(await ledgerOf(user.id)).toHaveLength(1);
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await availableIps(plan.regionId)).toBe(3);
  });

  it('fails with 409 and changes nothing when stock is short', async () => {
    const { token, user } = await customer(100_000n);
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 2 });
    const response = await post(token, createStaticIpOrder, {
      body: { planId: plan.planId, durationDays: 30, quantity: 3 },
      headers: { 'accept-language': 'en-US', 'idempotency-key': 'short-stock' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 40101,
      message: 'Not enough stock: 3 IPs requested, 2 available',
    });
    expect(await balanceFen(user.id)).toBe(100_000n);
    expect(await ledgerOf(user.id)).toHaveLength(1);
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await instancesOf(user.id)).toHaveLength(0);
    expect(await availableIps(plan.regionId)).toBe(2);
    // The failed attempt left no key behind: the same key works once stock suffices.
    const retry = await post(token, createStaticIpOrder, {
      body: { planId: plan.planId, durationDays: 30, quantity: 2 },
      headers: { 'idempotency-key': 'short-stock' },
    });
    expect(retry.statusCode).toBe(200);
  });

  it('answers a repeated idempotency key with the first order and refuses another body', async () => {
    const { token, user } = await customer(100_000n);
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 5 });
    const body = { planId: plan.planId, durationDays: 30, quantity: 1 };
    const headers = { 'idempotency-key': 'abc-123' };
    const first = await post(token, createStaticIpOrder, { body, headers });
    const second = await post(token, createStaticIpOrder, { body, headers });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.data().order.id).toBe(first.data().order.id);
    expect(second.data().instances).toEqual(first.data().instances);

    const other = await post(token, createStaticIpOrder, {
      body: { ...body, quantity: 2 },
      headers,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe(40102);

    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await instancesOf(user.id)).toHaveLength(1);
    expect(await balanceFen(user.id)).toBe(97_000n);

    // Keys belong to one user: another user's same key is a new purchase.
    const { token: otherToken } = await customer(100_000n);
    const theirs = await post(otherToken, createStaticIpOrder, { body, headers });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.data().order.id).not.toBe(first.data().order.id);
  });

  it('refuses an over-long idempotency key', async () => {
    const { token } = await customer(100_000n);
    const plan = await seedStaticIpPlan(testApp.database.db);
    const response = await post(token, createStaticIpOrder, {
      body: { planId: plan.planId, durationDays: 30, quantity: 1 },
      headers: { 'idempotency-key': 'k'.repeat(201) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(10001);
  });

  it('runs concurrent repeats of one key once', async () => {
    const { token, user } = await customer(100_000n);
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 5 });
    const body = { planId: plan.planId, durationDays: 30, quantity: 1 };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(token, createStaticIpOrder, { body, headers: { 'idempotency-key': 'race' } }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((response) => response.data().order.id)).size).toBe(1);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await balanceFen(user.id)).toBe(97_000n);
  });

  it("answers 404 for another user's order and filters the list", async () => {
    const owner = await customer(100_000n);
    const plan = await seedStaticIpPlan(testApp.database.db);
    const bought = await post(owner.token, createStaticIpOrder, {
      body: {
        planId: plan.planId,
        durationDays: 30,
        quantity: 1,
      },
    });
    const orderId = bought.data().order.id;
    const stranger = await customer();
    const response = await callEndpoint(testApp.app, getOrder, {
      token: stranger.token,
      params: { id: orderId },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(40201);

    const renewals = await callEndpoint(testApp.app, listOrders, {
      token: owner.token,
      query: { type: 'renewal' },
    });
    expect(renewals.data()).toMatchObject({ total: 0, items: [] });
    const purchases = await callEndpoint(testApp.app, listOrders, {
      token: owner.token,
      query: { type: 'static_ip', status: 'paid' },
    });
    expect(purchases.data().total).toBe(1);
  });
});
