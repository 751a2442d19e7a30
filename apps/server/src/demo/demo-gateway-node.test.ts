// The API's side of the demo gateway: the demo IPs on EMBEDDED_GATEWAY_PORT, from the seed on and
// after the setting changed, and the key `npm start` handed its gateway installed for the node.
import { eq, gatewayNodes, ipAddresses } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { authenticateNodeKey, generateNodeKey } from '../modules/nodes/public.ts';
import { addTestNode } from '../../test/usage.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO_NODE_NAME } from './demo-catalog.ts';
import { prepareDemoGatewayNode } from './demo-gateway-node.ts';
import { seedDemoCatalog } from './seed.ts';

describe.each(testEngines)('the demo gateway node on %s', (engine) => {
  let testApp: TestApp;
  beforeEach(async () => {
    testApp = await createTestApp(engine);
  });
  afterEach(() => testApp?.close());

  const db = () => testApp.database.db;
  const demoConfig = (env: Record<string, string>) =>
    loadConfig({ EMBEDDED_GATEWAY: '1', DATA_DIR: testApp.config.dataDir, ...env });
  async function portsOf(nodeName: string) {
    const rows = await db()
      .select({ port: ipAddresses.port })
      .from(ipAddresses)
      .innerJoin(gatewayNodes, eq(gatewayNodes.id, ipAddresses.nodeId))
      .where(eq(gatewayNodes.name, nodeName));
    return [...new Set(rows.map((row) => row.port))];
  }

  it('is seeded on the configured port and follows a changed EMBEDDED_GATEWAY_PORT', async () => {
    await seedDemoCatalog({ db: db(), proxyPort: 11_080 });
    expect(await portsOf(DEMO_NODE_NAME)).toEqual([11_080]);
    // Another node's addresses are not the demo gateway's: they keep their port.
    const other = await addTestNode(db());
    const [otherNode] = await db()
      .select({ name: gatewayNodes.name })
      .from(gatewayNodes)
      .where(eq(gatewayNodes.id, other.id));
    const demoIp = await db().select().from(ipAddresses).limit(1);
    await db()
      .insert(ipAddresses)
      .values({ ...demoIp[0]!, id: undefined, nodeId: other.id, address: '10.9.9.9', port: 3128 });

    const log = testApp.app.log;
    await prepareDemoGatewayNode({
      db: db(),
      config: demoConfig({ EMBEDDED_GATEWAY_PORT: '12080' }),
      log,
    });
    expect(await portsOf(DEMO_NODE_NAME)).toEqual([12_080]);
    expect(await portsOf(otherNode?.name ?? '')).toEqual([3128]);
    // Off: left as it is.
    await prepareDemoGatewayNode({
      db: db(),
      config: demoConfig({ EMBEDDED_GATEWAY: '0', EMBEDDED_GATEWAY_PORT: '13080' }),
      log,
    });
    expect(await portsOf(DEMO_NODE_NAME)).toEqual([12_080]);
  });

  it('installs the key npm start handed the gateway, and only that one', async () => {
    await seedDemoCatalog({ db: db() });
    const log = testApp.app.log;
    const first = generateNodeKey();
    await prepareDemoGatewayNode({
      db: db(),
      config: demoConfig({ EMBEDDED_GATEWAY_NODE_KEY: first }),
      log,
    });
    expect(await authenticateNodeKey({ db: db(), apiKey: first })).toMatchObject({
      name: DEMO_NODE_NAME,
    });
    // The next start's key: a gateway left over from the first run is refused.
    const second = generateNodeKey();
    await prepareDemoGatewayNode({
      db: db(),
      config: demoConfig({ EMBEDDED_GATEWAY_NODE_KEY: second }),
      log,
    });
    expect(await authenticateNodeKey({ db: db(), apiKey: second })).toMatchObject({
      name: DEMO_NODE_NAME,
    });
    expect(await authenticateNodeKey({ db: db(), apiKey: first })).toBeNull();
  });
});
