import {
  getOrder,
  listTrafficPackages,
  listTransactions,
  refundOrder,
  type EndpointBody,
} from '@stratus/contract';
import { eq, inArray, ipAddresses, orders, proxyInstances } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseCooledIps } from '../../jobs/release-cooled-ips.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { buyStaticIps, buyTraffic, refundStateOf, renew } from '../../../test/orders.ts';
import { registerCustomer, registerStaffTeam } from '../../../test/accounts.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const COOLDOWN_HOURS = 6;

describe.each(testEngines)('refunds of orders on %s', (engine) => {
  let testApp: TestApp;
  let staff: Awaited<ReturnType<typeof registerStaffTeam>>;
  beforeAll(async () => {
    testApp = await createTestApp(engine, { env: { IP_COOLDOWN_HOURS: String(COOLDOWN_HOURS) } });
    staff = await registerStaffTeam(testApp);
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;
  const refund = (
    token: string | undefined,
    orderId: string,
    body: EndpointBody<typeof refundOrder>,
    key?: string,
  ) =>
    callEndpoint(testApp.app, refundOrder, {
      token,
      params: { id: orderId },
      body,
      headers: { 'accept-language': 'en-US', 'idempotency-key': key },
    });
  /** A customer who bought `quantity` static IPs (¥30 each). */
  const staticOrder = async (quantity = 2) => {
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
    const bought = await buyStaticIps(testApp, customer.token, { quantity });
    return { customer, ...bought };
  };
  const stateOf = (orderId: string, userId: string) => refundStateOf(testApp, { orderId, userId });

  it('lets owner and finance refund, and refuses support, ops, customers and strangers', async () => {
    const { customer, order } = await staticOrder(1);
    for (const role of ['owner', 'finance'] as const) {
      const response = await refund(staff[role].token, order.id, { amount: 1, reason: role });
      expect(response.statusCode, role).toBe(200);
    }
    const before = await stateOf(order.id, customer.user.id);
    for (const role of ['support', 'ops'] as const) {
      const response = await refund(staff[role].token, order.id, { amount: 1, reason: role });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 10302,
        message: `Your staff role (${role}) does not allow this`,
        data: null,
      });
    }
    const byCustomer = await refund(customer.token, order.id, { reason: 'mine' });
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json()).toMatchObject({ code: 10301 });
    expect((await refund(undefined, order.id, { reason: 'anyone' })).statusCode).toBe(401);
    expect(await stateOf(order.id, customer.user.id)).toEqual(before);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const { customer, order } = await staticOrder(1);
    const before = await stateOf(order.id, customer.user.id);
    const cases = [
      [{ amount: 0, reason: 'zero' }, 'amount', 'must be at least 0.01'],
      [{ amount: -5, reason: 'negative' }, 'amount', 'must be at least 0.01'],
      [{ amount: 1.234, reason: 'precise' }, 'amount', 'may have at most two decimals'],
      [{ amount: '5', reason: 'text' }, 'amount', 'must be a number'],
      [{ amount: 5 }, 'reason', 'is required'],
      [{ amount: 5, reason: '   ' }, 'reason', 'is required'],
      [{ reason: 'x'.repeat(501) }, 'reason', 'must be at most 500 characters'],
      [
        { reason: 'two\nlines' },
        'reason',
        'must not contain line breaks or other control characters',
      ],
    ] as const;
    for (const [rawBody, field, reason] of cases) {
      const response = await callEndpoint(testApp.app, refundOrder, {
        token: staff.finance.token,
        params: { id: order.id },
        rawBody,
        headers: { 'accept-language': 'en-US' },
      });
      expect(response.statusCode, JSON.stringify(rawBody)).toBe(400);
      expect(response.json()).toEqual({
        code: 10001,
        message: `Invalid ${field}: ${reason}`,
        data: expect.objectContaining({ field }),
      });
    }
    const blankKey = await refund(staff.finance.token, order.id, { reason: 'key' }, ' ');
    expect(blankKey.statusCode).toBe(400);
    expect(blankKey.json().data.field).toBe('idempotency-key');
    const malformed = await callEndpoint(testApp.app, refundOrder, {
      token: staff.finance.token,
      rawParams: { id: 'order-1' },
      body: { reason: 'id' },
    });
    expect(malformed.statusCode).toBe(400);
    const missing = await refund(staff.finance.token, '00000000-0000-4000-8000-000000000000', {
      reason: 'gone',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(40201);
    expect(await stateOf(order.id, customer.user.id)).toEqual(before);
  });

  it('refunds part, refuses more than is left, then refunds the rest and ends the IPs', async () => {
    const { customer, order, instances } = await staticOrder(2);
    const userId = customer.user.id;
    const start = await stateOf(order.id, userId);

    const partial = await refund(staff.finance.token, order.id, {
      amount: 10.5,
      reason: 'Late setup',
    });
    expect(partial.data()).toMatchObject({
      refund: { amount: 10.5, reason: 'Late setup', full: false, staffEmail: expect.any(String) },
      order: { status: 'partially_refunded', total: 60, refunded: 10.5, refundable: 49.5 },
    });
    const afterPartial = await stateOf(order.id, userId);
    expect(afterPartial.balanceFen).toBe(start.balanceFen! + 1_050n);
    expect(afterPartial.ledger.slice(start.ledger.length)).toEqual([
      expect.objectContaining({
        type: 'refund',
        amountFen: 1_050n,
        reference: order.orderNo,
        note: 'Late setup',
        balanceAfterFen: afterPartial.balanceFen,
      }),
    ]);
    expect(afterPartial.refunds).toEqual([
      expect.objectContaining({
        amountFen: 1_050n,
        full: false,
        ledgerEntryId: afterPartial.ledger.at(-1)!.id,
        idempotencyKey: null,
      }),
    ]);
    expect(afterPartial.audit).toEqual([
      expect.objectContaining({
        action: 'order.refund',
        actorRole: 'finance',
        targetType: 'order',
        reason: 'Late setup',
        changes: {
          status: { before: 'paid', after: 'partially_refunded' },
          refunded: { before: 0, after: 10.5 },
        },
      }),
    ]);
    // A partial refund moves money only.
    expect(partial.data().order.instances.map((instance) => instance.status)).toEqual([
      'active',
      'active',
    ]);

    const tooMuch = await refund(staff.finance.token, order.id, { amount: 49.51, reason: 'Over' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toEqual({
      code: 70203,
      message: 'The refund is more than is left to refund: at most ¥49.50 for this order',
      data: null,
    });
    // A failed refund leaves no audit entry, no ledger row, nothing.
    expect(await stateOf(order.id, userId)).toEqual(afterPartial);

    const before = Date.now();
    const rest = await refund(staff.owner.token, order.id, { reason: 'Customer left' });
    expect(rest.data()).toMatchObject({
      refund: { amount: 49.5, full: true },
      order: { status: 'refunded', refunded: 60, refundable: 0 },
    });
    expect(rest.data().order.refunds.map((item) => [item.amount, item.full])).toEqual([
      [10.5, false],
      [49.5, true],
    ]);
    const ended = await db()
      .select()
      .from(proxyInstances)
      .where(eq(proxyInstances.orderId, order.id));
    for (const instance of ended) {
      expect(instance.status).toBe('expired');
      expect(instance.expiresAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect(instance.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    // The IPs cool down like expired ones, then the release job returns them to the pool.
    const ipsOf = () =>
      db()
        .select()
        .from(ipAddresses)
        .where(
          inArray(
            ipAddresses.id,
            ended.map((instance) => instance.ipAddressId),
          ),
        );
    const cooling = await ipsOf();
    expect(cooling.map((ip) => ip.status)).toEqual(['cooling', 'cooling']);
    for (const ip of cooling) {
      const cooldown = ip.coolingUntil!.getTime() - before;
      expect(cooldown).toBeGreaterThanOrEqual(COOLDOWN_HOURS * HOUR_MS - 1_000);
      expect(cooldown).toBeLessThanOrEqual(COOLDOWN_HOURS * HOUR_MS + 60_000);
    }
    await releaseCooledIps({
      db: db(),
      now: new Date(Date.now() + (COOLDOWN_HOURS + 1) * HOUR_MS),
    });
    const released = await ipsOf();
    expect(released.map((ip) => ip.status)).toEqual(['available', 'available']);
    expect(released.map((ip) => ip.address).sort()).toEqual(
      instances.map((instance) => instance.ip).sort(),
    );

    const again = await refund(staff.owner.token, order.id, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 70202,
      message: 'This order has already been refunded in full',
    });
  });

  it('shows the customer the refund in the ledger and the order status', async () => {
    const { customer, order } = await staticOrder(1);
    await refund(staff.finance.token, order.id, { amount: 5, reason: 'IP was slow on 3 May' });
    const ledger = await callEndpoint(testApp.app, listTransactions, {
      token: customer.token,
      query: { type: 'refund' },
    });
    expect(ledger.data().items).toEqual([
      expect.objectContaining({
        type: 'refund',
        amount: 5,
        reference: order.orderNo,
        note: 'IP was slow on 3 May',
      }),
    ]);
    const seen = await callEndpoint(testApp.app, getOrder, {
      token: customer.token,
      params: { id: order.id },
    });
    expect(seen.data().status).toBe('partially_refunded');
    await refund(staff.finance.token, order.id, { reason: 'Rest' });
    const after = await callEndpoint(testApp.app, getOrder, {
      token: customer.token,
      params: { id: order.id },
    });
    expect(after.data().status).toBe('refunded');
  });

  it('takes the whole rest named as an amount as a full refund: a traffic package ends', async () => {
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
    const { order } = await buyTraffic(testApp, customer.token);
    const packagesOf = async () =>
      (await callEndpoint(testApp.app, listTrafficPackages, { token: customer.token })).data();
    expect((await packagesOf()).items.map((item) => item.status)).toEqual(['active']);
    const partial = await refund(staff.finance.token, order.id, { amount: 5, reason: 'Partly' });
    expect(partial.data().refund.full).toBe(false);
    expect((await packagesOf()).summary.activePackages).toBe(1);
    const rest = await refund(staff.finance.token, order.id, { amount: 10, reason: 'The rest' });
    expect(rest.data()).toMatchObject({
      refund: { amount: 10, full: true },
      order: { status: 'refunded' },
    });
    const packages = await packagesOf();
    expect(packages.items.map((item) => item.status)).toEqual(['expired']);
    expect(packages.summary).toMatchObject({ activePackages: 0, remainingBytes: 0 });
  });

  it('takes back the days a fully refunded renewal added, never to before now', async () => {
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
    const { instances } = await buyStaticIps(testApp, customer.token, { quantity: 2 });
    const [first, second] = instances.map((instance) => instance.id) as [string, string];
    const expiryOf = async (id: string) =>
      (await db().select().from(proxyInstances).where(eq(proxyInstances.id, id)))[0]!;
    const bought = (await expiryOf(first)).expiresAt.getTime();
    const renewal = await renew(testApp, customer.token, first);
    expect((await expiryOf(first)).expiresAt.getTime()).toBe(bought + 30 * DAY_MS);
    await refund(staff.finance.token, renewal.order.id, { reason: 'Renewed by mistake' });
    expect(await expiryOf(first)).toMatchObject({
      status: 'active',
      expiresAt: new Date(bought),
    });

    // Renewed, then most of the time used up: the take-back stops at now.
    const late = await renew(testApp, customer.token, second);
    await db()
      .update(proxyInstances)
      .set({ expiresAt: new Date(Date.now() + 5 * DAY_MS) })
      .where(eq(proxyInstances.id, second));
    const before = Date.now();
    await refund(staff.finance.token, late.order.id, { reason: 'Goodwill' });
    const taken = await expiryOf(second);
    expect(taken.expiresAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(taken.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('a full refund of a static-IP order takes back only its own period from an instance a later renewal extended', async () => {
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
    const { order, instances } = await buyStaticIps(testApp, customer.token, { quantity: 2 });
    const [renewed, plain] = instances.map((instance) => instance.id) as [string, string];
    const rowOf = async (id: string) =>
      (await db().select().from(proxyInstances).where(eq(proxyInstances.id, id)))[0]!;
    const bought = (await rowOf(renewed)).expiresAt.getTime();
    await renew(testApp, customer.token, renewed);
    const before = Date.now();
    const answer = await refund(staff.finance.token, order.id, { reason: 'Wrong region' });
    expect(answer.data()).toMatchObject({ refund: { full: true }, order: { status: 'refunded' } });
    // The renewal was paid for and not refunded: the instance keeps it, less the first period.
    const kept = await rowOf(renewed);
    expect(kept.status).toBe('active');
    expect(kept.expiresAt.getTime()).toBe(bought);
    expect(kept.expiresAt.getTime()).toBeGreaterThan(before + 29 * DAY_MS);
    // The instance no renewal touched ends as before.
    expect((await rowOf(plain)).status).toBe('expired');
  });

  it('refuses to refund an order that cost nothing', async () => {
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
    const [free] = await db()
      .insert(orders)
      .values({
        orderNo: `FREE${Date.now()}`,
        userId: customer.user.id,
        type: 'traffic',
        totalFen: 0n,
      })
      .returning();
    const before = await stateOf(free!.id, customer.user.id);
    const response = await refund(staff.owner.token, free!.id, { reason: 'Free' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 70201,
      message: 'This order cost nothing; there is nothing to refund',
      data: null,
    });
    expect(await stateOf(free!.id, customer.user.id)).toEqual(before);
  });

  it('answers a repeat with the same key with the first refund, and refuses it for another request', async () => {
    const { customer, order } = await staticOrder(2);
    const first = await refund(
      staff.finance.token,
      order.id,
      { amount: 7, reason: 'Once' },
      'click-1',
    );
    const afterFirst = await stateOf(order.id, customer.user.id);
    const repeat = await refund(
      staff.finance.token,
      order.id,
      { amount: 7, reason: 'Once' },
      'click-1',
    );
    expect(repeat.statusCode).toBe(200);
    expect(repeat.data().refund).toEqual(first.data().refund);
    expect(await stateOf(order.id, customer.user.id)).toEqual(afterFirst);
    expect(afterFirst.refunds).toEqual([
      expect.objectContaining({ idempotencyKey: 'click-1', requestHash: expect.any(String) }),
    ]);

    for (const body of [
      { amount: 8, reason: 'Once' },
      { amount: 7, reason: 'Other' },
      { reason: 'Once' },
    ]) {
      const reused = await refund(staff.finance.token, order.id, body, 'click-1');
      expect(reused.statusCode).toBe(409);
      expect(reused.json()).toMatchObject({ code: 40102 });
    }
    expect(await stateOf(order.id, customer.user.id)).toEqual(afterFirst);

    // Keys belong to one order: the same key refunds another order on its own.
    const other = await staticOrder(1);
    const elsewhere = await refund(
      staff.finance.token,
      other.order.id,
      { amount: 7, reason: 'Once' },
      'click-1',
    );
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.data().refund.id).not.toBe(first.data().refund.id);
  });
});
