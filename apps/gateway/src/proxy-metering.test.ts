import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  closesWithin,
  connectTo,
  dynamicAccount,
  eventually,
  readBytes,
  readPeer,
  readUntilClose,
  snapshotOf,
  startEchoTarget,
  startProxy,
  staticCredential,
  type Listening,
} from './testing/fixtures.ts';
import { openTunnel } from './testing/proxy-client.ts';
import { startRecordingOrigin } from './testing/targets.ts';

const PASSWORD = 'secret-password';
const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
/** 1 MiB and an odd few bytes, so no chunk boundary lines up by luck. */
const PAYLOAD = Buffer.alloc(1024 * 1024 + 7, 0x5a);

describe('metering', () => {
  let echo: Listening;
  let origin: Awaited<ReturnType<typeof startRecordingOrigin>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const credential = staticCredential({ ip: '127.0.0.2', password: PASSWORD });
  const dynamic = dynamicAccount({ password: PASSWORD, remainingBytes: 10_000_000 });
  const egress = [{ ip: '127.0.0.21', country: 'JP', city: 'tokyo' }];
  const counter = () => proxy.meter.counterFor('static', credential.instanceId);

  beforeAll(async () => {
    [echo, origin, proxy] = await Promise.all([
      startEchoTarget(),
      startRecordingOrigin(),
      startProxy(),
    ]);
    proxy.store.apply(
      snapshotOf({
        staticCredentials: [credential],
        dynamicAccounts: [dynamic],
        dynamicEgress: egress,
      }),
    );
  });
  beforeEach(() => {
    proxy.meter.drain();
  });
  afterAll(async () => {
    await Promise.all([echo?.close(), origin?.close(), proxy?.close()]);
  });

  it('counts exactly the payload bytes moved each way, by SOCKS5 and by CONNECT', async () => {
    for (const kind of ['socks5', 'connect'] as const) {
      proxy.meter.drain();
      const socket = await openTunnel({
        kind,
        via: { host: '127.0.0.2', port: proxy.port },
        target: { host: '127.0.0.1', port: echo.port },
        username: credential.username,
        password: PASSWORD,
      });
      const peerLine = `${await readPeer(socket)}\n`;
      socket.write(PAYLOAD);
      await readBytes(socket, PAYLOAD.length);
      socket.destroy();
      await eventually(
        () => counter().down,
        (down) => down >= PAYLOAD.length + peerLine.length,
      );
      expect([counter().up, counter().down]).toEqual([
        PAYLOAD.length,
        PAYLOAD.length + peerLine.length,
      ]);
    }
  });

  it('delivers every byte intact to a client that reads slowly', async () => {
    // Random bytes, 8 MiB: far more than the socket buffers hold, so while the client is not
    // reading, the gateway's writes to it stay pending and the read buffer is handed over.
    const payload = randomBytes(32 * 1024 * 1024);
    const socket = await openTunnel({
      kind: 'socks5',
      via: { host: '127.0.0.2', port: proxy.port },
      target: { host: '127.0.0.1', port: echo.port },
      username: credential.username,
      password: PASSWORD,
    });
    const peerLine = `${await readPeer(socket)}\n`;
    socket.pause();
    socket.write(payload);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const echoed = await readBytes(socket, payload.length);
    socket.destroy();
    const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(echoed.length).toBe(payload.length);
    expect(digest(echoed)).toBe(digest(payload));
    await eventually(
      () => counter().down,
      (down) => down >= payload.length + peerLine.length,
    );
    expect([counter().up, counter().down]).toEqual([
      payload.length,
      payload.length + peerLine.length,
    ]);
  });

  it('forwards and counts bytes sent right behind the handshake', async () => {
    const socket = await connectTo('127.0.0.2', proxy.port);
    socket.write(
      `CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\n` +
        `Proxy-Authorization: ${basic(credential.username, PASSWORD)}\r\n\r\npipelined!`,
    );
    const expected = 'HTTP/1.1 200 Connection Established\r\n\r\n127.0.0.2\npipelined!';
    expect((await readBytes(socket, expected.length)).toString()).toBe(expected);
    socket.destroy();
    await eventually(
      () => counter().down,
      (down) => down >= 20,
    );
    expect([counter().up, counter().down]).toEqual([10, 20]);
  });

  it('counts the bytes written to and read from the origin of an absolute-URI request', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.2',
        port: proxy.port,
        method: 'POST',
        path: `http://127.0.0.1:${origin.port}/upload`,
        headers: { 'proxy-authorization': basic(credential.username, PASSWORD) },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(text));
      });
      request.on('error', reject);
      // No Content-Length: node:http sends the body chunked.
      request.write('first part,');
      request.end('second part');
    });
    const exchange = origin.exchanges.at(-1)!;
    expect(body).toBe(`127.0.0.2 ${exchange.received.length}`);
    const received = exchange.received.toString('latin1');
    expect(received).toMatch(/^POST \/upload HTTP\/1\.1\r\n/);
    expect(received).not.toMatch(/proxy-authorization/i);
    expect(received).toContain('first part,');
    expect(received).toContain('second part');
    await eventually(
      () => counter().down,
      (down) => down >= exchange.sentBytes,
    );
    expect([counter().up, counter().down]).toEqual([exchange.received.length, exchange.sentBytes]);
  });

  it('forwards only the one request of an absolute-URI connection', async () => {
    const socket = await connectTo('127.0.0.2', proxy.port);
    const authorization = `Proxy-Authorization: ${basic(credential.username, PASSWORD)}\r\n`;
    const target = `http://127.0.0.1:${origin.port}`;
    socket.write(
      `POST ${target}/one HTTP/1.1\r\n${authorization}Content-Length: 5\r\n\r\nhello` +
        `GET ${target}/two HTTP/1.1\r\n${authorization}\r\n`,
    );
    const answer = (await readUntilClose(socket)).toString();
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const received = origin.exchanges.at(-1)!.received.toString('latin1');
    expect(received.endsWith('\r\n\r\nhello')).toBe(true);
    expect(received).not.toContain('/two');
  });

  it('counts dynamic users by user and cuts them off when their bytes run out', async () => {
    const small = dynamicAccount({ password: PASSWORD, remainingBytes: 100_000 });
    proxy.store.apply(
      snapshotOf({
        staticCredentials: [credential],
        dynamicAccounts: [dynamic, small],
        dynamicEgress: egress,
      }),
    );
    const socket = await openTunnel({
      kind: 'socks5',
      via: { host: '127.0.0.1', port: proxy.port },
      target: { host: '127.0.0.1', port: echo.port },
      username: `${small.account}-country-jp`,
      password: PASSWORD,
    });
    expect(await readPeer(socket)).toBe('127.0.0.21');
    socket.on('data', () => {});
    socket.write(PAYLOAD);
    expect(await closesWithin(socket, 2000)).toBe(true);
    const used = proxy.meter.counterFor('dynamic', small.userId);
    expect(used.remaining).toBeLessThanOrEqual(0);
    // Cut off within about one chunk of the limit, not after the whole payload.
    expect(used.up + used.down).toBeLessThan(100_000 + 2 * 65_536);
    const again = openTunnel({
      kind: 'connect',
      via: { host: '127.0.0.1', port: proxy.port },
      target: { host: '127.0.0.1', port: echo.port },
      username: small.account,
      password: PASSWORD,
    });
    await expect(again).rejects.toMatchObject({ code: 403 });
  });
});
