// `stock.low` on both engines: a purchase that takes a plan on sale below its low-stock mark mails
// every staff member who runs the catalog once, in their language; later purchases while it stays
// low do not; an import and a new fall do; a plan without a mark never does; the reminder job's
// pass catches stock an operator retired.
import { createStaticIpOrder } from '@stratus/contract';
import { and, eq, messages, sql, staticIpPlans, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaff } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { addIps, seedStaticIpPlan, type SeededPlan } from '../../../test/catalog.ts';
import { putIpsInStatus } from '../../../test/inventory.ts';
import { registerCustomerSpeaking } from '../../../test/reminders.ts';
import { mailLowStock } from './low-stock.ts';

describe.each(testEngines)('low-stock alerts on %s', (engine) => {
  let testApp: TestApp;
  let staff: { owner: string; ops: string; finance: string };
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    const [owner, ops, finance] = await Promise.all(
      (['owner', 'ops', 'finance'] as const).map((role) => registerStaff(testApp, role)),
    );
    staff = { owner: owner!.user.id, ops: ops!.user.id, finance: finance!.user.id };
    await db().update(users).set({ language: 'en-US' }).where(eq(users.id, staff.ops));
  });
  afterAll(() => testApp?.close());
  const db = () => testApp.database.db;

  const alertsOf = (planId: string) =>
    db()
      .select()
      .from(messages)
      .where(and(eq(messages.event, 'stock.low'), sql`${messages.data} ->> 'planId' = ${planId}`));
  /** The alerts of the plan per recipient: how many each got. */
  const alertsPerRecipient = async (planId: string) => {
    const counts: Record<string, number> = {};
    for (const row of await alertsOf(planId)) {
      counts[row.userId!] = (counts[row.userId!] ?? 0) + 1;
    }
    return counts;
  };

  async function planWithMark(stock: number, lowStockMark: number | null): Promise<SeededPlan> {
    const plan = await seedStaticIpPlan(db(), { stock, pricesFen: { 30: 100n } });
    await db().update(staticIpPlans).set({ lowStockMark }).where(eq(staticIpPlans.id, plan.planId));
    return plan;
  }

  async function buy(plan: SeededPlan, quantity = 1) {
    const customer = await registerCustomerSpeaking(testApp, 'zh-CN', { balanceFen: 10_000n });
    const response = await callEndpoint(testApp.app, createStaticIpOrder, {
      token: customer.token,
      body: { planId: plan.planId, durationDays: 30, quantity },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('mails each catalog staff member once when a purchase takes the stock below the mark', async () => {
    const plan = await planWithMark(4, 3);
    await buy(plan);
    // 3 left: not below a mark of 3.
    expect(await alertsOf(plan.planId)).toEqual([]);
    await buy(plan);
    expect(await alertsPerRecipient(plan.planId)).toEqual({ [staff.owner]: 1, [staff.ops]: 1 });
    const alerts = await alertsOf(plan.planId);
    const chinese = alerts.find((row) => row.userId === staff.owner)!;
    expect(chinese.subject).toBe('日本东京 ISP住宅 库存不足：剩余 2 个');
    expect(chinese.textBody).toContain('可售 IP 只剩 2 个，已低于预警线 3 个。');
    expect(chinese.actionUrl).toMatch(/^\/admin\/ips\?region=JP%2Fc-\w+&lineType=isp_residential$/);
    const english = alerts.find((row) => row.userId === staff.ops)!;
    expect(english.subject).toBe('Low stock for Tokyo, Japan (ISP residential): 2 left');
    expect(english.data).toMatchObject({ planId: plan.planId, available: 2, mark: 3, poolSize: 4 });

    // Still low after another purchase: nothing more.
    await buy(plan);
    expect(await alertsPerRecipient(plan.planId)).toEqual({ [staff.owner]: 1, [staff.ops]: 1 });
    expect(await mailLowStock(db())).toBe(0);

    // An import brings it back above the mark; a purchase of several (the transactional path)
    // takes it below again: mailed again.
    await addIps(db(), { ...plan, count: 5 });
    await buy(plan, 4);
    expect(await alertsPerRecipient(plan.planId)).toEqual({ [staff.owner]: 2, [staff.ops]: 2 });
    expect((await alertsOf(plan.planId)).map((row) => row.subject)).toContain(
      '日本东京 ISP住宅 库存不足：剩余 2 个',
    );
  });

  it('never mails for a plan without a mark', async () => {
    const plan = await planWithMark(2, null);
    await buy(plan);
    await buy(plan);
    expect(await mailLowStock(db())).toBe(0);
    expect(await alertsOf(plan.planId)).toEqual([]);
  });

  it('catches in the reminder pass stock an operator retired, once; not for a hidden plan', async () => {
    const plan = await planWithMark(5, 3);
    const hidden = await planWithMark(5, 3);
    await db()
      .update(staticIpPlans)
      .set({ active: false })
      .where(eq(staticIpPlans.id, hidden.planId));
    await putIpsInStatus(db(), plan.ipIds.slice(0, 3), 'retired');
    await putIpsInStatus(db(), hidden.ipIds.slice(0, 3), 'retired');
    expect(await mailLowStock(db())).toBe(2);
    expect(await mailLowStock(db())).toBe(0);
    expect(await alertsPerRecipient(plan.planId)).toEqual({ [staff.owner]: 1, [staff.ops]: 1 });
    expect(await alertsOf(hidden.planId)).toEqual([]);
  });
});
