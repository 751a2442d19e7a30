import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildEndpointUrl, createStaticIpOrder, replaceInstance } from '@stratus/contract';
import { ipAddresses } from '@stratus/db';
import { startGateway, type RunningGateway } from '@stratus/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../apps/gateway/src/testing/fixtures.ts';
import { freePort } from '../apps/gateway/src/free-port.ts';
import { creditWallet } from '../apps/server/test/wallet.ts';
import { seedStaticIpPlan } from '../apps/server/test/catalog.ts';
import { addTestNode } from '../apps/server/test/usage.ts';
import { bearer, createTestApp, type TestApp } from '../apps/server/test/app.ts';
import { registerCustomer } from '../apps/server/test/accounts.ts';
import { curl, until } from './support/curl.ts';

const POLL_MS = 200;

// A replacement in the API moves the instance's egress at the real gateway within a poll: the
// same credentials leave from the new address, and the old address refuses them.
describe('IP replacement at the gateway', () => {
  let testApp: TestApp;
  let gateway: RunningGateway;
  let gatewayPort: number;
  let dataDir: string;
  let web: http.Server;
  let webPort: number;
  let planId: string;

  beforeAll(async () => {
    testApp = await createTestApp('pglite');
    const api = testApp.app;
    await api.listen({ host: '127.0.0.1', port: 0 });
    const apiPort = (api.server.address() as net.AddressInfo).port;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-gateway-'));
    // Answers the address the request came from: the proxy's egress.
    web = http.createServer((request, response) => response.end(request.socket.remoteAddress));
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    webPort = (web.address() as net.AddressInfo).port;

    const node = await addTestNode(testApp.database.db);
    gatewayPort = await freePort('0.0.0.0');
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 0 });
    await testApp.database.db.insert(ipAddresses).values(
      ['127.0.0.41', '127.0.0.42'].map((address) => ({
        nodeId: node.id,
        regionId: plan.regionId,
        lineType: plan.lineType,
        address,
        port: gatewayPort,
        vmessPort: 10086,
      })),
    );
    gateway = await startGateway({
      apiUrl: `http://127.0.0.1:${apiPort}`,
      nodeKey: node.apiKey,
      host: '0.0.0.0',
      port: gatewayPort,
      dataDir,
      allowPrivateDestinations: true,
      loopbackClientsOnly: true,
      vmess: null,
      pollIntervalMs: POLL_MS,
      reportIntervalMs: POLL_MS,
      logger: silentLogger,
    });
    planId = plan.planId;
  });

  afterAll(async () => {
    await gateway?.stop();
    await new Promise((resolve) => web?.close(resolve));
    await testApp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the same credentials from the new IP within a poll, and refuses them on the old', async () => {
    const api = testApp.app;
    const { token, user } = await registerCustomer({ app: api });
    await creditWallet(testApp.database.db, { userId: user.id, amountFen: 100_000n });
    const bought = await api.inject({
      method: createStaticIpOrder.method,
      url: buildEndpointUrl(createStaticIpOrder),
      headers: bearer(token),
      payload: {
        planId: planId,
        durationDays: 30,
        quantity: 1,
      },
    });
    expect(bought.statusCode).toBe(200);
    const instance = bought.json().data.instances[0];
    const through = (ip: string) =>
      curl([
        '-x',
        `socks5h://${instance.username}:${instance.password}@${ip}:${gatewayPort}`,
        `http://127.0.0.1:${webPort}/`,
      ]);
    const before = await until(
      () => through(instance.ip),
      (result) => result.exitCode === 0,
    );
    expect(before).toMatchObject({ exitCode: 0, status: '200', body: instance.ip });

    const replaced = await api.inject({
      method: replaceInstance.method,
      url: buildEndpointUrl(replaceInstance, { params: { id: instance.id } }),
      headers: bearer(token),
      payload: {},
    });
    expect(replaced.statusCode).toBe(200);
    const newIp: string = replaced.json().data.ip;
    expect(newIp).not.toBe(instance.ip);

    const after = await until(
      () => through(newIp),
      (result) => result.exitCode === 0,
    );
    expect(after).toMatchObject({ exitCode: 0, status: '200', body: newIp });
    // SOCKS5 authentication failure on the old address (curl exit 97).
    const old = await until(
      () => through(instance.ip),
      (result) => result.exitCode !== 0,
    );
    expect(old.exitCode).toBe(97);
  });
});
