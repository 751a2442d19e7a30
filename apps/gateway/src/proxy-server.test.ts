import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closesWithin,
  connectTo,
  dynamicAccount,
  readBytes,
  readPeer,
  readUntilClose,
  refusalOf,
  sha256Hex,
  snapshotOf,
  startEchoTarget,
  startHttpTarget,
  startProxy,
  staticCredential,
  type Listening,
} from './testing/fixtures.ts';
import { openTunnel, type TunnelOptions } from './testing/proxy-client.ts';

const PASSWORD = 'secret-password';
const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

// All of 127.0.0.0/8 is local on Linux: 127.0.0.2 and 127.0.0.3 stand for two static IPs of the
// machine, 127.0.0.11… for the dynamic pool.
describe('the proxy server', () => {
  let echo: Listening;
  let web: Listening;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const onTwo = staticCredential({ ip: '127.0.0.2', password: PASSWORD });
  const onThree = staticCredential({ ip: '127.0.0.3', password: PASSWORD });
  const expired = staticCredential({
    ip: '127.0.0.4',
    password: PASSWORD,
    expiresAt: new Date(Date.now() - 60_000).toISOString(),
  });
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
        staticCredentials: [onTwo, onThree, expired],
        dynamicAccounts: [dynamic, broke],
        dynamicEgress: egress,
      }),
    );
  });
  afterAll(async () => {
    await Promise.all([echo?.close(), web?.close(), proxy?.close()]);
  });

  const tunnel = (kind: 'socks5' | 'connect', overrides: Partial<TunnelOptions> = {}) =>
    openTunnel({
      kind,
      via: { host: '127.0.0.2', port: proxy.port },
      target: { host: '127.0.0.1', port: echo.port },
      username: onTwo.username,
      password: PASSWORD,
      ...overrides,
    });
  const viaLoopback = () => ({ host: '127.0.0.1', port: proxy.port });

  it('leaves from the static IP the client connected to, by SOCKS5 and by CONNECT', async () => {
    for (const kind of ['socks5', 'connect'] as const) {
      const socket = await tunnel(kind);
      expect(await readPeer(socket)).toBe('127.0.0.2');
      socket.destroy();
    }
    const three = await tunnel('connect', {
      via: { host: '127.0.0.3', port: proxy.port },
      username: onThree.username,
    });
    expect(await readPeer(three)).toBe('127.0.0.3');
    three.destroy();
  });

  it('reaches a SOCKS5 destination given by name, resolving it once', async () => {
    const socket = await tunnel('socks5', { target: { host: 'localhost', port: echo.port } });
    expect(await readPeer(socket)).toBe('127.0.0.2');
    socket.destroy();
  });

  it('forwards absolute-URI requests to the origin without the proxy credentials', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.2',
        port: proxy.port,
        method: 'GET',
        path: `http://127.0.0.1:${web.port}/peer?x=1`,
        headers: { 'proxy-authorization': basic(onTwo.username, PASSWORD) },
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
    const socks = await refusalOf(tunnel('socks5', { password: 'wrong' }));
    expect([socks.stage, socks.code]).toEqual(['auth', 1]);
    const connect = await refusalOf(tunnel('connect', { password: 'wrong' }));
    expect([connect.stage, connect.code]).toEqual(['http', 407]);
    // The instance of 127.0.0.3 is not a credential on 127.0.0.2.
    const elsewhere = await refusalOf(tunnel('socks5', { username: onThree.username }));
    expect([elsewhere.stage, elsewhere.code]).toEqual(['auth', 1]);
    const elsewhereHttp = await refusalOf(tunnel('connect', { username: onThree.username }));
    expect(elsewhereHttp.code).toBe(407);
  });

  it('refuses an expired static IP as wrong credentials', async () => {
    const via = { host: '127.0.0.4', port: proxy.port };
    const socks = await refusalOf(tunnel('socks5', { via, username: expired.username }));
    expect([socks.stage, socks.code]).toEqual(['auth', 1]);
    const connect = await refusalOf(tunnel('connect', { via, username: expired.username }));
    expect(connect.code).toBe(407);
  });

  it('asks for credentials with Proxy-Authenticate when none are sent', async () => {
    const socket = await connectTo('127.0.0.2', proxy.port);
    socket.write(`CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const text = (await readUntilClose(socket)).toString();
    expect(text).toMatch(/^HTTP\/1\.1 407 /);
    expect(text).toContain('Proxy-Authenticate: Basic realm="Stratus proxy"');
  });

  it('offers SOCKS5 clients no method but username/password', async () => {
    const socket = await connectTo('127.0.0.2', proxy.port);
    socket.write(Buffer.from([0x05, 0x01, 0x00]));
    expect([...(await readUntilClose(socket))]).toEqual([0x05, 0xff]);
  });

  it('refuses SOCKS5 commands other than CONNECT with 0x07', async () => {
    const socket = await connectTo('127.0.0.2', proxy.port);
    const user = Buffer.from(onTwo.username);
    const pass = Buffer.from(PASSWORD);
    socket.write(
      Buffer.concat([
        Buffer.from([0x05, 0x01, 0x02, 0x01, user.length]),
        user,
        Buffer.from([pass.length]),
        pass,
        Buffer.from([0x05, 0x02, 0x00, 0x01, 127, 0, 0, 1, 0, 80]),
      ]),
    );
    const answer = [...(await readUntilClose(socket))];
    expect(answer.slice(0, 4)).toEqual([0x05, 0x02, 0x01, 0x00]);
    expect(answer[5]).toBe(0x07);
  });

  it('sends dynamic users out of the pool they target, sticky sessions from one IP', async () => {
    const as = (username: string) => tunnel('socks5', { via: viaLoopback(), username });
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
  });

  it('refuses a region without pool addresses: SOCKS5 0x02, HTTP 403', async () => {
    const username = `${dynamic.account}-country-de`;
    const socks = await refusalOf(tunnel('socks5', { via: viaLoopback(), username }));
    expect([socks.stage, socks.code]).toEqual(['request', 2]);
    const connect = await refusalOf(tunnel('connect', { via: viaLoopback(), username }));
    expect(connect.code).toBe(403);
  });

  it('refuses a dynamic account with no traffic left: auth failure, HTTP 403', async () => {
    const via = viaLoopback();
    const socks = await refusalOf(tunnel('socks5', { via, username: broke.account }));
    expect([socks.stage, socks.code]).toEqual(['auth', 1]);
    const connect = await refusalOf(tunnel('connect', { via, username: broke.account }));
    expect([connect.stage, connect.code]).toEqual(['http', 403]);
  });

  it('answers an unreachable destination: SOCKS5 0x05, HTTP 502', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const target = { host: '127.0.0.1', port };
    const socks = await refusalOf(tunnel('socks5', { target }));
    expect([socks.stage, socks.code]).toEqual(['request', 5]);
    const connect = await refusalOf(tunnel('connect', { target }));
    expect(connect.code).toBe(502);
    const unknown = await refusalOf(
      tunnel('socks5', { target: { host: 'nowhere.invalid', port } }),
    );
    expect([unknown.stage, unknown.code]).toEqual(['request', 4]);
  });

  it('closes open tunnels of a credential a new snapshot withdraws or changes', async () => {
    const withdrawn = await tunnel('socks5');
    await readPeer(withdrawn);
    const changed = await tunnel('connect', {
      via: { host: '127.0.0.3', port: proxy.port },
      username: onThree.username,
    });
    await readPeer(changed);
    const untouched = await tunnel('socks5', { via: viaLoopback(), username: dynamic.account });
    await readPeer(untouched);
    const reset = { ...onThree, passwordSha256: sha256Hex('a new password') };
    proxy.store.apply(
      snapshotOf({ staticCredentials: [reset], dynamicAccounts: [dynamic], dynamicEgress: egress }),
    );
    expect(await closesWithin(withdrawn, 1000)).toBe(true);
    expect(await closesWithin(changed, 1000)).toBe(true);
    // Still open and still relaying.
    untouched.write('still here');
    expect((await readBytes(untouched, 10)).toString()).toBe('still here');
    untouched.destroy();
    expect((await refusalOf(tunnel('socks5'))).stage).toBe('auth');
    proxy.store.apply(
      snapshotOf({
        staticCredentials: [onTwo, onThree, expired],
        dynamicAccounts: [dynamic, broke],
        dynamicEgress: egress,
      }),
    );
  });
});

describe('the proxy server on a dual-stack socket', () => {
  it('serves IPv4 clients seen as ::ffff:127.0.0.2 and IPv6 destinations from ::1', async () => {
    const [echo4, echo6] = await Promise.all([startEchoTarget(), startEchoTarget('::1')]);
    const proxy = await startProxy({ host: '::' });
    const onTwo = staticCredential({ ip: '127.0.0.2', password: PASSWORD });
    const onLoopback6 = staticCredential({ ip: '::1', password: PASSWORD });
    proxy.store.apply(snapshotOf({ staticCredentials: [onTwo, onLoopback6] }));
    const four = await openTunnel({
      kind: 'socks5',
      via: { host: '127.0.0.2', port: proxy.port },
      target: { host: '127.0.0.1', port: echo4.port },
      username: onTwo.username,
      password: PASSWORD,
    });
    expect(await readPeer(four)).toBe('127.0.0.2');
    four.destroy();
    for (const kind of ['socks5', 'connect'] as const) {
      const six = await openTunnel({
        kind,
        via: { host: '::1', port: proxy.port },
        target: { host: '::1', port: echo6.port },
        username: onLoopback6.username,
        password: PASSWORD,
      });
      expect(await readPeer(six)).toBe('::1');
      six.destroy();
    }
    await Promise.all([proxy.close(), echo4.close(), echo6.close()]);
  });
});
