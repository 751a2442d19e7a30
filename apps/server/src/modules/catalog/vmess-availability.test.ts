import {
  createStaticIpOrder,
  exportInstances,
  getNodeCredentials,
  listInstances,
  listStaticIpCatalog,
} from '@stratus/contract';
import { eq, gatewayNodes } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { addTestNode } from '../../../test/usage.ts';
import { addIps, seedStaticIpPlan } from '../../../test/catalog.ts';
import { creditWallet } from '../../../test/wallet.ts';

// vmess is offered only where the node holding the IPs can serve it: by its latest heartbeat,
// V2Ray `failed` or `absent` marks vmess unavailable in the catalog and the IP list and leaves it
// out of exports; `stopped` (idle until an IP sells vmess) and `running` offer it.
describe.each(testEngines)('vmess where its node can serve it, on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const reportV2ray = (nodeId: string, v2rayState: string) =>
    testApp.database.db
      .update(gatewayNodes)
      .set({ lastHeartbeat: { v2rayState } })
      .where(eq(gatewayNodes.id, nodeId));

  it('marks vmess unavailable in the catalog, the IP list and exports while V2Ray is absent', async () => {
    const { token, user } = await registerCustomer(testApp);
    await creditWallet(testApp.database.db, { userId: user.id, amountFen: 100_000n });
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 3 });
    const catalogPlan = async () =>
      (await callEndpoint(testApp.app, listStaticIpCatalog, { token }))
        .data()
        .items.find((item) => item.id === plan.planId)!;

    // Before any heartbeat, and while V2Ray is idle or running, vmess is offered.
    expect((await catalogPlan()).unavailableProtocols).toEqual([]);
    await reportV2ray(plan.nodeId, 'stopped');
    expect((await catalogPlan()).unavailableProtocols).toEqual([]);

    await reportV2ray(plan.nodeId, 'absent');
    const withoutVmess = await catalogPlan();
    expect(withoutVmess.protocols).toContain('vmess');
    expect(withoutVmess.unavailableProtocols).toEqual(['vmess']);

    const bought = await callEndpoint(testApp.app, createStaticIpOrder, {
      token,
      body: { planId: plan.planId, durationDays: 30, quantity: 1 },
    });
    expect(bought.statusCode).toBe(200);
    const [instance] = (await callEndpoint(testApp.app, listInstances, { token })).data().items;
    expect(instance!.unavailableProtocols).toEqual(['vmess']);
    const vmessLines = async () =>
      (
        await callEndpoint(testApp.app, exportInstances, { token, params: { type: 'vmess' } })
      ).body.trim();
    expect(await vmessLines()).toBe('');
    const socks = await callEndpoint(testApp.app, exportInstances, {
      token,
      params: { type: 'socks5' },
    });
    expect(socks.body).toContain(`${instance!.ip}:${instance!.port}`);

    // Once the node's V2Ray runs again, vmess is back everywhere.
    await reportV2ray(plan.nodeId, 'running');
    const [again] = (await callEndpoint(testApp.app, listInstances, { token })).data().items;
    expect(again!.unavailableProtocols).toEqual([]);
    expect(await vmessLines()).toMatch(/^vmess:\/\//);
  });

  it('drops the cached catalog when a poll changes whether its node serves vmess', async () => {
    const cached = await createTestApp(engine, { env: { CATALOG_CACHE_SECONDS: '300' } });
    try {
      const db = cached.database.db;
      const { token } = await registerCustomer(cached);
      const node = await addTestNode(db);
      const plan = await seedStaticIpPlan(db, { stock: 0 });
      await addIps(db, {
        nodeId: node.id,
        regionId: plan.regionId,
        lineType: plan.lineType,
        count: 2,
      });
      const unavailable = async () =>
        (await callEndpoint(cached.app, listStaticIpCatalog, { token }))
          .data()
          .items.find((item) => item.id === plan.planId)?.unavailableProtocols;
      const poll = (v2rayState: 'failed' | 'running') =>
        callEndpoint(cached.app, getNodeCredentials, {
          token: node.apiKey,
          query: {
            gatewayVersion: '0.1.0',
            uptimeSeconds: 5,
            openConnections: 0,
            bytesInPerSecond: 0,
            bytesOutPerSecond: 0,
            pendingUsageBatches: 0,
            v2rayState,
            cpuPercent: 1,
            memoryBytes: 1_000_000,
          },
        });

      expect(await unavailable()).toEqual([]);
      expect((await poll('failed')).statusCode).toBe(200);
      expect(await unavailable()).toEqual(['vmess']);
      expect((await poll('running')).statusCode).toBe(200);
      expect(await unavailable()).toEqual([]);
    } finally {
      await cached.close();
    }
  });
});
