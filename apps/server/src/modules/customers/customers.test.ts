import {
  BYTES_PER_GB,
  createTopUp,
  getAdminCustomer,
  listAdminCustomerInstances,
  listAdminCustomerLedger,
  listAdminCustomerOrders,
  listAdminCustomerPayments,
  listAdminCustomers,
  listAdminCustomerSessions,
  listAdminCustomerTrafficPackages,
  type EndpointDefinition,
} from '@stratus/contract';
import { eq, ipAddresses, orders, proxyInstances, sessions, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { insertDynamicAccount, insertInstance, insertTrafficPackage } from '../../../test/usage.ts';
import {
  expectAccessPerPermissionTable,
  registerCustomer,
  registerStaffTeam,
  type StaffTeam,
} from '../../../test/accounts.ts';

const DAY_MS = 86_400_000;
const english = { 'accept-language': 'en-US' };

describe.each(testEngines)('customers in the operator console on %s', (engine) => {
  let testApp: TestApp;
  let team: StaffTeam;
  let alice: { token: string; id: string; email: string };
  let aliceExpiredIp: string;
  let aliceOrderNo: string;
  let alicePaymentNo: string;
  let never: { id: string };

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    const db = testApp.database.db;
    team = await registerStaffTeam(testApp);
    alice = await registerCustomer(testApp, {
      email: 'alice@wonder.example',
      name: 'Alice Liddell',
    });
    await creditWallet(db, { userId: alice.id, amountFen: 12_345n });
    await insertInstance(db, { userId: alice.id });
    const expiredId = await insertInstance(db, {
      userId: alice.id,
      status: 'expired',
      expiresAt: new Date(Date.now() - DAY_MS),
    });
    await insertTrafficPackage(db, {
      userId: alice.id,
      totalBytes: 2n * BigInt(BYTES_PER_GB),
      usedBytes: BigInt(BYTES_PER_GB) / 2n,
      expiresAt: new Date(Date.now() + 10 * DAY_MS),
    });
    // Past its expiry: nothing of it is left to use.
    await insertTrafficPackage(db, {
      userId: alice.id,
      totalBytes: 5n * BigInt(BYTES_PER_GB),
      expiresAt: new Date(Date.now() - DAY_MS),
    });
    await insertDynamicAccount(db, alice.id);
    const [expired] = await db
      .select({ address: ipAddresses.address, orderNo: orders.orderNo })
      .from(proxyInstances)
      .innerJoin(ipAddresses, eq(ipAddresses.id, proxyInstances.ipAddressId))
      .innerJoin(orders, eq(orders.id, proxyInstances.orderId))
      .where(eq(proxyInstances.id, expiredId));
    aliceExpiredIp = expired!.address;
    aliceOrderNo = expired!.orderNo;
    const topUp = await callEndpoint(testApp.app, createTopUp, {
      token: alice.token,
      body: { amount: 50, channel: 'sandbox' },
    });
    expect(topUp.statusCode).toBe(200);
    alicePaymentNo = topUp.data().paymentNo;

    for (let index = 0; index < 5; index += 1) {
      await registerCustomer(testApp, {
        email: `listed-${index}@shop.example`,
        name: `Shop ${index}`,
      });
    }
    await registerCustomer(testApp, { email: 'under_score@example.com', name: '100% real' });
    // A customer without any session: signed up by other means, never signed in.
    never = await registerCustomer(testApp, { email: 'never@quiet.example' });
    await db.delete(sessions).where(eq(sessions.userId, never.id));
  });
  afterAll(() => testApp?.close());

  const list = (
    query: Pick<CallOptions<typeof listAdminCustomers>, 'query' | 'rawQuery'>,
    token = team.owner.token,
  ) => callEndpoint(testApp.app, listAdminCustomers, { token, headers: english, ...query });

  it('lists customers with their balance, live IPs, traffic left and last sign-in', async () => {
    const { items, total } = (await list({ query: { keyword: 'wonder' } })).data();
    expect(total).toBe(1);
    const aliceRow = await testApp.database.db.query.users.findFirst({
      where: (table, { eq: equals }) => equals(table.id, alice.id),
    });
    const [session] = await testApp.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, alice.id));
    expect(items[0]).toEqual({
      id: alice.id,
      email: 'alice@wonder.example',
      name: 'Alice Liddell',
      status: 'active',
      disabledAt: null,
      balance: 123.45,
      // The expired instance and the expired package do not count.
      liveIps: 1,
      trafficLeftBytes: 1.5 * BYTES_PER_GB,
      createdAt: aliceRow!.createdAt.toISOString(),
      lastSignInAt: session!.createdAt.toISOString(),
    });
    const quiet = (await list({ query: { keyword: 'never@quiet' } })).data().items[0];
    expect(quiet).toMatchObject({
      lastSignInAt: null,
      balance: 0,
      liveIps: 0,
      trafficLeftBytes: 0,
    });
  });

  it('lists customers only, never staff', async () => {
    for (const member of Object.values(team)) {
      expect((await list({ query: { keyword: member.email } })).data().total).toBe(0);
      expect((await list({ query: { keyword: member.id } })).data().total).toBe(0);
    }
    const everyone = (await list({ query: { pageSize: 100 } })).data();
    expect(everyone.total).toBe(8);
    const staffIds = new Set(Object.values(team).map((member) => member.id));
    expect(everyone.items.some((item) => staffIds.has(item.id))).toBe(false);
  });

  it('pages through customers, newest first', async () => {
    const first = (await list({ query: { page: 1, pageSize: 3 } })).data();
    expect(first).toMatchObject({ total: 8, page: 1, pageSize: 3 });
    expect(first.items.map((item) => item.email)).toEqual([
      'never@quiet.example',
      'under_score@example.com',
      'listed-4@shop.example',
    ]);
    const last = (await list({ query: { page: 3, pageSize: 3 } })).data();
    expect(last.items.map((item) => item.email)).toEqual([
      'listed-0@shop.example',
      'alice@wonder.example',
    ]);
    expect((await list({})).data()).toMatchObject({ page: 1, pageSize: 20, total: 8 });
  });

  it('finds by part of the email or name, taking % and _ literally', async () => {
    expect((await list({ query: { keyword: 'SHOP' } })).data().total).toBe(5);
    expect((await list({ query: { keyword: 'shop 3' } })).data().items).toHaveLength(1);
    expect((await list({ query: { keyword: 'liddell' } })).data().items[0]?.id).toBe(alice.id);
    expect((await list({ query: { keyword: '_' } })).data().total).toBe(1);
    expect((await list({ query: { keyword: '100%' } })).data().total).toBe(1);
    expect((await list({ query: { keyword: 'nobody' } })).data()).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('finds by exact id, IP address (of an expired IP too), order or payment number', async () => {
    const keywords = [
      alice.id,
      alice.id.toUpperCase(),
      aliceExpiredIp,
      aliceOrderNo,
      alicePaymentNo,
      alicePaymentNo.toLowerCase(),
    ];
    for (const keyword of keywords) {
      const { items } = (await list({ query: { keyword } })).data();
      expect(
        items.map((item) => item.id),
        keyword,
      ).toEqual([alice.id]);
    }
    // Exact only: part of an address or an order number finds nobody.
    for (const keyword of [
      aliceExpiredIp.slice(0, -1),
      aliceOrderNo.slice(0, -2),
      alicePaymentNo.slice(0, -2),
    ]) {
      expect((await list({ query: { keyword } })).data().total, keyword).toBe(0);
    }
  });

  it('refuses bad paging and filters with a clear message', async () => {
    const tooBig = await list({ query: { pageSize: 101 } });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('Invalid pageSize: must be at most 100');
    expect((await list({ query: { page: 0 } })).json().data.field).toBe('page');
    expect((await list({ rawQuery: { page: 'first' } })).statusCode).toBe(400);
    const status = await list({ rawQuery: { status: 'gone' } });
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toBe('Invalid status: must be one of: active, disabled');
    const long = await list({ query: { keyword: 'x'.repeat(101) } });
    expect(long.json().message).toBe('Invalid keyword: must be at most 100 characters');
  });

  it("shows one customer's page header: figures, profile and dynamic account", async () => {
    const detail = (
      await callEndpoint(testApp.app, getAdminCustomer, {
        token: team.support.token,
        params: { id: alice.id },
      })
    ).data();
    const [summary] = (await list({ query: { keyword: alice.id } })).data().items;
    expect(detail).toEqual({
      ...summary,
      language: 'zh-CN',
      dynamicAccount: expect.stringMatching(/^d[0-9a-f]{10}$/),
      adjustmentApprovalThreshold: 1000,
    });
    const quiet = await callEndpoint(testApp.app, getAdminCustomer, {
      token: team.support.token,
      params: { id: never.id },
    });
    expect(quiet.data().dynamicAccount).toBeNull();
  });

  it('answers 404 for a staff member or an unknown id, and 400 for a malformed one', async () => {
    for (const id of [team.finance.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await callEndpoint(testApp.app, getAdminCustomer, {
        token: team.owner.token,
        params: { id },
        headers: english,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 70101, message: 'No such customer', data: null });
    }
    const tabs: EndpointDefinition[] = [listAdminCustomerLedger, listAdminCustomerSessions];
    for (const endpoint of tabs) {
      const staff = await callEndpoint(testApp.app, endpoint, {
        token: team.owner.token,
        params: { id: team.ops.id },
      });
      expect(staff.statusCode).toBe(404);
    }
    const malformed = await callEndpoint(testApp.app, getAdminCustomer, {
      token: team.owner.token,
      rawParams: { id: 'alice' },
      headers: english,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid id: must be a valid UUID');
  });

  it("shows the customer's ledger, payments, orders, IPs, traffic packages and sessions", async () => {
    const tab = <E extends EndpointDefinition>(endpoint: E, query?: CallOptions<E>['query']) =>
      callEndpoint(testApp.app, endpoint, {
        token: team.owner.token,
        params: { id: alice.id } as CallOptions<E>['params'],
        query,
      }).then((response) => response.data());

    const ledger = await tab(listAdminCustomerLedger);
    expect(ledger.items).toEqual([
      expect.objectContaining({ type: 'topup', amount: 123.45, balanceAfter: 123.45 }),
    ]);
    expect((await tab(listAdminCustomerLedger, { type: 'adjustment' })).total).toBe(0);

    const payments = await tab(listAdminCustomerPayments);
    expect(payments.items).toEqual([
      {
        id: expect.any(String),
        paymentNo: alicePaymentNo,
        channel: 'sandbox',
        amount: 50,
        status: 'pending',
        providerTradeNo: null,
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        paidAt: null,
        closedAt: null,
      },
    ]);
    expect((await tab(listAdminCustomerPayments, { status: 'paid' })).total).toBe(0);

    const ordersPage = await tab(listAdminCustomerOrders);
    // Two static-IP orders and the two packages' traffic orders.
    expect(ordersPage.total).toBe(4);
    expect(ordersPage.items.map((order) => order.orderNo)).toContain(aliceOrderNo);
    expect((await tab(listAdminCustomerOrders, { type: 'static_ip' })).total).toBe(2);

    const instances = await tab(listAdminCustomerInstances);
    expect(instances.total).toBe(2);
    expect(instances.items.map((instance) => instance.status).sort()).toEqual([
      'active',
      'expired',
    ]);
    expect(instances.items.map((instance) => instance.ip)).toContain(aliceExpiredIp);
    for (const instance of instances.items) {
      expect(Object.keys(instance)).not.toContain('password');
      expect(Object.keys(instance)).not.toContain('username');
    }
    expect((await tab(listAdminCustomerInstances, { status: 'active' })).total).toBe(1);

    const packages = await tab(listAdminCustomerTrafficPackages);
    expect(packages.items.map((item) => item.status)).toEqual(['active', 'expired']);
    expect(packages.items[0]?.remainingBytes).toBe(1.5 * BYTES_PER_GB);

    const sessionPage = await tab(listAdminCustomerSessions);
    expect(sessionPage.items).toEqual([
      {
        id: expect.any(String),
        status: 'active',
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        expiresAt: expect.any(String),
        revokedAt: null,
        ip: '127.0.0.1',
        userAgent: 'lightMyRequest',
      },
    ]);
    // The token's hash is not a field either.
    expect(JSON.stringify(sessionPage)).not.toMatch(/token/i);
  });

  it('pages and validates the tabs', async () => {
    const response = await callEndpoint(testApp.app, listAdminCustomerOrders, {
      token: team.owner.token,
      params: { id: alice.id },
      query: { page: 2, pageSize: 3 },
    });
    expect(response.data()).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(response.data().items).toHaveLength(1);
    const badType = await callEndpoint(testApp.app, listAdminCustomerLedger, {
      token: team.owner.token,
      params: { id: alice.id },
      rawQuery: { type: 'gift' },
      headers: english,
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().data.field).toBe('type');
  });

  it('lets each role read per the permission table; customers are refused', async () => {
    const endpoints: EndpointDefinition[] = [
      listAdminCustomers,
      getAdminCustomer,
      listAdminCustomerLedger,
      listAdminCustomerPayments,
      listAdminCustomerOrders,
      listAdminCustomerInstances,
      listAdminCustomerTrafficPackages,
      listAdminCustomerSessions,
    ];
    for (const endpoint of endpoints) {
      await expectAccessPerPermissionTable(testApp, endpoint, {
        team,
        customerToken: alice.token,
        call: async () => (endpoint.params ? { rawParams: { id: alice.id } } : {}),
      });
    }
  });

  it('keeps the payments tab from support and everything from ops', async () => {
    const call = (token: string, endpoint: EndpointDefinition) =>
      callEndpoint(testApp.app, endpoint, { token, rawParams: { id: alice.id } });
    expect((await call(team.support.token, listAdminCustomerPayments)).statusCode).toBe(403);
    expect((await call(team.support.token, listAdminCustomerOrders)).statusCode).toBe(200);
    expect((await call(team.ops.token, getAdminCustomer)).statusCode).toBe(403);
    expect((await call(team.finance.token, listAdminCustomerPayments)).statusCode).toBe(200);
  });

  it('reads a customer disabled in the database as disabled', async () => {
    await testApp.database.db
      .update(users)
      .set({ disabledAt: new Date('2026-11-01T00:00:00Z') })
      .where(eq(users.id, never.id));
    const disabled = (await list({ query: { status: 'disabled' } })).data();
    expect(disabled.items.map((item) => [item.id, item.status, item.disabledAt])).toEqual([
      [never.id, 'disabled', '2026-11-01T00:00:00.000Z'],
    ]);
    expect((await list({ query: { status: 'active' } })).data().total).toBe(7);
  });
});
