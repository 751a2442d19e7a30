// Fixtures of the operator console's order suites: customers who bought through the real API,
// and staff of each role.
import { createStaticIpOrder, createTrafficOrder, renewInstance } from '@stratus/contract';
import { auditLog, eq, ledgerEntries, orderRefunds, orders, wallets } from '@stratus/db';
import { type TestApp } from './app.ts';
import { callEndpoint } from './call-endpoint.ts';
import { seedStaticIpPlan } from './catalog.ts';
import { seedTrafficPlan } from './traffic.ts';

/** `quantity` static IPs bought for 30 days at ¥30 each. */
export async function buyStaticIps(
  testApp: TestApp,
  token: string,
  { quantity = 1, stock = quantity }: { quantity?: number; stock?: number } = {},
) {
  const plan = await seedStaticIpPlan(testApp.database.db, {
    stock,
    pricesFen: { 30: 3_000n },
  });
  const response = await callEndpoint(testApp.app, createStaticIpOrder, {
    token,
    body: { planId: plan.planId, durationDays: 30, quantity },
  });
  return { plan, ...response.data() };
}

/** One ¥15 traffic package. */
export async function buyTraffic(testApp: TestApp, token: string) {
  const plan = await seedTrafficPlan(testApp.database.db, { priceFen: 1_500n });
  const response = await callEndpoint(testApp.app, createTrafficOrder, {
    token,
    body: { planId: plan.id, quantity: 1 },
  });
  return response.data();
}

/** A renewal of one instance for 30 days (¥30). */
export async function renew(testApp: TestApp, token: string, instanceId: string) {
  const response = await callEndpoint(testApp.app, renewInstance, {
    token,
    params: { id: instanceId },
    body: { durationDays: 30 },
  });
  return response.data();
}

/** Everything a refund may write about an order and its customer, to compare before and after. */
export async function refundStateOf(
  testApp: TestApp,
  { orderId, userId }: { orderId: string; userId: string },
) {
  const db = testApp.database.db;
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return {
    balanceFen: wallet?.balanceFen,
    order,
    refunds: await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)),
    ledger: await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)),
    audit: await db.select().from(auditLog).where(eq(auditLog.targetId, orderId)),
  };
}
