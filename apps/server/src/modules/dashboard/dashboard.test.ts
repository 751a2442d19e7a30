import { randomUUID } from 'node:crypto';
import {
  completeSandboxPayment,
  createStaticIpOrder,
  createTopUp,
  createTrafficOrder,
  getAdminDashboard,
  refundOrder,
  staffRoles,
  type Dashboard,
} from '@stratus/contract';
import {
  eq,
  gatewayNodes,
  ipAddresses,
  ledgerEntries,
  orderRefunds,
  orders,
  payments,
  proxyInstances,
  usageHourly,
  users,
  type Db,
} from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import {
  expectAccessPerPermissionTable,
  registerStaffTeam,
  type StaffTeam,
} from '../../../test/accounts.ts';
import { seedTrafficPlan } from '../../../test/traffic.ts';
import { getDashboard } from './service.ts';
import { recomputeDashboard } from '../../../test/dashboard.ts';

/** A moment written as China Standard Time. */
const china = (text: string) => new Date(`${text}+08:00`);

/**
 * The moments the scripted day is read at: just after midnight on the 1st, the next noon, and the
 * last millisecond of the month before.
 */
const readings = [
  china('2026-03-01T01:30:00'),
  china('2026-03-02T12:00:00'),
  china('2026-02-28T23:59:59.999'),
];

const moneyFields = ['revenue', 'grossSales', 'netSales', 'refunds', 'pendingAmount'];

