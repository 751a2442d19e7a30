import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  buildEndpointUrl,
  createStaticIpOrder,
  exportInstances,
  getDynamicAccount,
  getInstance,
  resetInstancePassword,
} from '@stratus/contract';
import { eq, ipAddresses, proxyInstances, usageHourly } from '@stratus/db';
import { findV2ray, startGateway, type RunningGateway } from '@stratus/gateway';
import type { FastifyInstance } from 'fastify';
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
import {
  startVmessClient,
  VMESS_CLIENT_PASSWORD,
  VMESS_CLIENT_USER,
} from '../apps/gateway/src/testing/vmess-client.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { creditWallet } from '../apps/server/test/wallet.ts';
import { seedStaticIpPlan } from '../apps/server/test/catalog.ts';
import {
  addTestNode,
  findTrafficPackage,
  insertTrafficPackage,
} from '../apps/server/test/usage.ts';
import { bearer, createTestApp, type TestApp } from '../apps/server/test/app.ts';
import { registerCustomer } from '../apps/server/test/accounts.ts';

const run = promisify(execFile);
const POLL_MS = 200;
const REPORT_MS = 200;
/**
 * How long a wait for a state (a poll applied, a report delivered, a tunnel cut) may take before
 * the test fails with what it saw last. The gateway, the API and the test share this process, so
 * on two busy cores a poll that takes 200 ms on a quiet machine can take seconds: the tests
 * assert that the state comes, never how soon.
 */
const STATE_WAIT_MS = 30_000;
/** Debian's v2ray, the vmess engine (`.ci/run` installs it). */
const v2ray = findV2ray();

/** curl, the real client: its exit code and what it printed (`%{http_code}` last). */
async function curl(args: string[]): Promise<{ exitCode: number; body: string; status: string }> {
  try {
    const { stdout } = await run('curl', [
      '-sS',
      '--max-time',
      String(STATE_WAIT_MS / 1000),
      '-w',
      '\n%{http_code}',
      ...args,
    ]);
    const cut = stdout.lastIndexOf('\n');
    return { exitCode: 0, body: stdout.slice(0, cut), status: stdout.slice(cut + 1) };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string };
    const stdout = failure.stdout ?? '';
    const cut = stdout.lastIndexOf('\n');
    return {
      exitCode: failure.code ?? -1,
      body: stdout.slice(0, cut),
      status: stdout.slice(cut + 1),
    };
  }
}

/** Probes until `done` holds (or STATE_WAIT_MS pass); answers the last value for the assertion. */
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean) {
  const deadline = Date.now() + STATE_WAIT_MS;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await probe();
  }
  return value;
}

