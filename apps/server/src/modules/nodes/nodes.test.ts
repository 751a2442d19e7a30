import { createHash } from 'node:crypto';
import {
  createStaticIpOrder,
  getNodeCredentials,
  getDynamicAccount,
  nodeSnapshotSchema,
  resetInstancePassword,
  type NodeSnapshot,
} from '@stratus/contract';
import { eq, proxyInstances, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { addIps, seedStaticIpPlan } from '../../../test/catalog.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { addTestNode, disableNode, insertTrafficPackage } from '../../../test/usage.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const DAY_MS = 86_400_000;

describe.each(testEngines)('gateway node credentials on %s', (engine) => {
  let testApp: TestApp;
  let node: { id: string; apiKey: string };
  let otherNode: { id: string; apiKey: string };
  let planId: string;
  let regionCity: string;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    const db = testApp.database.db;
    node = await addTestNode(db);
    otherNode = await addTestNode(db);
    // The plan's own IPs are sold out, so every purchase lands on this node's two IPs.
    const plan = await seedStaticIpPlan(db, { stock: 0 });
    planId = plan.planId;
    await addIps(db, {
      nodeId: node.id,
      regionId: plan.regionId,
      lineType: plan.lineType,
      count: 6,
    });
    regionCity = (await db.query.regions.findFirst({
      where: (regions, { eq: equals }) => equals(regions.id, plan.regionId),
    }))!.cityCode;
  });
  afterAll(() => testApp?.close());

  const fetchCredentials = async (apiKey: string | null, since?: string) => {
    const response = await callEndpoint(testApp.app, getNodeCredentials, {
      ...(apiKey ? { token: apiKey } : {}),
      query: { since },
    });
    return response;
  };
  const snapshotOf = async (apiKey: string): Promise<NodeSnapshot> => {
    const response = await fetchCredentials(apiKey);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.unchanged).toBe(false);
    return nodeSnapshotSchema.parse(data.snapshot);
  };
  const buyInstance = async () => {
    const { token, user } = await registerCustomer(testApp);
    await creditWallet(testApp.database.db, { userId: user.id, amountFen: 10_000n });
    const response = await callEndpoint(testApp.app, createStaticIpOrder, {
      token,
      body: { planId, durationDays: 30, quantity: 1 },
    });
    expect(response.statusCode).toBe(200);
    const [instance] = response.data().instances;
    if (!instance) throw new Error('no instance bought');
    return { token, user, instance };
  };

  it('refuses callers without a valid node key', async () => {
    const { token } = await registerCustomer(testApp);
    for (const key of [null, token, 'gnk_not-a-real-key-000000000000']) {
      const response = await fetchCredentials(key);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).not.toBe(0);
    }
    const disabled = await addTestNode(testApp.database.db);
    await disableNode(testApp.database.db, disabled.id);
    expect((await fetchCredentials(disabled.apiKey)).statusCode).toBe(401);
  });

  it('lists the live instances on the node, with password digests, and nothing of other nodes', async () => {
    const { instance, user } = await buyInstance();
    const snapshot = await snapshotOf(node.apiKey);
    expect(snapshot.nodeId).toBe(node.id);
    const credential = snapshot.staticCredentials.find((c) => c.instanceId === instance.id);
    expect(credential).toEqual({
      instanceId: instance.id,
      userId: user.id,
      ip: instance.ip,
      port: instance.port,
      username: instance.username,
      passwordSha256: sha256(instance.password),
      protocols: instance.protocols,
      vmessId: instance.vmessId,
      vmessPort: expect.any(Number),
      expiresAt: new Date(instance.expiresAt).toISOString(),
    });
    expect(JSON.stringify(snapshot)).not.toContain(instance.password);
    // The pool of the node: all its addresses, with the region a username targets.
    expect(snapshot.dynamicEgress).toHaveLength(6);
    expect(snapshot.dynamicEgress.every((egress) => egress.country === 'JP')).toBe(true);
    expect(snapshot.dynamicEgress.every((egress) => egress.city === regionCity)).toBe(true);

    const other = await snapshotOf(otherNode.apiKey);
    expect(other.staticCredentials).toEqual([]);
    expect(other.dynamicEgress).toEqual([]);
  });

  it('answers only the version while nothing changed, and a new snapshot after a change', async () => {
    const { instance, token } = await buyInstance();
    const first = await snapshotOf(node.apiKey);
    const unchanged = await fetchCredentials(node.apiKey, first.version);
    expect(unchanged.data()).toEqual({
      version: first.version,
      unchanged: true,
      snapshot: null,
      checks: [],
    });

    const reset = await callEndpoint(testApp.app, resetInstancePassword, {
      token,
      params: { id: instance.id },
    });
    expect(reset.statusCode).toBe(200);
    const changed = (await fetchCredentials(node.apiKey, first.version)).data();
    expect(changed.unchanged).toBe(false);
    expect(changed.version).not.toBe(first.version);
    const credential = changed.snapshot?.staticCredentials.find(
      (c) => c.instanceId === instance.id,
    );
    expect(credential?.passwordSha256).toBe(sha256(reset.data().password));
    expect(credential?.passwordSha256).not.toBe(sha256(instance.password));
  });

  it('drops instances past their expiry and those of disabled customers', async () => {
    const expiring = await buyInstance();
    const disabled = await buyInstance();
    const db = testApp.database.db;
    await db
      .update(proxyInstances)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(proxyInstances.id, expiring.instance.id));
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.user.id));
    const ids = (await snapshotOf(node.apiKey)).staticCredentials.map((c) => c.instanceId);
    expect(ids).not.toContain(expiring.instance.id);
    expect(ids).not.toContain(disabled.instance.id);
  });

  it('carries dynamic accounts with the bytes their usable packages have left', async () => {
    const { token, user } = await registerCustomer(testApp);
    const account = await callEndpoint(testApp.app, getDynamicAccount, { token });
    expect(account.statusCode).toBe(200);
    const { account: name, password } = account.data();
    const withoutTraffic = (await snapshotOf(node.apiKey)).dynamicAccounts.find(
      (entry) => entry.userId === user.id,
    );
    expect(withoutTraffic).toEqual({
      userId: user.id,
      account: name,
      passwordSha256: sha256(password),
      remainingBytes: 0,
    });

    const db = testApp.database.db;
    const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);
    await insertTrafficPackage(db, {
      userId: user.id,
      totalBytes: 1000n,
      usedBytes: 300n,
      expiresAt: inDays(3),
    });
    await insertTrafficPackage(db, { userId: user.id, totalBytes: 500n, expiresAt: inDays(9) });
    await insertTrafficPackage(db, { userId: user.id, totalBytes: 800n, expiresAt: inDays(-1) });
    const withTraffic = (await snapshotOf(node.apiKey)).dynamicAccounts.find(
      (entry) => entry.userId === user.id,
    );
    expect(withTraffic?.remainingBytes).toBe(1200);
  });
});
