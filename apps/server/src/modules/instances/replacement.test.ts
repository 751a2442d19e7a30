import {
  createStaticIpOrder,
  getNodeCredentials,
  listInstances,
  listOrders,
  nodeSnapshotSchema,
  replaceInstance,
  type Instance,
} from '@stratus/contract';
import {
  eq,
  instanceReplacements,
  ipAddresses,
  proxyInstances,
  staticIpPlans,
  usageHourly,
} from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfBusinessMonth } from '../../business-time.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { addIps, seedStaticIpPlan } from '../../../test/catalog.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { addTestNode } from '../../../test/usage.ts';
import { replaceInstance as replaceInstanceAt } from './replacement.ts';

const DAY_MS = 86_400_000;

describe.each(testEngines)('IP replacement on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());
  const db = () => testApp.database.db;

  /** A customer with one instance of a fresh plan on its own node, and `spare` more addresses. */
  const setUp = async ({ spare = 3, perMonth = 1 }: { spare?: number; perMonth?: number } = {}) => {
    const node = await addTestNode(db());
    const plan = await seedStaticIpPlan(db(), { stock: 0 });
    await db()
      .update(staticIpPlans)
      .set({ replacementsPerMonth: perMonth })
      .where(eq(staticIpPlans.id, plan.planId));
    await addIps(db(), {
      nodeId: node.id,
      regionId: plan.regionId,
      lineType: plan.lineType,
      count: 1,
    });
    const { token, user } = await registerCustomer(testApp);
    await creditWallet(db(), { userId: user.id, amountFen: 100_000n });
    const bought = await callEndpoint(testApp.app, createStaticIpOrder, {
      token,
      body: { planId: plan.planId, durationDays: 30, quantity: 1 },
    });
    expect(bought.statusCode).toBe(200);
    const instance = bought.data().instances[0]! as Instance;
    await addIps(db(), {
      nodeId: node.id,
      regionId: plan.regionId,
      lineType: plan.lineType,
      count: spare,
    });
    return { node, plan, token, user, instance };
  };
  const replace = (token: string, id: string, headers: Record<string, string> = {}) =>
    callEndpoint(testApp.app, replaceInstance, { token, params: { id }, body: {}, headers });
  /** Makes the instance older than its free window (and longer-lived, for month jumps). */
  const ageInstance = async (id: string, now = new Date()) => {
    await db()
      .update(proxyInstances)
      .set({
        createdAt: new Date(now.getTime() - 2 * DAY_MS),
        expiresAt: new Date(now.getTime() + 200 * DAY_MS),
      })
      .where(eq(proxyInstances.id, id));
  };
  const addressStatus = async (address: string) =>
    (await db().select().from(ipAddresses).where(eq(ipAddresses.address, address)))[0]?.status;

  it('moves the instance to another address of the plan, free within 24 hours, keeping the rest', async () => {
    const { token, instance, node } = await setUp();
    const response = await replace(token, instance.id);
    expect(response.statusCode).toBe(200);
    const replaced = response.data();
    expect(replaced.ip).not.toBe(instance.ip);
    expect(replaced).toMatchObject({
      id: instance.id,
      username: instance.username,
      password: instance.password,
      vmessId: instance.vmessId,
      protocols: instance.protocols,
      expiresAt: instance.expiresAt,
      remark: instance.remark,
      autoRenew: instance.autoRenew,
      city: instance.city,
      lineType: instance.lineType,
      // The free one does not count against the month's quota.
      replacementsLeftThisMonth: 1,
    });
    expect(await addressStatus(instance.ip)).toBe('cooling');
    expect(await addressStatus(replaced.ip)).toBe('allocated');
    const [row] = await db()
      .select()
      .from(instanceReplacements)
      .where(eq(instanceReplacements.instanceId, instance.id));
    expect(row?.free).toBe(true);

    // Listed in the order history as a ¥0 replacement order naming the instance.
    const orders = (await callEndpoint(testApp.app, listOrders, { token, query: {} })).data();
    const order = orders.items.find((item) => item.type === 'replacement');
    expect(order).toMatchObject({ total: 0, instanceIds: [instance.id] });
    expect(order?.items[0]).toMatchObject({
      kind: 'static_ip',
      amount: 0,
      instanceId: instance.id,
    });

    // The node serves the same credentials on the new address and nothing on the old one.
    const snapshot = nodeSnapshotSchema.parse(
      (
        await callEndpoint(testApp.app, getNodeCredentials, { token: node.apiKey, query: {} })
      ).data().snapshot,
    );
    const served = snapshot.staticCredentials.filter((c) => c.instanceId === instance.id);
    expect(served.map((c) => [c.ip, c.username])).toEqual([[replaced.ip, instance.username]]);
    expect(snapshot.staticCredentials.some((c) => c.ip === instance.ip)).toBe(false);
  });

  it('counts replacements after 24 hours against the monthly quota and refuses beyond it', async () => {
    const { token, instance } = await setUp({ perMonth: 1 });
    await ageInstance(instance.id);
    const first = await replace(token, instance.id);
    expect(first.statusCode).toBe(200);
    expect(first.data().replacementsLeftThisMonth).toBe(0);
    const second = await replace(token, instance.id);
    expect(second.statusCode).toBe(422);
    expect(second.json().code).toBe(80401);
    expect(second.json().message).toContain('1');
    // The refusal changed nothing.
    expect(
      (
        await db()
          .select()
          .from(instanceReplacements)
          .where(eq(instanceReplacements.instanceId, instance.id))
      ).length,
    ).toBe(1);
  });

  it('gives the quota back in the next calendar month (China time)', async () => {
    const { user, instance } = await setUp({ perMonth: 1 });
    const lastOfMonth = new Date(startOfBusinessMonth(new Date(), 1).getTime() - 60_000);
    await ageInstance(instance.id, lastOfMonth);
    const at = (now: Date) =>
      replaceInstanceAt({
        db: db(),
        userId: user.id,
        instanceId: instance.id,
        locale: 'en-US',
        cooldownHours: 24,
        now,
      });
    await at(lastOfMonth);
    await expect(at(new Date(lastOfMonth.getTime() + 30_000))).rejects.toMatchObject({
      name: 'AppError',
    });
    const nextMonth = await at(new Date(lastOfMonth.getTime() + 120_000));
    expect(nextMonth.replacementsLeftThisMonth).toBe(0);
  });

  it('refuses without stock, for an expired instance, and for someone else’s (404)', async () => {
    const empty = await setUp({ spare: 0 });
    const noStock = await replace(empty.token, empty.instance.id);
    expect(noStock.statusCode).toBe(409);
    expect(noStock.json().code).toBe(40101);

    const { token, instance } = await setUp();
    const stranger = await registerCustomer(testApp);
    const foreign = await replace(stranger.token, instance.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(40301);

    await db()
      .update(proxyInstances)
      .set({ status: 'expired' })
      .where(eq(proxyInstances.id, instance.id));
    const expired = await replace(token, instance.id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe(80402);
  });

  it('answers a repeat with the same Idempotency-Key without replacing again', async () => {
    const { token, instance } = await setUp();
    const headers = { 'idempotency-key': `replace-${instance.id}` };
    const first = await replace(token, instance.id, headers);
    const again = await replace(token, instance.id, headers);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.data().ip).toBe(first.data().ip);
    const rows = await db()
      .select()
      .from(instanceReplacements)
      .where(eq(instanceReplacements.instanceId, instance.id));
    expect(rows).toHaveLength(1);
  });

  it('replaces a flagged instance free even when the quota is spent', async () => {
    const { token, instance } = await setUp({ perMonth: 0 });
    await ageInstance(instance.id);
    expect((await replace(token, instance.id)).statusCode).toBe(422);
    await db()
      .update(ipAddresses)
      .set({ status: 'quarantined' })
      .where(eq(ipAddresses.address, instance.ip));
    const response = await replace(token, instance.id);
    expect(response.statusCode).toBe(200);
    // The quarantined address stays out of sale rather than cooling back into it.
    expect(await addressStatus(instance.ip)).toBe('quarantined');
  });

  it('lists each instance’s bytes of the last 30 days', async () => {
    const { token, user, instance } = await setUp();
    const hour = (daysAgo: number) =>
      new Date(Math.floor((Date.now() - daysAgo * DAY_MS) / 3_600_000) * 3_600_000);
    await db()
      .insert(usageHourly)
      .values([
        {
          hour: hour(1),
          kind: 'static',
          subjectId: instance.id,
          userId: user.id,
          bytesUp: 1000n,
          bytesDown: 2000n,
        },
        {
          hour: hour(10),
          kind: 'static',
          subjectId: instance.id,
          userId: user.id,
          bytesUp: 5n,
          bytesDown: 7n,
        },
        // Older than 30 days: not counted.
        {
          hour: hour(31),
          kind: 'static',
          subjectId: instance.id,
          userId: user.id,
          bytesUp: 99n,
          bytesDown: 99n,
        },
      ]);
    const list = (await callEndpoint(testApp.app, listInstances, { token, query: {} })).data();
    expect(list.items.find((item) => item.id === instance.id)?.usage30Days).toBe(3012);
  });
});
