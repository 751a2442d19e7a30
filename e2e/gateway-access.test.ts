import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildEndpointUrl, createStaticIpOrder, getDynamicAccount } from '@stratus/contract';
import {
  eq,
  ipAddresses,
  ipAllowlistEntries,
  subUsers,
  trafficPackages,
  usageHourly,
} from '@stratus/db';
import { startGateway, type RunningGateway } from '@stratus/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closesWithin,
  readBytes,
  readPeer,
  silentLogger,
  startEchoTarget,
  type Listening,
} from '../apps/gateway/src/testing/fixtures.ts';
import { freePort } from '../apps/gateway/src/free-port.ts';
import { openTunnel, ProxyRefusal } from '../apps/gateway/src/testing/proxy-client.ts';
import { creditWallet } from '../apps/server/test/wallet.ts';
import { seedStaticIpPlan } from '../apps/server/test/catalog.ts';
import {
  addTestNode,
  insertAllowlistEntry,
  insertSubUser,
  insertTrafficPackage,
} from '../apps/server/test/usage.ts';
import { bearer, createTestApp, type TestApp } from '../apps/server/test/app.ts';
import { registerCustomer } from '../apps/server/test/accounts.ts';
import { curl, STATE_WAIT_MS, until } from './support/curl.ts';

const POLL_MS = 200;
const REPORT_MS = 200;
const POOL = ['127.0.0.41', '127.0.0.42', '127.0.0.43'];
/** The customer's allowlisted source, and one that is not. */
const ALLOWED_SOURCE = '127.0.0.77';
const OTHER_SOURCE = '127.0.0.78';
const SUB_USER_CAP = 64 * 1024;

