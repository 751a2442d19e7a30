// Many operators refunding one order at once (double clicks, two tabs, two people): never more
// back than was paid, one refund per key, and the money adds up afterwards, on PostgreSQL (real
// concurrency on the order's row lock) and on PGlite (which serialises the transactions).
import { refundOrder, type EndpointBody } from '@stratus/contract';
import { auditLog, eq, ledgerEntries, orders, proxyInstances, sql, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { buyStaticIps, refundStateOf } from '../../../test/orders.ts';
import { registerCustomer, registerStaffTeam } from '../../../test/accounts.ts';

/** Ten requests: partial and full, without a key, sharing a key, each with its own key. */
const requests: { body: EndpointBody<typeof refundOrder>; key?: string }[] = [
  { body: { amount: 20, reason: 'partial' } },
  { body: { amount: 20, reason: 'partial' } },
  { body: { amount: 20, reason: 'partial' } },
  { body: { amount: 20, reason: 'double click' }, key: 'same-click' },
  { body: { amount: 20, reason: 'double click' }, key: 'same-click' },
  { body: { reason: 'full, twice' }, key: 'full-click' },
  { body: { reason: 'full, twice' }, key: 'full-click' },
  { body: { reason: 'full' } },
  { body: { amount: 35, reason: 'own key' }, key: 'own-1' },
  { body: { amount: 35, reason: 'own key' }, key: 'own-2' },
];

describe.each(testEngines)('concurrent refunds of one order on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  it('never refunds more than was paid, once per key, and keeps ledger = balance', async () => {
    const db = testApp.database.db;
    const staff = await registerStaffTeam(testApp);
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
    const { order } = await buyStaticIps(testApp, customer.token, { quantity: 3 });
    const start = await refundStateOf(testApp, { orderId: order.id, userId: customer.user.id });

    const responses = await Promise.all(
      requests.map(({ body, key }, index) =>
        callEndpoint(testApp.app, refundOrder, {
          token: index % 2 ? staff.owner.token : staff.finance.token,
          params: { id: order.id },
          body,
          headers: { 'idempotency-key': key },
        }),
      ),
    );

    // Only refusals that say nothing is left (or not that much) are allowed.
    const refundIds = new Map<number, string>();
    responses.forEach((response, index) => {
      if (response.statusCode === 200) {
        refundIds.set(index, response.data().refund.id);
      } else {
        expect([70202, 70203], response.body).toContain(response.json().code);
      }
    });
    // Two answers with one key are one refund.
    for (const [a, b] of [
      [3, 4],
      [5, 6],
    ] as const) {
      if (refundIds.has(a) && refundIds.has(b)) expect(refundIds.get(a)).toBe(refundIds.get(b));
    }

    const end = await refundStateOf(testApp, { orderId: order.id, userId: customer.user.id });
    const refundedFen = end.refunds.reduce((sum, refund) => sum + refund.amountFen, 0n);
    // Full requests were among them, so whatever the order, everything went back; no more.
    expect(end.order).toMatchObject({ totalFen: 9_000n, refundedFen: 9_000n, status: 'refunded' });
    expect(refundedFen).toBe(9_000n);
    expect(new Set(refundIds.values()).size).toBe(end.refunds.length);
    expect(end.refunds.filter((refund) => refund.full)).toHaveLength(1);

    const newLedger = end.ledger.slice(start.ledger.length);
    expect(newLedger.map((entry) => entry.type)).toEqual(end.refunds.map(() => 'refund'));
    expect(newLedger.reduce((sum, entry) => sum + entry.amountFen, 0n)).toBe(9_000n);
    expect(end.balanceFen).toBe(start.balanceFen! + 9_000n);
    expect(end.audit.filter((entry) => entry.action === 'order.refund')).toHaveLength(
      end.refunds.length,
    );

    // Every wallet's ledger still sums to its balance.
    const [mismatch] = await db
      .select({ userId: wallets.userId })
      .from(wallets)
      .where(
        sql`${wallets.balanceFen} <> coalesce((select sum(${ledgerEntries.amountFen}) from ${ledgerEntries} where ${ledgerEntries.userId} = ${wallets.userId}), 0)`,
      );
    expect(mismatch).toBeUndefined();
    const instances = await db
      .select()
      .from(proxyInstances)
      .where(eq(proxyInstances.orderId, order.id));
    expect(instances.map((instance) => instance.status)).toEqual(['expired', 'expired', 'expired']);
    // Nothing audited without a refund committed with it.
    const audited = await db.select().from(auditLog).where(eq(auditLog.targetId, order.id));
    expect(audited).toHaveLength(end.refunds.length);
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.refundedFen).toBe(refundedFen);
  });
});
