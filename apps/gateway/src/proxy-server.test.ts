import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closesWithin,
  dynamicAccount,
  readBytes,
  readPeer,
  sha256Hex,
  snapshotOf,
  startEchoTarget,
  startHttpTarget,
  startProxy,
  staticCredential,
  type Listening,
} from './testing/fixtures.ts';
import { openTunnel, ProxyRefusal, type TunnelOptions } from './testing/proxy-client.ts';

const PASSWORD = 'secret-password';

describe('the proxy server', () => {
  let echo: Listening;
  let web: Listening;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const onTwo = staticCredential({ ip: '127.0.0.2', password: PASSWORD });
  const onThree = staticCredential({ ip: '127.0.0.3', password: PASSWORD });
  const dynamic = dynamicAccount({ password: PASSWORD, remainingBytes: 50_000_000 });
  const broke = dynamicAccount({ password: PASSWORD, remainingBytes: 0 });
  const egress = [
    { ip: '127.0.0.11', country: 'JP', city: 'tokyo' },
    { ip: '127.0.0.12', country: 'JP', city: 'osaka' },
    { ip: '127.0.0.13', country: 'US', city: 'los_angeles' },
    { ip: '127.0.0.14', country: 'JP', city: 'tokyo' },
  ];

  beforeAll(async () => {
    [echo, web, proxy] = await Promise.all([startEchoTarget(), startHttpTarget(), startProxy()]);
    proxy.store.apply(
      snapshotOf({
        staticCredentials: [onTwo, onThree],
        dynamicAccounts: [dynamic, broke],
        dynamicEgress: egress,
      }),
    );
  });
  afterAll(async () => {
    await Promise.all([echo?.close(), web?.close(), proxy?.close()]);
  });

  const tunnel = (
    kind: 'socks5' | 'connect',
    overrides: Partial<TunnelOptions> & { via?: { host: string; port: number } } = {},
  ) =>
    openTunnel({
      kind,
      via: { host: '127.0.0.2', port: proxy.port },
      target: { host: '127.0.0.1', port: echo.port },
      username: onTwo.username,
      password: PASSWORD,
      ...overrides,
    });
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ProxyRefusal);
    return error as ProxyRefusal;
  };

  it('leaves from the static IP the client connected to, by SOCKS5 and by CONNECT', async () => {
    for (const kind of ['socks5', 'connect'] as const) {
      const socket = await tunnel(kind);
      expect(await readPeer(socket)).toBe('127.0.0.2');
      socket.destroy();
    }
    const three = await tunnel('socks5', {
      via: { host: '127.0.0.3', port: proxy.port },
      username: onThree.username,
    });
    expect(await readPeer(three)).toBe('127.0.0.3');
    three.destroy();
  });

  it('forwards absolute-URI requests to the origin without the proxy credentials', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.2',
        port: proxy.port,
        method: 'GET',
        path: `http://127.0.0.1:${web.port}/peer?x=1`,
        headers: {
          'proxy-authorization': `Basic ${Buffer.from(`${onTwo.username}:${PASSWORD}`).toString('base64')}`,
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.end();
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      peer: '127.0.0.2',
      url: '/peer?x=1',
      proxyAuthorization: null,
    });
  });

  it('refuses wrong credentials with each protocol’s own answer', async () => {
    const socks = await refusal(tunnel('socks5', { password: 'wrong' }));
    expect([socks.stage, socks.code]).toEqual(['auth', 1]);
    const connect = await refusal(tunnel('connect', { password: 'wrong' }));
    expect([connect.stage, connect.code]).toEqual(['http', 407]);
    // The instance of 127.0.0.3 is not a credential on 127.0.0.2.
    const elsewhere = await refusal(tunnel('socks5', { username: onThree.username }));
    expect(elsewhere.stage).toBe('auth');
  });

  it('asks for credentials with Proxy-Authenticate when none are sent', async () => {
    const socket = net.connect({ host: '127.0.0.2', port: proxy.port });
    socket.write(`CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const text = (await readBytes(socket, 12)).toString();
    await closesWithin(socket, 1000);
    expect(text).toMatch(/^HTTP\/1\.1 407 /);
    socket.destroy();
  });

  it('sends dynamic users out of the pool they target, sticky sessions from one IP', async () => {
    const as = (username: string) =>
      tunnel('socks5', { via: { host: '127.0.0.1', port: proxy.port }, username });
    const peers = new Set<string>();
    for (let index = 0; index < 4; index += 1) {
      const socket = await as(`${dynamic.account}-country-jp-city-tokyo`);
      peers.add(await readPeer(socket));
      socket.destroy();
    }
    expect([...peers].sort()).toEqual(['127.0.0.11', '127.0.0.14']);
    const sticky = new Set<string>();
    for (let index = 0; index < 4; index += 1) {
      const socket = await as(`${dynamic.account}-country-jp-session-abc123-life-10`);
      sticky.add(await readPeer(socket));
      socket.destroy();
    }
    expect(sticky.size).toBe(1);
    expect(['127.0.0.11', '127.0.0.12', '127.0.0.14']).toContain([...sticky][0]);
    const nowhere = await refusal(as(`${dynamic.account}-country-de`));
    expect([nowhere.stage, nowhere.code]).toEqual(['request', 2]);
  });

  it('refuses a dynamic account with no traffic left: auth failure, HTTP 403', async () => {
    const via = { host: '127.0.0.1', port: proxy.port };
    const socks = await refusal(tunnel('socks5', { via, username: broke.account }));
    expect([socks.stage, socks.code]).toEqual(['auth', 1]);
    const connect = await refusal(tunnel('connect', { via, username: broke.account }));
    expect([connect.stage, connect.code]).toEqual(['http', 403]);
  });

  it('meters exactly the payload bytes moved each way', async () => {
    const counter = proxy.meter.counterFor('static', onTwo.instanceId);
    counter.up = 0;
    counter.down = 0;
    const payload = Buffer.alloc(1024 * 1024 + 7, 0x5a);
    const socket = await tunnel('connect');
    const peerLine = `${await readPeer(socket)}\n`;
    socket.write(payload);
    await readBytes(socket, payload.length);
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counter.up).toBe(payload.length);
    expect(counter.down).toBe(payload.length + peerLine.length);
  });

  it('closes open tunnels of a credential a new snapshot withdraws or changes', async () => {
    const withdrawn = await tunnel('socks5');
    await readPeer(withdrawn);
    const changed = await tunnel('socks5', {
      via: { host: '127.0.0.3', port: proxy.port },
      username: onThree.username,
    });
    await readPeer(changed);
    const untouched = await tunnel('socks5', {
      via: { host: '127.0.0.1', port: proxy.port },
      username: dynamic.account,
    });
    await readPeer(untouched);
    const reset = { ...onThree, passwordSha256: sha256Hex('a new password') };
    proxy.store.apply(snapshotOf({ staticCredentials: [reset], dynamicAccounts: [dynamic] }));
    expect(await closesWithin(withdrawn, 1000)).toBe(true);
    expect(await closesWithin(changed, 1000)).toBe(true);
    expect(await closesWithin(untouched, 200)).toBe(false);
    untouched.destroy();
    expect((await refusal(tunnel('socks5'))).stage).toBe('auth');
    const restored = snapshotOf({
      staticCredentials: [onTwo, onThree],
      dynamicAccounts: [dynamic, broke],
      dynamicEgress: egress,
    });
    proxy.store.apply(restored);
  });

  it('survives garbage, truncated handshakes and resets', async () => {
    const abuse = [
      Buffer.from([0x05]),
      Buffer.from([0x05, 0x01, 0x02, 0x01, 0x05]),
      Buffer.from([0x05, 0xff, ...Array<number>(300).fill(0x02)]),
      Buffer.from('GET / HTTP/1.1\r\n'),
      Buffer.from('\u0000\u0001garbage\r\n\r\n'),
      Buffer.alloc(20_000, 0x41),
    ];
    for (const bytes of abuse) {
      const socket = net.connect({ host: '127.0.0.2', port: proxy.port });
      socket.on('error', () => {});
      socket.write(bytes);
      await new Promise((resolve) => setTimeout(resolve, 20));
      socket.resetAndDestroy();
    }
    const socket = await tunnel('socks5');
    expect(await readPeer(socket)).toBe('127.0.0.2');
    socket.destroy();
  });
});

describe('the proxy server’s limits', () => {
  let echo: Listening;
  const credential = staticCredential({ password: PASSWORD });

  beforeAll(async () => {
    echo = await startEchoTarget();
  });
  afterAll(() => echo?.close());

  it('refuses loopback and private destinations unless allowed', async () => {
    const proxy = await startProxy({ allowPrivateDestinations: false });
    proxy.store.apply(snapshotOf({ staticCredentials: [credential] }));
    const options = {
      via: { host: '127.0.0.2', port: proxy.port },
      target: { host: '127.0.0.1', port: echo.port },
      username: credential.username,
      password: PASSWORD,
    };
    for (const host of ['127.0.0.1', '10.1.2.3', '192.168.1.1', 'localhost']) {
      const error = await openTunnel({
        kind: 'socks5',
        ...options,
        target: { host, port: echo.port },
      }).catch((caught: ProxyRefusal) => caught);
      expect(error).toBeInstanceOf(ProxyRefusal);
      expect((error as ProxyRefusal).code).toBe(2);
    }
    const http = await openTunnel({ kind: 'connect', ...options }).catch((e: ProxyRefusal) => e);
    expect((http as ProxyRefusal).code).toBe(403);
    await proxy.close();
  });

  it('holds each credential to its connection limit', async () => {
    const proxy = await startProxy({ limits: { maxConnectionsPerCredential: 2 } });
    proxy.store.apply(snapshotOf({ staticCredentials: [credential] }));
    const options: TunnelOptions = {
      kind: 'socks5',
      via: { host: '127.0.0.2', port: proxy.port },
      target: { host: '127.0.0.1', port: echo.port },
      username: credential.username,
      password: PASSWORD,
    };
    const first = await openTunnel(options);
    const second = await openTunnel(options);
    const third = await openTunnel(options).catch((caught: ProxyRefusal) => caught);
    expect((third as ProxyRefusal).code).toBe(2);
    const fourth = await openTunnel({ ...options, kind: 'connect' }).catch(
      (caught: ProxyRefusal) => caught,
    );
    expect((fourth as ProxyRefusal).code).toBe(429);
    first.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await openTunnel(options);
    again.destroy();
    second.destroy();
    await proxy.close();
  });

  it('closes a tunnel idle for longer than the idle timeout', async () => {
    const proxy = await startProxy({ limits: { idleTimeoutMs: 200 } });
    proxy.store.apply(snapshotOf({ staticCredentials: [credential] }));
    const socket = await openTunnel({
      kind: 'socks5',
      via: { host: '127.0.0.2', port: proxy.port },
      target: { host: '127.0.0.1', port: echo.port },
      username: credential.username,
      password: PASSWORD,
    });
    await readPeer(socket);
    expect(await closesWithin(socket, 2000)).toBe(true);
    await proxy.close();
  });
});