// Customer access on the data plane, against the real API on the embedded database: an
// allowlisted source reaches its owner's static IP without credentials and is metered to it;
// removing the entry cuts it; a capped sub-user is cut at its cap with exact usage.
describe('customer access through the gateway with the real API', () => {
  let testApp: TestApp;
  let apiPort: number;
  let gateway: RunningGateway;
  let gatewayPort: number;
  let dataDir: string;
  let echo: Listening;
  let web: http.Server;
  let webPort: number;
  let userId: string;
  let instance: { id: string; ip: string };
  let dynamicAccount: { account: string; password: string };
  let packageId: string;

  const db = () => testApp.database.db;
  const page = () => `http://127.0.0.1:${webPort}/`;
  const bytesOf = async (subjectId: string) => {
    const rows = await db().select().from(usageHourly).where(eq(usageHourly.subjectId, subjectId));
    return rows.reduce((sum, row) => sum + row.bytesUp + row.bytesDown, 0n);
  };
  /** Moves `size` bytes each way through a tunnel; answers the bytes that moved in all. */
  const moveThrough = async (socket: net.Socket, size: number) => {
    const peer = await readPeer(socket);
    socket.write(Buffer.alloc(size, 0x61));
    await readBytes(socket, size);
    socket.destroy();
    return { peer, moved: BigInt(size * 2 + peer.length + 1) };
  };

  beforeAll(async () => {
    testApp = await createTestApp('pglite');
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    apiPort = (testApp.app.server.address() as net.AddressInfo).port;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-gateway-access-'));
    echo = await startEchoTarget();
    web = http.createServer((request, response) => response.end(request.socket.remoteAddress));
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    webPort = (web.address() as net.AddressInfo).port;

    const node = await addTestNode(db());
    gatewayPort = await freePort('0.0.0.0');
    const plan = await seedStaticIpPlan(db(), { stock: 0, country: 'JP' });
    await db()
      .insert(ipAddresses)
      .values(
        POOL.map((address) => ({
          nodeId: node.id,
          regionId: plan.regionId,
          lineType: plan.lineType,
          address,
          port: gatewayPort,
          vmessPort: gatewayPort + 1,
        })),
      );
    const registered = await registerCustomer(testApp);
    userId = registered.user.id;
    await creditWallet(db(), { userId, amountFen: 100_000n });
    const bought = await testApp.app.inject({
      method: createStaticIpOrder.method,
      url: buildEndpointUrl(createStaticIpOrder),
      headers: bearer(registered.token),
      payload: { planId: plan.planId, durationDays: 30, quantity: 1 },
    });
    expect(bought.statusCode).toBe(200);
    instance = bought.json().data.instances[0];
    const account = await testApp.app.inject({
      method: getDynamicAccount.method,
      url: buildEndpointUrl(getDynamicAccount),
      headers: bearer(registered.token),
    });
    dynamicAccount = account.json().data;
    packageId = await insertTrafficPackage(db(), {
      userId,
      totalBytes: 10_000_000n,
      expiresAt: new Date(Date.now() + 86_400_000),
    });

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
      reportIntervalMs: REPORT_MS,
      maxRetryDelayMs: REPORT_MS * 5,
      logger: silentLogger,
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await echo?.close();
    await new Promise((resolve) => web?.close(resolve));
    await testApp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves an allowlisted source without credentials, metered to the instance, until the entry goes', async () => {
    const entryId = await insertAllowlistEntry(db(), { userId, cidr: `${ALLOWED_SOURCE}/32` });
    const fromAllowed = ['--interface', ALLOWED_SOURCE];
    const socks = await until(
      () => curl([...fromAllowed, '-x', `socks5h://${instance.ip}:${gatewayPort}`, page()]),
      (answer) => answer.exitCode === 0,
    );
    expect(socks).toMatchObject({ status: '200', body: instance.ip });
    const plain = await curl([
      ...fromAllowed,
      '-x',
      `http://${instance.ip}:${gatewayPort}`,
      page(),
    ]);
    expect(plain).toMatchObject({ exitCode: 0, status: '200', body: instance.ip });
    // Dynamic: an address that is no static IP, as the account with its default targeting.
    const dynamic = await curl([
      ...fromAllowed,
      '-x',
      `socks5h://127.0.0.1:${gatewayPort}`,
      page(),
    ]);
    expect(POOL).toContain(dynamic.body);

    // Other sources still need credentials.
    const otherSocks = await curl([
      '--interface',
      OTHER_SOURCE,
      '-x',
      `socks5h://${instance.ip}:${gatewayPort}`,
      page(),
    ]);
    expect(otherSocks.exitCode).not.toBe(0);
    const otherHttp = await curl([
      '--interface',
      OTHER_SOURCE,
      '-x',
      `http://${instance.ip}:${gatewayPort}`,
      page(),
    ]);
    expect(otherHttp.status).toBe('407');

    // Exact metering to the instance.
    await gateway.reporter.tick();
    const before = await until(
      () => bytesOf(instance.id),
      () => true,
    );
    const tunnelOptions = {
      kind: 'socks5' as const,
      via: { host: instance.ip, port: gatewayPort },
      target: { host: '127.0.0.1', port: echo.port },
      noCredentials: true,
      localAddress: ALLOWED_SOURCE,
    };
    const { peer, moved } = await moveThrough(await openTunnel(tunnelOptions), 40_000);
    expect(peer).toBe(instance.ip);
    const after = await until(
      () => bytesOf(instance.id),
      (total) => total >= before + moved,
    );
    expect(after).toBe(before + moved);
    const [entry] = await until(
      () => db().select().from(ipAllowlistEntries).where(eq(ipAllowlistEntries.id, entryId)),
      (rows) => rows[0]?.lastUsedAt != null,
    );
    expect(entry?.lastUsedAt).toBeInstanceOf(Date);

    // Removed: the open tunnel is cut within a poll, and new connections are refused.
    const open = await openTunnel(tunnelOptions);
    expect(await readPeer(open)).toBe(instance.ip);
    await db().delete(ipAllowlistEntries).where(eq(ipAllowlistEntries.id, entryId));
    expect(await closesWithin(open, STATE_WAIT_MS)).toBe(true);
    const refused = await openTunnel(tunnelOptions).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProxyRefusal);
    const again = await curl([
      ...fromAllowed,
      '-x',
      `http://${instance.ip}:${gatewayPort}`,
      page(),
    ]);
    expect(again.status).toBe('407');
  });

  it('cuts a capped sub-user at its cap with exact usage, while the account goes on', async () => {
    const subUser = await insertSubUser(db(), { userId, capBytes: BigInt(SUB_USER_CAP) });
    const options = {
      kind: 'socks5' as const,
      via: { host: '127.0.0.1', port: gatewayPort },
      target: { host: '127.0.0.1', port: echo.port },
      username: `${subUser.username}-country-jp`,
      password: subUser.password,
    };
    const usedBytes = async () =>
      (await db().select().from(subUsers).where(eq(subUsers.id, subUser.id)))[0]!.usedBytes;
    const packageUsed = async () =>
      (await db().select().from(trafficPackages).where(eq(trafficPackages.id, packageId)))[0]!
        .usedBytes;
    await gateway.reporter.tick();
    const packageBefore = await until(packageUsed, () => true);

    // Under the cap: exactly what moved.
    const first = await until(
      () => openTunnel(options).catch(() => null),
      (socket) => socket !== null,
    );
    const { peer, moved } = await moveThrough(first!, 20_000);
    expect(POOL).toContain(peer);
    expect(await until(usedBytes, (used) => used >= moved)).toBe(moved);

    // Over it: the tunnel is cut once the cap is reached, and the next login refused.
    const second = await openTunnel(options);
    await readPeer(second);
    second.write(Buffer.alloc(SUB_USER_CAP, 0x62));
    second.resume();
    expect(await closesWithin(second, STATE_WAIT_MS)).toBe(true);
    const refusal = await until(
      () =>
        openTunnel(options).then(
          (socket) => (socket.destroy(), null),
          (error: unknown) => error,
        ),
      (error) => error instanceof ProxyRefusal,
    );
    expect(refusal).toMatchObject({ stage: 'auth' });

    // What it used is what the gateway metered as its usage, drawn from the owner's package.
    await gateway.reporter.tick();
    const used = await until(usedBytes, (value) => value >= BigInt(SUB_USER_CAP));
    expect(used).toBeGreaterThanOrEqual(BigInt(SUB_USER_CAP));
    expect(
      await until(
        () => bytesOf(subUser.id),
        (total) => total >= used,
      ),
    ).toBe(used);
    // The account's own traffic in this test is none, so the package moved by the sub-user's bytes.
    expect(await until(packageUsed, (value) => value >= packageBefore + used)).toBe(
      packageBefore + used,
    );

    const owner = await curl([
      '-x',
      `socks5h://${dynamicAccount.account}:${dynamicAccount.password}@127.0.0.1:${gatewayPort}`,
      page(),
    ]);
    expect(owner).toMatchObject({ exitCode: 0, status: '200' });
    expect(POOL).toContain(owner.body);
  });
});