describe.each(testEngines)('the dashboard on %s', (engine) => {
  let testApp: TestApp;
  let db: Db;
  let team: StaffTeam;
  let customerToken: string;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    db = testApp.database.db;
    team = await registerStaffTeam(testApp);
    customerToken = (await registerCustomer(testApp)).token;
  });
  afterAll(() => testApp?.close());

  async function topUp(token: string, amount: number): Promise<string> {
    const { paymentId } = (
      await callEndpoint(testApp.app, createTopUp, { token, body: { amount, channel: 'sandbox' } })
    ).data();
    const paid = await callEndpoint(testApp.app, completeSandboxPayment, {
      token,
      params: { paymentId },
    });
    expect(paid.data().status).toBe('paid');
    return paymentId;
  }

  /** Moves a paid top-up (and, unless told otherwise, its ledger row) to another moment. */
  async function backdatePayment(paymentId: string, paidAt: Date, ledgerAt: Date = paidAt) {
    await db
      .update(payments)
      .set({ createdAt: new Date(paidAt.getTime() - 60_000), paidAt })
      .where(eq(payments.id, paymentId));
    await db
      .update(ledgerEntries)
      .set({ createdAt: ledgerAt })
      .where(eq(ledgerEntries.reference, paymentId));
  }

  async function backdateUser(userId: string, createdAt: Date) {
    await db.update(users).set({ createdAt }).where(eq(users.id, userId));
  }

  async function backdateOrder(orderId: string, createdAt: Date) {
    await db.update(orders).set({ createdAt }).where(eq(orders.id, orderId));
  }

  async function refund(orderId: string, amount: number | undefined, at: Date) {
    const response = await callEndpoint(testApp.app, refundOrder, {
      token: team.finance.token,
      params: { id: orderId },
      body: { reason: 'scripted refund', ...(amount === undefined ? {} : { amount }) },
    });
    await db
      .update(orderRefunds)
      .set({ createdAt: at })
      .where(eq(orderRefunds.id, response.data().refund.id));
  }

  async function usage(kind: 'static' | 'dynamic', userId: string, hour: string, bytes: bigint) {
    await db.insert(usageHourly).values({
      hour: new Date(hour),
      kind,
      subjectId: randomUUID(),
      userId,
      bytesUp: bytes / 4n,
      bytesDown: bytes - bytes / 4n,
    });
  }

  it('answers every staff role, refuses customers and anonymous callers', async () => {
    await expectAccessPerPermissionTable(testApp, getAdminDashboard, {
      team,
      customerToken,
      call: async () => ({}),
    });
  });

  it('gives money figures to owner and finance only', async () => {
    for (const role of staffRoles) {
      const response = await callEndpoint(testApp.app, getAdminDashboard, {
        token: team[role].token,
      });
      const dashboard = response.data();
      if (role === 'owner' || role === 'finance') {
        expect(dashboard.money, role).not.toBeNull();
        expect(response.body).toContain('"grossSales"');
      } else {
        expect(dashboard.money, role).toBeNull();
        // Not a single money field anywhere in the answer.
        for (const field of moneyFields) expect(response.body, role).not.toContain(`"${field}"`);
      }
    }
  });

  it('equals its own recomputation after a scripted day of purchases, refunds and top-ups', async () => {
    const jp = await seedStaticIpPlan(db, { stock: 4, pricesFen: { 30: 3_000n } });
    const us = await seedStaticIpPlan(db, {
      country: 'US',
      countryNameZh: '美国',
      countryNameEn: 'United States',
      cityNameZh: '洛杉矶',
      cityNameEn: 'Los Angeles',
      stock: 3,
      pricesFen: { 30: 4_500n },
    });
    const traffic = await seedTrafficPlan(db, { priceFen: 1_500n });
    const [alice, bob, carol, dave] = await Promise.all(
      ['alice', 'bob', 'carol', 'dave'].map((name) => registerCustomer(testApp, { name })),
    );

    // Top-ups, paid on both sides of midnight and of the month's end.
    await backdatePayment(await topUp(alice!.token, 500), china('2026-01-31T23:59:59'));
    await backdatePayment(await topUp(alice!.token, 200), china('2026-02-01T00:00:00'));
    // Paid in the last half second of February, credited to the ledger just after midnight:
    // the reconciliation of both days disagrees.
    await backdatePayment(
      await topUp(bob!.token, 300),
      china('2026-02-28T23:59:59.500'),
      china('2026-03-01T00:00:00.200'),
    );
    // 00:30 on the 1st in China is still the 28th in UTC.
    await backdatePayment(await topUp(carol!.token, 100.5), china('2026-03-01T00:30:00'));
    await backdatePayment(await topUp(dave!.token, 50), china('2026-03-02T09:00:00'));
    // Still pending.
    await callEndpoint(testApp.app, createTopUp, {
      token: dave!.token,
      body: { amount: 77.7, channel: 'sandbox' },
    });

    await backdateUser(alice!.user.id, china('2026-02-01T00:00:00'));
    await backdateUser(bob!.user.id, china('2026-02-28T23:59:59'));
    await backdateUser(carol!.user.id, china('2026-03-01T00:00:00'));
    await backdateUser(dave!.user.id, china('2026-03-02T10:00:00'));

    // Purchases.
    const buy = async (token: string, planId: string, quantity: number) =>
      (
        await callEndpoint(testApp.app, createStaticIpOrder, {
          token,
          body: { planId, durationDays: 30, quantity },
        })
      ).data();
    const aliceOrder = await buy(alice!.token, jp.planId, 2);
    const bobOrder = await buy(bob!.token, us.planId, 1);
    const carolOrder = await buy(carol!.token, jp.planId, 1);
    const bobTraffic = (
      await callEndpoint(testApp.app, createTrafficOrder, {
        token: bob!.token,
        body: { planId: traffic.id, quantity: 2 },
      })
    ).data();
    await backdateOrder(aliceOrder.order.id, china('2026-02-15T12:00:00'));
    await backdateOrder(bobOrder.order.id, china('2026-03-01T00:00:00'));
    await backdateOrder(carolOrder.order.id, china('2026-02-28T20:00:00'));
    await backdateOrder(bobTraffic.order.id, china('2026-03-02T08:00:00'));

    // Refunds: carol's whole order the morning after (her IP cools down), part of alice's a day on.
    await refund(carolOrder.order.id, undefined, china('2026-03-01T01:00:00'));
    await refund(aliceOrder.order.id, 10.5, china('2026-03-02T11:00:00'));

    // One of alice's IPs ran out at midnight on the 1st (the expiry job has not run yet).
    const [firstOfAlice] = aliceOrder.instances;
    await db
      .update(proxyInstances)
      .set({ expiresAt: china('2026-03-01T00:00:00') })
      .where(eq(proxyInstances.id, firstOfAlice!.id));
    // An operator took one JP address off sale and retired a US one.
    const jpAvailable = await db
      .select({ id: ipAddresses.id })
      .from(ipAddresses)
      .where(eq(ipAddresses.regionId, jp.regionId));
    const sold = new Set(
      (await db.select().from(proxyInstances)).map((instance) => instance.ipAddressId),
    );
    const [spareJp] = jpAvailable.filter((ip) => !sold.has(ip.id));
    await db
      .update(ipAddresses)
      .set({ status: 'quarantined', statusReason: 'blacklisted' })
      .where(eq(ipAddresses.id, spareJp!.id));
    const [spareUs] = us.ipIds.filter((id) => !sold.has(id));
    await db.update(ipAddresses).set({ status: 'retired' }).where(eq(ipAddresses.id, spareUs!));

    // Traffic around the day boundary (China midnight is 16:00 UTC) and the chart's first day.
    await usage('static', alice!.user.id, '2026-02-28T15:00:00Z', 1_000n);
    await usage('static', alice!.user.id, '2026-02-28T16:00:00Z', 4_000n);
    await usage('dynamic', bob!.user.id, '2026-02-28T16:00:00Z', 8_000n);
    await usage('dynamic', bob!.user.id, '2026-03-01T15:00:00Z', 2_000n);
    await usage('static', bob!.user.id, '2026-03-01T16:00:00Z', 64_000n);
    await usage('dynamic', carol!.user.id, '2026-01-30T16:00:00Z', 12_000n);
    await usage('dynamic', carol!.user.id, '2026-01-30T15:00:00Z', 16_000n);

    // Nodes: heard from 5 s and exactly 9 s before the first reading, a disabled one, and the
    // others (never heard from).
    const [first] = readings;
    await db
      .update(gatewayNodes)
      .set({ lastSeenAt: new Date(first!.getTime() - 5_000) })
      .where(eq(gatewayNodes.id, jp.nodeId));
    await db
      .update(gatewayNodes)
      .set({ lastSeenAt: new Date(first!.getTime() - 9_000) })
      .where(eq(gatewayNodes.id, us.nodeId));
    await db.insert(gatewayNodes).values({
      name: `disabled-${randomUUID().slice(0, 8)}`,
      host: 'gw-off.example.com',
      apiKeyHash: randomUUID(),
      status: 'disabled',
      lastSeenAt: first!,
    });

    for (const now of readings) {
      for (const role of staffRoles) {
        for (const locale of ['zh-CN', 'en-US'] as const) {
          const dashboard = await getDashboard({ db, role, locale, now });
          expect(dashboard, `${role} ${locale} at ${now.toISOString()}`).toEqual(
            await recomputeDashboard(db, { now, role, locale }),
          );
        }
      }
    }

    // The script moves every figure (a recomputation of zeros would prove nothing).
    const atFirst = await recomputeDashboard(db, { now: first!, role: 'owner', locale: 'en-US' });
    expect(atFirst.today).toBe('2026-03-01');
    expect(atFirst.lastMonth).toBe('2026-02');
    expect(atFirst.customers.newToday).toBeGreaterThan(0);
    expect(atFirst.customers.withLiveIps).toBeGreaterThan(0);
    expect(atFirst.money?.today.revenue).toBeGreaterThan(0);
    expect(atFirst.money?.today.refunds).toBeGreaterThan(0);
    expect(atFirst.money?.lastMonth.grossSales).toBeGreaterThan(0);
    expect(atFirst.money?.lastMonth.revenue).toBeGreaterThan(0);
    expect(atFirst.payments.mismatchedDays).toEqual(['2026-02-28', '2026-03-01']);
    expect(atFirst.payments.pending).toBeGreaterThan(0);
    expect(atFirst.traffic.today.staticBytes).toBeGreaterThan(0);
    expect(atFirst.traffic.today.dynamicBytes).toBeGreaterThan(0);
    expect(atFirst.nodes.online).toBe(2);
    expect(atFirst.nodes.disabled).toBe(1);
    const jpRegion = atFirst.staticIps.regions.find((region) => region.regionId === jp.regionId);
    expect(jpRegion).toMatchObject({ quarantined: 1, total: 4 });
    expect(jpRegion!.sold).toBeGreaterThan(0);
    expect(jpRegion!.cooling).toBeGreaterThan(0);

    // Through the API, at the moment it answered.
    for (const role of staffRoles) {
      const response = await callEndpoint(testApp.app, getAdminDashboard, {
        token: team[role].token,
        headers: { 'accept-language': 'zh-CN' },
      });
      const dashboard: Dashboard = response.data();
      expect(dashboard).toEqual(
        await recomputeDashboard(db, {
          now: new Date(dashboard.generatedAt),
          role,
          locale: 'zh-CN',
        }),
      );
    }
  }, 60_000);
});
