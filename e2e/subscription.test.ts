import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  buildEndpointUrl,
  createStaticIpOrder,
  getSubscription,
  getSubscriptionProfile,
  type SubscriptionFormat,
} from '@stratus/contract';
import { ipAddresses } from '@stratus/db';
import { findV2ray, startGateway, type RunningGateway } from '@stratus/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  readBytes,
  readPeer,
  silentLogger,
  startEchoTarget,
  type Listening,
} from '../apps/gateway/src/testing/fixtures.ts';
import { freePort } from '../apps/gateway/src/free-port.ts';
import { openTunnel } from '../apps/gateway/src/testing/proxy-client.ts';
import {
  startVmessClient,
  VMESS_CLIENT_PASSWORD,
  VMESS_CLIENT_USER,
} from '../apps/gateway/src/testing/vmess-client.ts';
import { creditWallet } from '../apps/server/test/wallet.ts';
import { seedStaticIpPlan } from '../apps/server/test/catalog.ts';
import { addTestNode } from '../apps/server/test/usage.ts';
import { bearer, createTestApp, type TestApp } from '../apps/server/test/app.ts';
import { registerCustomer } from '../apps/server/test/accounts.ts';

/** Debian's v2ray, the vmess engine; without it only the vmess journeys are skipped. */
const v2ray = findV2ray();
const STATE_WAIT_MS = 30_000;

interface VmessServer {
  address: string;
  port: number;
  id: string;
}

/** The vmess server of each format, read the way its clients read it. */
const vmessOf: Record<Exclude<SubscriptionFormat, 'clash'>, (body: string) => VmessServer> = {
  mihomo: (body) => {
    const proxy = parseYaml(body).proxies.find((entry: { type: string }) => entry.type === 'vmess');
    expect(proxy).toMatchObject({ alterId: 0, cipher: 'auto' });
    return { address: proxy.server, port: proxy.port, id: proxy.uuid };
  },
  singbox: (body) => {
    const outbound = JSON.parse(body).outbounds.find(
      (entry: { type: string }) => entry.type === 'vmess',
    );
    expect(outbound).toMatchObject({ alter_id: 0, security: 'auto' });
    return { address: outbound.server, port: outbound.server_port, id: outbound.uuid };
  },
  base64: (body) => {
    const line = Buffer.from(body, 'base64')
      .toString('utf8')
      .split('\n')
      .find((entry) => entry.startsWith('vmess://'))!;
    const share = JSON.parse(Buffer.from(line.slice('vmess://'.length), 'base64').toString());
    expect(share).toMatchObject({ aid: '0', net: 'tcp' });
    return { address: share.add, port: Number(share.port), id: share.id };
  },
};

// A subscription's vmess entry, in each format, turned into a real V2Ray client config, moves
// bytes through the real gateway and leaves from the customer's IP.
describe('subscription profiles through the real gateway', () => {
  let testApp: TestApp;
  let gateway: RunningGateway;
  let dataDir: string;
  let echo: Listening;
  let vmessPort: number;
  let instance: { ip: string; vmessId: string };
  let subscriptionToken: string;

  beforeAll(async () => {
    testApp = await createTestApp('pglite');
    const api = testApp.app;
    await api.listen({ host: '127.0.0.1', port: 0 });
    const apiPort = (api.server.address() as AddressInfo).port;
    const db = testApp.database.db;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-subscription-'));
    echo = await startEchoTarget();
    const node = await addTestNode(db);
    const gatewayPort = await freePort('0.0.0.0');
    vmessPort = await freePort('0.0.0.0');
    const plan = await seedStaticIpPlan(db, { stock: 0, country: 'JP' });
    await db.insert(ipAddresses).values({
      nodeId: node.id,
      regionId: plan.regionId,
      lineType: plan.lineType,
      address: '127.0.0.31',
      port: gatewayPort,
      vmessPort,
    });
    const registered = await registerCustomer({ app: api });
    await creditWallet(db, { userId: registered.user.id, amountFen: 100_000n });
    const bought = await api.inject({
      method: createStaticIpOrder.method,
      url: buildEndpointUrl(createStaticIpOrder),
      headers: bearer(registered.token),
      payload: { planId: plan.planId, durationDays: 30, quantity: 1 },
    });
    instance = bought.json().data.instances[0];
    const subscription = await api.inject({
      method: getSubscription.method,
      url: buildEndpointUrl(getSubscription),
      headers: bearer(registered.token),
    });
    subscriptionToken = subscription.json().data.token;
    gateway = await startGateway({
      apiUrl: `http://127.0.0.1:${apiPort}`,
      nodeKey: node.apiKey,
      host: '0.0.0.0',
      port: gatewayPort,
      dataDir,
      allowPrivateDestinations: true,
      loopbackClientsOnly: true,
      vmess: v2ray,
      pollIntervalMs: 200,
      reportIntervalMs: 200,
      logger: silentLogger,
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await echo?.close();
    await testApp?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!v2ray).each(['mihomo', 'singbox', 'base64'] as const)(
    'moves bytes through the vmess entry of the %s profile',
    async (format) => {
      const profile = await testApp.app.inject({
        method: 'GET',
        url: buildEndpointUrl(getSubscriptionProfile, {
          params: { token: subscriptionToken },
          query: { format },
        }),
      });
      expect(profile.statusCode).toBe(200);
      const server = vmessOf[format](profile.body);
      expect(server).toEqual({ address: instance.ip, port: vmessPort, id: instance.vmessId });

      const deadline = Date.now() + STATE_WAIT_MS;
      while (!gateway.vmess?.running && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(gateway.vmess?.running).toBe(true);
      const client = await startVmessClient(v2ray!.v2rayPath, server);
      try {
        const socket = await openTunnel({
          kind: 'socks5',
          via: { host: '127.0.0.1', port: client.socksPort },
          target: { host: '127.0.0.1', port: echo.port },
          username: VMESS_CLIENT_USER,
          password: VMESS_CLIENT_PASSWORD,
        });
        // The echo target first names the address the connection came from: the customer's IP.
        expect(await readPeer(socket)).toBe(instance.ip);
        const payload = Buffer.alloc(20_000, 0x5a);
        socket.write(payload);
        expect((await readBytes(socket, payload.length)).equals(payload)).toBe(true);
        socket.destroy();
      } finally {
        await client.stop();
      }
    },
    STATE_WAIT_MS * 2,
  );
});