// The data plane against the real API on the embedded database: purchases in the API become
// working proxies, revocations reach open connections, and every byte comes back as usage.
describe('the gateway with the real API', () => {
  let testApp: TestApp;
  let api: FastifyInstance;
  let apiPort: number;
  let gateway: RunningGateway;
  let gatewayPort: number;
  let vmessPort: number;
  let dataDir: string;
  let nodeKey: string;
  let echo: Listening;
  let web: http.Server;
  let webPort: number;
  let customer: { token: string; userId: string };
  let instance: { id: string; ip: string; username: string; password: string };
  let dynamicAccount: { account: string; password: string };

  const db = () => testApp.database.db;
  const start = (apiUrl = `http://127.0.0.1:${apiPort}`) =>
    startGateway({
      apiUrl,
      nodeKey,
      host: '0.0.0.0',
      port: gatewayPort,
      dataDir,
      allowPrivateDestinations: true,
      loopbackClientsOnly: true,
      vmess: v2ray,
      pollIntervalMs: POLL_MS,
      reportIntervalMs: REPORT_MS,
      // Failed deliveries back off doubling up to this cap (60 s by default): an outage of a few
      // seconds on a busy machine must not leave the next retry a minute away.
      maxRetryDelayMs: REPORT_MS * 5,
      logger: silentLogger,
    });
  const listenApi = async (app: FastifyInstance, port = 0) => {
    await app.listen({ host: '127.0.0.1', port });
    return (app.server.address() as net.AddressInfo).port;
  };

  beforeAll(async () => {
    testApp = await createTestApp('pglite');
    api = testApp.app;
    apiPort = await listenApi(api);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-gateway-'));
    echo = await startEchoTarget();
    web = http.createServer((request, response) => response.end(request.socket.remoteAddress));
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    webPort = (web.address() as net.AddressInfo).port;

    // A node whose pool is three loopback addresses, the gateway serving them on a free port.
    const node = await addTestNode(db());
    nodeKey = node.apiKey;
    gatewayPort = await freePort('0.0.0.0');
    vmessPort = await freePort('0.0.0.0');
    const plan = await seedStaticIpPlan(db(), { stock: 0, country: 'JP' });
    await db()
      .insert(ipAddresses)
      .values(
        ['127.0.0.21', '127.0.0.22', '127.0.0.23'].map((address) => ({
          nodeId: node.id,
          regionId: plan.regionId,
          lineType: plan.lineType,
          address,
          port: gatewayPort,
          vmessPort,
        })),
      );

    const registered = await registerCustomer({ app: api });
    customer = { token: registered.token, userId: registered.user.id };
    await creditWallet(db(), { userId: customer.userId, amountFen: 100_000n });
    const bought = await api.inject({
      method: createStaticIpOrder.method,
      url: buildEndpointUrl(createStaticIpOrder),
      headers: bearer(customer.token),
      payload: { planId: plan.planId, durationDays: 30, quantity: 1 },
    });
    expect(bought.statusCode).toBe(200);
    instance = bought.json().data.instances[0];
    const account = await api.inject({
      method: getDynamicAccount.method,
      url: buildEndpointUrl(getDynamicAccount),
      headers: bearer(customer.token),
    });
    dynamicAccount = account.json().data;
    gateway = await start();
  });

  afterAll(async () => {
    await gateway?.stop();
    await echo?.close();
    await new Promise((resolve) => web?.close(resolve));
    await testApp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Bytes the API has recorded as the static instance's usage. */
  const staticBytes = async () => {
    const rows = await db()
      .select()
      .from(usageHourly)
      .where(eq(usageHourly.subjectId, instance.id));
    return rows.reduce((sum, row) => sum + row.bytesUp + row.bytesDown, 0n);
  };
  const staticProxy = (password = instance.password) =>
    `${instance.username}:${password}@${instance.ip}:${gatewayPort}`;

  it('serves a purchased static IP to curl by SOCKS5 and HTTP, leaving from that IP', async () => {
    const socks = await curl(['-x', `socks5h://${staticProxy()}`, `http://127.0.0.1:${webPort}/`]);
    expect(socks).toMatchObject({ exitCode: 0, status: '200', body: instance.ip });
    const plain = await curl(['-x', `http://${staticProxy()}`, `http://127.0.0.1:${webPort}/`]);
    expect(plain).toMatchObject({ exitCode: 0, status: '200', body: instance.ip });
    const tunnel = await curl([
      '-p',
      '-x',
      `http://${staticProxy()}`,
      `http://127.0.0.1:${webPort}/`,
    ]);
    expect(tunnel).toMatchObject({ exitCode: 0, status: '200', body: instance.ip });
  });

  it('serves the exported vmess link through V2Ray, leaving from that IP, and meters it', async () => {
    if (!v2ray) throw new Error('v2ray and v2ctl are needed: apt-get install v2ray');
    const exported = await api.inject({
      method: exportInstances.method,
      url: buildEndpointUrl(exportInstances, { params: { type: 'vmess' } }),
      headers: bearer(customer.token),
    });
    const link = exported.body.trim().split('\n')[0]!;
    expect(link.startsWith('vmess://')).toBe(true);
    const share = JSON.parse(Buffer.from(link.slice('vmess://'.length), 'base64').toString()) as {
      add: string;
      port: string;
      id: string;
    };
    expect(share).toMatchObject({ add: instance.ip, port: String(vmessPort) });
    expect(await until(async () => gateway.vmess?.running, Boolean)).toBe(true);

    const client = await startVmessClient(v2ray.v2rayPath, {
      address: share.add,
      port: Number(share.port),
      id: share.id,
    });
    try {
      const proxy = `socks5h://${VMESS_CLIENT_USER}:${VMESS_CLIENT_PASSWORD}@127.0.0.1:${client.socksPort}`;
      const page = await curl(['-x', proxy, `http://127.0.0.1:${webPort}/`]);
      expect(page).toMatchObject({ exitCode: 0, status: '200', body: instance.ip });

      // Its bytes reach the API as the instance's usage, like SOCKS5 and HTTP traffic.
      await gateway.reporter.tick();
      const before = await staticBytes();
      const socket = await openTunnel({
        kind: 'socks5',
        via: { host: '127.0.0.1', port: client.socksPort },
        target: { host: '127.0.0.1', port: echo.port },
        username: VMESS_CLIENT_USER,
        password: VMESS_CLIENT_PASSWORD,
      });
      const peer = await readPeer(socket);
      expect(peer).toBe(instance.ip);
      socket.write(Buffer.alloc(50_000, 0x76));
      await readBytes(socket, 50_000);
      socket.destroy();
      const moved = BigInt(50_000 * 2 + peer.length + 1);
      await gateway.reporter.tick();
      expect(await until(staticBytes, (total) => total >= before + moved)).toBe(before + moved);
    } finally {
      await client.stop();
    }
  });

  it('refuses a wrong password: SOCKS5 authentication failure, HTTP 407', async () => {
    const socks = await curl([
      '-x',
      `socks5h://${staticProxy('wrong')}`,
      `http://127.0.0.1:${webPort}/`,
    ]);
    expect(socks.exitCode).toBe(97);
    const plain = await curl([
      '-x',
      `http://${staticProxy('wrong')}`,
      `http://127.0.0.1:${webPort}/`,
    ]);
    expect(plain.status).toBe('407');
  });

  it('refuses the credentials of one IP on another IP of the node', async () => {
    const elsewhere = `${instance.username}:${instance.password}@127.0.0.22:${gatewayPort}`;
    expect(instance.ip).not.toBe('127.0.0.22');
    const socks = await curl(['-x', `socks5h://${elsewhere}`, `http://127.0.0.1:${webPort}/`]);
    expect(socks.exitCode).toBe(97);
    const plain = await curl(['-x', `http://${elsewhere}`, `http://127.0.0.1:${webPort}/`]);
    expect(plain.status).toBe('407');
  });

  it('shrugs off garbage and truncated handshakes and goes on serving', async () => {
    const abuse = [
      Buffer.from('\x00\xff garbage \r\n\r\n', 'latin1'),
      Buffer.from([0x05]), // a SOCKS5 greeting cut after its version
      Buffer.from([0x05, 0x01, 0x02, 0x01, 0x03, 0x61]), // cut inside the credentials
      Buffer.from([0x05, 0x02, 0x00]), // method count larger than the methods sent
      Buffer.from('CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: x'), // a head that never ends
      Buffer.from('GET http://[::1 HTTP/1.1\r\n\r\n'), // a malformed absolute URI
    ];
    await Promise.all(
      abuse.map(
        (bytes) =>
          new Promise<void>((resolve) => {
            const socket = net.connect({ host: instance.ip, port: gatewayPort }, () => {
              socket.end(bytes);
            });
            socket.on('error', () => resolve());
            socket.on('close', () => resolve());
            socket.resume();
          }),
      ),
    );
    const socks = await curl(['-x', `socks5h://${staticProxy()}`, `http://127.0.0.1:${webPort}/`]);
    expect(socks).toMatchObject({ exitCode: 0, status: '200', body: instance.ip });
  });

  it('stops a reset password at the next poll, and cuts its open tunnel', async () => {
    const open = await openTunnel({
      kind: 'socks5',
      via: { host: instance.ip, port: gatewayPort },
      target: { host: '127.0.0.1', port: echo.port },
      username: instance.username,
      password: instance.password,
    });
    expect(await readPeer(open)).toBe(instance.ip);
    const reset = await api.inject({
      method: resetInstancePassword.method,
      url: buildEndpointUrl(resetInstancePassword, { params: { id: instance.id } }),
      headers: bearer(customer.token),
    });
    const newPassword: string = reset.json().data.password;
    expect(await closesWithin(open, STATE_WAIT_MS)).toBe(true);
    const old = await curl(['-x', `socks5h://${staticProxy()}`, `http://127.0.0.1:${webPort}/`]);
    expect(old.exitCode).toBe(97);
    instance = { ...instance, password: newPassword };
    const fresh = await curl(['-x', `socks5h://${staticProxy()}`, `http://127.0.0.1:${webPort}/`]);
    expect(fresh.body).toBe(instance.ip);
  });

  it('draws a dynamic user’s package down by exactly the bytes moved, then refuses at zero', async () => {
    const packageId = await insertTrafficPackage(db(), {
      userId: customer.userId,
      totalBytes: 300_000n,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const dynamicOptions = {
      kind: 'socks5' as const,
      via: { host: '127.0.0.1', port: gatewayPort },
      target: { host: '127.0.0.1', port: echo.port },
      username: `${dynamicAccount.account}-country-jp`,
      password: dynamicAccount.password,
    };
    // Until the next poll the gateway still thinks the user has nothing.
    const socket = await until(
      () => openTunnel(dynamicOptions).catch(() => null),
      (value) => value !== null,
    );
    const peer = await readPeer(socket!);
    expect(['127.0.0.21', '127.0.0.22', '127.0.0.23']).toContain(peer);
    const payload = Buffer.alloc(50_000, 0x61);
    socket!.write(payload);
    await readBytes(socket!, payload.length);
    socket!.destroy();
    const moved = payload.length * 2 + peer.length + 1;
    const used = await until(
      async () => (await findTrafficPackage(db(), packageId)).usedBytes,
      // A report may fall mid-transfer: wait for all of it, then check nothing more came.
      (value) => value >= BigInt(moved),
    );
    expect(used).toBe(BigInt(moved));

    // Spend the rest: the tunnel is cut when the allowance runs out, and the next is refused.
    const big = await openTunnel(dynamicOptions);
    await readPeer(big);
    big.write(Buffer.alloc(300_000, 0x62));
    expect(await closesWithin(big, STATE_WAIT_MS)).toBe(true);
    const refused = await until(
      () =>
        openTunnel(dynamicOptions).then(
          (tunnel) => {
            tunnel.destroy();
            return null;
          },
          (error: unknown) => error,
        ),
      (value) => value instanceof ProxyRefusal,
    );
    expect(refused).toBeInstanceOf(ProxyRefusal);
    const exhausted = await until(
      () => findTrafficPackage(db(), packageId),
      (row) => row.status === 'exhausted',
    );
    expect(exhausted.usedBytes).toBe(300_000n);
  });

  it('refuses an instance past its expiry from the next poll on', async () => {
    const expiring = await api.inject({
      method: getInstance.method,
      url: buildEndpointUrl(getInstance, { params: { id: instance.id } }),
      headers: bearer(customer.token),
    });
    expect(expiring.statusCode).toBe(200);
    await db()
      .update(proxyInstances)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(proxyInstances.id, instance.id));
    const refused = await until(
      () => curl(['-x', `socks5h://${staticProxy()}`, `http://127.0.0.1:${webPort}/`]),
      (answer) => answer.exitCode === 97,
    );
    expect(refused.exitCode).toBe(97);
    await db()
      .update(proxyInstances)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(proxyInstances.id, instance.id));
    const back = await until(
      () => curl(['-x', `socks5h://${staticProxy()}`, `http://127.0.0.1:${webPort}/`]),
      (answer) => answer.exitCode === 0,
    );
    expect(back.body).toBe(instance.ip);
  });

  it('serves through an API outage and a restart, and then delivers every byte', async () => {
    await gateway.reporter.tick();
    const before = await until(staticBytes, () => true);
    const moveBytes = async (size: number) => {
      const socket = await openTunnel({
        kind: 'connect',
        via: { host: instance.ip, port: gatewayPort },
        target: { host: '127.0.0.1', port: echo.port },
        username: instance.username,
        password: instance.password,
      });
      const peer = await readPeer(socket);
      socket.write(Buffer.alloc(size, 0x63));
      await readBytes(socket, size);
      socket.destroy();
      return size * 2 + peer.length + 1;
    };

    await api.close();
    let moved = await moveBytes(10_000);
    // A graceful restart while the API is down: the new gateway serves from the saved snapshot.
    await gateway.stop();
    expect(await gateway.reporter.pending()).toBeGreaterThan(0);
    gateway = await start();
    moved += await moveBytes(20_000);
    const garbage = net.connect({ host: instance.ip, port: gatewayPort });
    garbage.on('error', () => {});
    garbage.end(Buffer.from([0x05, 0x01]));
    // A report now, rather than a wait for one: the bytes are spooled and their delivery fails.
    await gateway.reporter.tick();
    expect(await gateway.reporter.pending()).toBeGreaterThan(0);
    expect(await staticBytes()).toBe(before);

    // The API is back on the same port: the spooled batches arrive, each once.
    api = await buildApp({ config: testApp.config, database: testApp.database, logger: false });
    await listenApi(api, apiPort);
    const after = await until(staticBytes, (total) => total >= before + BigInt(moved));
    expect(after).toBe(before + BigInt(moved));
    expect(
      await until(
        () => gateway.reporter.pending(),
        (count) => count === 0,
      ),
    ).toBe(0);
    testApp.app = api;
  });
});
