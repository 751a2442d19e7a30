import { eq, ipAddresses, ledgerEntries, orders, proxyInstances, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../testing.ts';
import { creditWallet, seedStaticIpPlan } from '../catalog/testing.ts';

describe.each(testEngines)('static-IP orders on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const customer = async (balanceFen = 0n) => {
    const registered = await registerUser(testApp.app);
    if (balanceFen > 0n) {
      await creditWallet(testApp.database.db, {
        userId: registered.user.id,
        amountFen: balanceFen,
      });
    }
    return registered;
  };
  const post = (token: string, url: string, payload: object, headers: object = {}) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), ...headers },
      payload,
    });
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
    const response = await post(token, '/api/orders/static-ip/quote', {
      planId: plan.planId,
      durationDays: 30,
      quantity: 3,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
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
    const unknown = await post(token, '/api/orders/static-ip/quote', {
      planId: '00000000-0000-4000-8000-000000000000',
      durationDays: 30,
      quantity: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(40001);
    const duration = await post(token, '/api/orders/static-ip', {
      planId: plan.planId,
      durationDays: 45,
      quantity: 1,
    });
    expect(duration.statusCode).toBe(400);
    expect(duration.json().code).toBe(40002);
  });

  it('buys IPs in one go: debit, one ledger row, order, instances, IPs allocated', async () => {
    const { token, user } = await customer(10_000n);
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 3 });
    const started = Date.now();
    const response = await post(token, '/api/orders/static-ip', {
      planId: plan.planId,
      durationDays: 30,
      quantity: 2,
      autoRenew: true,
    });
    expect(response.statusCode).toBe(200);
    const { order, instances } = response.json().data;
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

    const listed = await testApp.app.inject({ url: '/api/orders', headers: bearer(token) });
    expect(listed.json().data).toMatchObject({ total: 1, items: [{ id: order.id }] });
    const detail = await testApp.app.inject({
      url: `/api/orders/${order.id}`,
      headers: { ...bearer(token), 'accept-language': 'en-US' },
    });
    expect(detail.json().data.items[0]).toMatchObject({ countryName: 'Japan', city: 'Tokyo' });
  });

  it('fails with 422 and changes nothing when the balance does not cover it', async () => {
    const { token, user } = await customer(5_000n);
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 3 });
    const response = await post(token, '/api/orders/static-ip', {
      planId: plan.planId,
      durationDays: 30,
      quantity: 2,
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
    const response = await post(
      token,
      '/api/orders/static-ip',
      { planId: plan.planId, durationDays: 30, quantity: 3 },
      { 'accept-language': 'en-US', 'idempotency-key': 'short-stock' },
    );
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
    const retry = await post(
      token,
      '/api/orders/static-ip',
      { planId: plan.planId, durationDays: 30, quantity: 2 },
      { 'idempotency-key': 'short-stock' },
    );
    expect(retry.statusCode).toBe(200);
  });

  it('answers a repeated idempotency key with the first order and refuses another body', async () => {
    const { token, user } = await customer(100_000n);
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 5 });
    const body = { planId: plan.planId, durationDays: 30, quantity: 1 };
    const headers = { 'idempotency-key': 'abc-123' };
    const first = await post(token, '/api/orders/static-ip', body, headers);
    const second = await post(token, '/api/orders/static-ip', body, headers);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.order.id).toBe(first.json().data.order.id);
    expect(second.json().data.instances).toEqual(first.json().data.instances);

    const other = await post(token, '/api/orders/static-ip', { ...body, quantity: 2 }, headers);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe(40102);

    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await instancesOf(user.id)).toHaveLength(1);
    expect(await balanceFen(user.id)).toBe(97_000n);

    // Keys belong to one user: another user's same key is a new purchase.
    const { token: otherToken } = await customer(100_000n);
    const theirs = await post(otherToken, '/api/orders/static-ip', body, headers);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.order.id).not.toBe(first.json().data.order.id);
  });

  it('refuses an over-long idempotency key', async () => {
    const { token } = await customer(100_000n);
    const plan = await seedStaticIpPlan(testApp.database.db);
    const response = await post(
      token,
      '/api/orders/static-ip',
      { planId: plan.planId, durationDays: 30, quantity: 1 },
      { 'idempotency-key': 'k'.repeat(201) },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(10001);
  });

  it('runs concurrent repeats of one key once', async () => {
    const { token, user } = await customer(100_000n);
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 5 });
    const body = { planId: plan.planId, durationDays: 30, quantity: 1 };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(token, '/api/orders/static-ip', body, { 'idempotency-key': 'race' }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((response) => response.json().data.order.id)).size).toBe(1);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await balanceFen(user.id)).toBe(97_000n);
  });

  it("answers 404 for another user's order and filters the list", async () => {
    const owner = await customer(100_000n);
    const plan = await seedStaticIpPlan(testApp.database.db);
    const bought = await post(owner.token, '/api/orders/static-ip', {
      planId: plan.planId,
      durationDays: 30,
      quantity: 1,
    });
    const orderId = bought.json().data.order.id;
    const stranger = await customer();
    const response = await testApp.app.inject({
      url: `/api/orders/${orderId}`,
      headers: bearer(stranger.token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(40201);

    const renewals = await testApp.app.inject({
      url: '/api/orders?type=renewal',
      headers: bearer(owner.token),
    });
    expect(renewals.json().data).toMatchObject({ total: 0, items: [] });
    const purchases = await testApp.app.inject({
      url: '/api/orders?type=static_ip&status=paid',
      headers: bearer(owner.token),
    });
    expect(purchases.json().data.total).toBe(1);
  });
});
