import { createStaticIpOrder, replaceInstance, type Instance } from '@stratus/contract';
import { eq, instanceReplacements, proxyInstances } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { addIps, seedStaticIpPlan } from '../../../test/catalog.ts';
import { creditWallet } from '../../../test/wallet.ts';

const DAY_MS = 86_400_000;

describe.each(testEngines)('concurrent replacements on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());
  const db = () => testApp.database.db;

  const buy = async (planId: string, quantity: number) => {
    const { token, user } = await registerCustomer(testApp);
    await creditWallet(db(), { userId: user.id, amountFen: 100_000n });
    const response = await callEndpoint(testApp.app, createStaticIpOrder, {
      token,
      body: { planId, durationDays: 30, quantity },
    });
    expect(response.statusCode).toBe(200);
    return { token, instances: response.data().instances as Instance[] };
  };
  const replace = (token: string, id: string) =>
    callEndpoint(testApp.app, replaceInstance, { token, params: { id }, body: {} });

  it('two replacements of one instance at once never exceed the monthly quota', async () => {
    const plan = await seedStaticIpPlan(db(), { stock: 4 });
    const { token, instances } = await buy(plan.planId, 1);
    const instance = instances[0]!;
    await db()
      .update(proxyInstances)
      .set({ createdAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(proxyInstances.id, instance.id));

    const responses = await Promise.all([replace(token, instance.id), replace(token, instance.id)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
    const rows = await db()
      .select()
      .from(instanceReplacements)
      .where(eq(instanceReplacements.instanceId, instance.id));
    expect(rows).toHaveLength(1);
  });

  it('two instances replaced at once never share an address, and the last one left goes once', async () => {
    const plan = await seedStaticIpPlan(db(), { stock: 3 });
    const { token, instances } = await buy(plan.planId, 3);
    await addIps(db(), {
      nodeId: plan.nodeId,
      regionId: plan.regionId,
      lineType: plan.lineType,
      count: 2,
    });
    const three = await Promise.all(instances.map((instance) => replace(token, instance.id)));
    const codes = three.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 200, 409]);
    const newIps = three.filter((r) => r.statusCode === 200).map((r) => r.data().ip);
    expect(new Set(newIps).size).toBe(2);
    for (const ip of newIps) expect(instances.map((i) => i.ip)).not.toContain(ip);
  });
});
