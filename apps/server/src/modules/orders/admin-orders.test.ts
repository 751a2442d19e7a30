import {
  getAdminOrder,
  listAdminOrders,
  listRenewalFailures,
  type EndpointDefinition,
  type Order,
} from '@stratus/contract';
import { eq, orders, proxyInstances } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';
import { buyStaticIps, buyTraffic, renew } from '../../../test/orders.ts';
import { registerCustomer, registerStaffTeam } from '../../../test/accounts.ts';

describe.each(testEngines)('the operator console’s orders on %s', (engine) => {
  let testApp: TestApp;
  let staff: Awaited<ReturnType<typeof registerStaffTeam>>;
  let alice: Awaited<ReturnType<typeof registerCustomer>>;
  let bob: Awaited<ReturnType<typeof registerCustomer>>;
  /** Alice's orders, oldest first: two static IPs, a traffic package, a renewal. */
  let aliceOrders: Order[];
  let bobOrder: Order;
  let ips: string[];

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    staff = await registerStaffTeam(testApp);
    alice = await registerCustomer(testApp, {
      balanceFen: 100_000n,
      email: 'Alice.Buyer@shop.example',
    });
    bob = await registerCustomer(testApp, { balanceFen: 100_000n, email: 'bob@elsewhere.example' });
    const bought = await buyStaticIps(testApp, alice.token, { quantity: 2 });
    ips = bought.instances.map((instance) => instance.ip);
    const traffic = await buyTraffic(testApp, alice.token);
    const renewal = await renew(testApp, alice.token, bought.instances[0]!.id);
    aliceOrders = [bought.order, traffic.order, renewal.order];
    bobOrder = (await buyStaticIps(testApp, bob.token)).order;
    // Dated in China time around midnight, so whole-day filters have an edge to hold.
    const at = (orderId: string, iso: string) =>
      testApp.database.db
        .update(orders)
        .set({ createdAt: new Date(iso) })
        .where(eq(orders.id, orderId));
    await at(aliceOrders[0]!.id, '2026-03-01T15:59:59Z'); // 2026-03-01 23:59:59 in China
    await at(aliceOrders[1]!.id, '2026-03-01T16:00:00Z'); // 2026-03-02 00:00:00 in China
    await at(aliceOrders[2]!.id, '2026-03-03T04:00:00Z');
    await at(bobOrder.id, '2026-03-04T04:00:00Z');
  });
  afterAll(() => testApp?.close());

  const call = <E extends EndpointDefinition>(
    endpoint: E,
    token: string | undefined,
    options: CallOptions<E> = {},
  ) =>
    callEndpoint(testApp.app, endpoint, {
      token,
      headers: { 'accept-language': 'en-US' },
      ...options,
    });
  const orderNosOf = async (query: CallOptions<typeof listAdminOrders>['query']) =>
    (await call(listAdminOrders, staff.owner.token, { query }))
      .data()
      .items.map((item) => item.orderNo);

  it('answers staff who may read orders, and refuses ops, customers and strangers', async () => {
    const endpoints = [
      (token?: string) => call(listAdminOrders, token),
      (token?: string) => call(getAdminOrder, token, { params: { id: bobOrder.id } }),
      (token?: string) => call(listRenewalFailures, token),
    ];
    for (const endpoint of endpoints) {
      for (const role of ['owner', 'finance', 'support'] as const) {
        expect((await endpoint(staff[role].token)).statusCode, role).toBe(200);
      }
      const ops = await endpoint(staff.ops.token);
      expect(ops.statusCode).toBe(403);
      expect(ops.json()).toEqual({
        code: 10302,
        message: 'Your staff role (ops) does not allow this',
        data: null,
      });
      const customer = await endpoint(alice.token);
      expect(customer.statusCode).toBe(403);
      expect(customer.json()).toMatchObject({ code: 10301 });
      expect((await endpoint(undefined)).statusCode).toBe(401);
    }
  });

  it('lists every customer’s orders newest first, with the customer and what is refundable', async () => {
    // In the operator's language, as Bob's order was answered to him.
    const page = (
      await call(listAdminOrders, staff.finance.token, { headers: { 'accept-language': 'zh-CN' } })
    ).data();
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 20 });
    expect(page.items.map((item) => item.orderNo)).toEqual(
      [...aliceOrders, bobOrder].reverse().map((order) => order.orderNo),
    );
    const [latest] = page.items;
    expect(latest).toEqual({
      ...bobOrder,
      createdAt: '2026-03-04T04:00:00.000Z',
      customerId: bob.user.id,
      customerEmail: 'bob@elsewhere.example',
      refunded: 0,
      refundable: 30,
    });
    const second = (
      await call(listAdminOrders, staff.finance.token, { query: { pageSize: 1, page: 2 } })
    ).data();
    expect(second.items.map((item) => item.type)).toEqual(['renewal']);
    expect(second.total).toBe(4);
  });

  it('filters by type, status, customer (email part or id) and order number', async () => {
    expect(await orderNosOf({ type: 'traffic' })).toEqual([aliceOrders[1]!.orderNo]);
    expect(await orderNosOf({ status: 'refunded' })).toEqual([]);
    expect(await orderNosOf({ status: 'paid', type: 'static_ip' })).toHaveLength(2);
    expect(await orderNosOf({ customer: 'ALICE.buyer' })).toHaveLength(3);
    expect(await orderNosOf({ customer: bob.user.id.toUpperCase() })).toEqual([bobOrder.orderNo]);
    // `%` and `_` are no wildcards, and an empty filter filters nothing.
    expect(await orderNosOf({ customer: '%' })).toEqual([]);
    expect(await orderNosOf({ customer: '' })).toHaveLength(4);
    const tail = aliceOrders[2]!.orderNo.slice(-8).toLowerCase();
    expect(await orderNosOf({ orderNo: tail })).toEqual([aliceOrders[2]!.orderNo]);
  });

  it('filters by whole days in China time, or by ISO times', async () => {
    expect(await orderNosOf({ from: '2026-03-02', to: '2026-03-02' })).toEqual([
      aliceOrders[1]!.orderNo,
    ]);
    expect(await orderNosOf({ to: '2026-03-01' })).toEqual([aliceOrders[0]!.orderNo]);
    expect(await orderNosOf({ from: '2026-03-03' })).toEqual([
      bobOrder.orderNo,
      aliceOrders[2]!.orderNo,
    ]);
    expect(
      await orderNosOf({ from: '2026-03-01T15:59:59Z', to: '2026-03-01T16:00:00+00:00' }),
    ).toEqual([aliceOrders[1]!.orderNo, aliceOrders[0]!.orderNo]);
  });

  it('refuses bad filters with a clear 400', async () => {
    const cases = [
      [{ type: 'gift' }, 'type'],
      [{ status: 'void' }, 'status'],
      [{ from: '2026-02-30' }, 'from'],
      [{ to: 'yesterday' }, 'to'],
      [{ pageSize: '500' }, 'pageSize'],
      [{ customer: 'x'.repeat(255) }, 'customer'],
      [{ orderNo: 'a\nb' }, 'orderNo'],
    ] as const;
    for (const [rawQuery, field] of cases) {
      const response = await call(listAdminOrders, staff.owner.token, { rawQuery });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toMatchObject({ code: 10001, data: { field } });
      expect(response.json().message).toMatch(new RegExp(`^Invalid ${field}: `));
    }
  });

  it('shows one order with its lines, instances and IPs, refunds and customer', async () => {
    const response = await call(getAdminOrder, staff.support.token, {
      params: { id: aliceOrders[0]!.id },
    });
    const detail = response.data();
    expect(detail).toMatchObject({
      id: aliceOrders[0]!.id,
      orderNo: aliceOrders[0]!.orderNo,
      type: 'static_ip',
      status: 'paid',
      total: 60,
      refunded: 0,
      refundable: 60,
      items: [{ kind: 'static_ip', quantity: 2, amount: 60, city: 'Tokyo' }],
      refunds: [],
      customer: {
        id: alice.user.id,
        email: 'alice.buyer@shop.example',
        name: '',
        disabledAt: null,
      },
    });
    expect(detail.instances.map((instance) => instance.ip).sort()).toEqual([...ips].sort());
    expect(detail.instances.every((instance) => instance.status === 'active')).toBe(true);

    const renewal = (
      await call(getAdminOrder, staff.owner.token, { params: { id: aliceOrders[2]!.id } })
    ).data();
    expect(renewal.instances).toEqual([
      expect.objectContaining({ id: aliceOrders[2]!.instanceIds[0], status: 'active' }),
    ]);
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    const missing = await call(getAdminOrder, staff.owner.token, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      code: 40201,
      message: 'The order does not exist',
      data: null,
    });
    const malformed = await call(getAdminOrder, staff.owner.token, {
      rawParams: { id: 'not-an-id' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().data.field).toBe('id');
  });

  it('lists instances whose automatic renewal failed, live ones first', async () => {
    const empty = (await call(listRenewalFailures, staff.owner.token)).data();
    expect(empty).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });

    const db = testApp.database.db;
    const [failed, expired] = [aliceOrders[0]!.instanceIds[1]!, bobOrder.instanceIds[0]!];
    await db
      .update(proxyInstances)
      .set({ renewalWarning: 'insufficientBalance', autoRenew: true })
      .where(eq(proxyInstances.id, failed));
    await db
      .update(proxyInstances)
      .set({ renewalWarning: 'durationNotOffered', status: 'expired' })
      .where(eq(proxyInstances.id, expired));

    const page = (await call(listRenewalFailures, staff.support.token)).data();
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      {
        instanceId: failed,
        customerId: alice.user.id,
        customerEmail: 'alice.buyer@shop.example',
        ip: expect.any(String),
        status: 'active',
        autoRenew: true,
        expiresAt: expect.any(String),
        warning: 'insufficientBalance',
      },
      expect.objectContaining({
        instanceId: expired,
        customerEmail: 'bob@elsewhere.example',
        status: 'expired',
        warning: 'durationNotOffered',
      }),
    ]);
    expect(ips).toContain(page.items[0]!.ip);
    const bad = await call(listRenewalFailures, staff.owner.token, { rawQuery: { page: '0' } });
    expect(bad.statusCode).toBe(400);
  });
});
