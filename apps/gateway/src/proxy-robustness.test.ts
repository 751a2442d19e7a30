import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closesWithin,
  connectTo,
  readBytes,
  readPeer,
  readUntilClose,
  refusalOf,
  snapshotOf,
  startEchoTarget,
  startProxy,
  staticCredential,
  writeByteByByte,
  type Listening,
} from './testing/fixtures.ts';
import { openTunnel, type TunnelOptions } from './testing/proxy-client.ts';

const PASSWORD = 'secret-password';
const credential = staticCredential({ ip: '127.0.0.2', password: PASSWORD });

function socks5Handshake(targetPort: number): Buffer {
  const user = Buffer.from(credential.username);
  const pass = Buffer.from(PASSWORD);
  return Buffer.concat([
    Buffer.from([0x05, 0x01, 0x02]),
    Buffer.from([0x01, user.length]),
    user,
    Buffer.from([pass.length]),
    pass,
    Buffer.from([0x05, 0x01, 0x00, 0x01, 127, 0, 0, 1, targetPort >> 8, targetPort & 0xff]),
  ]);
}

describe('the proxy server under hostile or clumsy clients', () => {
  let echo: Listening;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  /**
   * The trickling clients get the default handshake time: a byte a millisecond must not meet the
   * 300 ms deadline the timeout test needs, however loaded the machine.
   */
  let patient: Awaited<ReturnType<typeof startProxy>>;
  const options = (): TunnelOptions => ({
    kind: 'socks5',
    via: { host: '127.0.0.2', port: proxy.port },
    target: { host: '127.0.0.1', port: echo.port },
    username: credential.username,
    password: PASSWORD,
  });

  beforeAll(async () => {
    [echo, proxy, patient] = await Promise.all([
      startEchoTarget(),
      startProxy({ limits: { handshakeTimeoutMs: 300, maxHandshakeBytes: 4096 } }),
      startProxy({ limits: { maxHandshakeBytes: 4096 } }),
    ]);
    proxy.store.apply(snapshotOf({ staticCredentials: [credential] }));
    patient.store.apply(snapshotOf({ staticCredentials: [credential] }));
  });
  afterAll(async () => {
    await Promise.all([echo?.close(), proxy?.close(), patient?.close()]);
  });

  it('completes a SOCKS5 handshake delivered a byte at a time', async () => {
    const socket = await connectTo('127.0.0.2', patient.port);
    // Method choice (2), auth status (2), success reply (10), then the target's first line.
    const answer = readBytes(socket, 2 + 2 + 10 + '127.0.0.2\n'.length);
    await writeByteByByte(socket, socks5Handshake(echo.port));
    const bytes = await answer;
    expect([...bytes.subarray(0, 8)]).toEqual([0x05, 0x02, 0x01, 0x00, 0x05, 0x00, 0x00, 0x01]);
    expect([...bytes.subarray(8, 12)]).toEqual([127, 0, 0, 2]);
    expect(bytes.subarray(14).toString()).toBe('127.0.0.2\n');
    socket.destroy();
  });

  it('completes an HTTP CONNECT delivered a byte at a time', async () => {
    const socket = await connectTo('127.0.0.2', patient.port);
    const authorization = Buffer.from(`${credential.username}:${PASSWORD}`).toString('base64');
    const answer = readBytes(
      socket,
      'HTTP/1.1 200 Connection Established\r\n\r\n127.0.0.2\n'.length,
    );
    await writeByteByByte(
      socket,
      Buffer.from(
        `CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nProxy-Authorization: Basic ${authorization}\r\n\r\n`,
      ),
    );
    expect((await answer).toString()).toBe(
      'HTTP/1.1 200 Connection Established\r\n\r\n127.0.0.2\n',
    );
    socket.destroy();
  });

  it('survives garbage, truncated handshakes and resets, and serves the next client', async () => {
    const abuse = [
      Buffer.from([0x05]),
      Buffer.from([0x05, 0x01, 0x02, 0x01, 0x05]),
      Buffer.from([0x05, 0xff, ...Array<number>(300).fill(0x02)]),
      socks5Handshake(echo.port).subarray(0, 20),
      Buffer.from([0x05, 0x01, 0x02, 0x01, 0x00]),
      Buffer.from('GET / HTTP/1.1\r\n'),
      Buffer.from('\u0000\u0001garbage\r\n\r\n'),
      Buffer.alloc(20_000, 0x41),
      Buffer.from('CONNECT nowhere HTTP/1.1\r\nProxy-Authorization: Basic !!!\r\n\r\n'),
    ];
    for (const bytes of abuse) {
      const socket = await connectTo('127.0.0.2', proxy.port);
      socket.write(bytes);
      await new Promise((resolve) => setTimeout(resolve, 10));
      socket.resetAndDestroy();
    }
    for (const bytes of abuse) {
      const socket = await connectTo('127.0.0.2', proxy.port);
      socket.end(bytes);
    }
    const socket = await openTunnel(options());
    expect(await readPeer(socket)).toBe('127.0.0.2');
    socket.destroy();
  });

  it('answers malformed HTTP with 400 and an oversized head with 431', async () => {
    const bad = await connectTo('127.0.0.2', proxy.port);
    bad.write('GET http://a/ HTTP/1.1\r\nbroken header\r\n\r\n');
    expect((await readUntilClose(bad)).toString()).toMatch(/^HTTP\/1\.1 400 /);
    const large = await connectTo('127.0.0.2', proxy.port);
    large.write(`GET http://a/ HTTP/1.1\r\nX-Long: ${'a'.repeat(5000)}\r\n\r\n`);
    expect((await readUntilClose(large)).toString()).toMatch(/^HTTP\/1\.1 431 /);
  });

  it('closes a handshake that does not finish in time, even one trickling bytes', async () => {
    const silent = await connectTo('127.0.0.2', proxy.port);
    const trickling = await connectTo('127.0.0.2', proxy.port);
    const trickle = setInterval(() => trickling.write('a'), 50);
    trickling.write('GET http://a/ HTTP/1.1\r\nX: ');
    expect(await closesWithin(silent, 1000)).toBe(true);
    expect(await closesWithin(trickling, 1000)).toBe(true);
    clearInterval(trickle);
  });
});

describe('the proxy server’s limits', () => {
  let echo: Listening;

  beforeAll(async () => {
    echo = await startEchoTarget();
  });
  afterAll(() => echo?.close());

  const options = (port: number, kind: TunnelOptions['kind'] = 'socks5'): TunnelOptions => ({
    kind,
    via: { host: '127.0.0.2', port },
    target: { host: '127.0.0.1', port: echo.port },
    username: credential.username,
    password: PASSWORD,
  });

  it('refuses loopback and private destinations unless allowed', async () => {
    const proxy = await startProxy({ allowPrivateDestinations: false });
    proxy.store.apply(snapshotOf({ staticCredentials: [credential] }));
    for (const host of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.1.1',
      '169.254.169.254',
      'localhost',
      '::ffff:127.0.0.1',
    ]) {
      const refusal = await refusalOf(
        openTunnel({ ...options(proxy.port), target: { host, port: echo.port } }),
      );
      expect([refusal.stage, refusal.code], host).toEqual(['request', 2]);
    }
    const http = await refusalOf(openTunnel(options(proxy.port, 'connect')));
    expect(http.code).toBe(403);
    await proxy.close();
  });

  it('holds each credential to its connection limit: SOCKS5 0x02, HTTP 429', async () => {
    const proxy = await startProxy({ limits: { maxConnectionsPerCredential: 2 } });
    proxy.store.apply(snapshotOf({ staticCredentials: [credential] }));
    const first = await openTunnel(options(proxy.port));
    const second = await openTunnel(options(proxy.port, 'connect'));
    const third = await refusalOf(openTunnel(options(proxy.port)));
    expect([third.stage, third.code]).toEqual(['request', 2]);
    const fourth = await refusalOf(openTunnel(options(proxy.port, 'connect')));
    expect(fourth.code).toBe(429);
    first.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await openTunnel(options(proxy.port));
    expect(await readPeer(again)).toBe('127.0.0.2');
    again.destroy();
    second.destroy();
    await proxy.close();
  });

  it('closes a tunnel idle for longer than the idle timeout, not a busy one', async () => {
    const proxy = await startProxy({ limits: { idleTimeoutMs: 200 } });
    proxy.store.apply(snapshotOf({ staticCredentials: [credential] }));
    const idle = await openTunnel(options(proxy.port));
    const busy = await openTunnel(options(proxy.port));
    await Promise.all([readPeer(idle), readPeer(busy)]);
    busy.on('data', () => {});
    const keepBusy = setInterval(() => busy.write('.'), 40);
    expect(await closesWithin(idle, 2000)).toBe(true);
    expect(busy.destroyed).toBe(false);
    clearInterval(keepBusy);
    busy.destroy();
    await proxy.close();
  });

  it('accepts no more than the global connection maximum', async () => {
    const proxy = await startProxy({ limits: { maxConnections: 1 } });
    proxy.store.apply(snapshotOf({ staticCredentials: [credential] }));
    const held = await openTunnel(options(proxy.port));
    const extra = await connectTo('127.0.0.2', proxy.port);
    expect(await closesWithin(extra, 1000)).toBe(true);
    held.destroy();
    await proxy.close();
  });

  it('closes open tunnels when the server closes', async () => {
    const proxy = await startProxy();
    proxy.store.apply(snapshotOf({ staticCredentials: [credential] }));
    const socket = await openTunnel(options(proxy.port));
    await readPeer(socket);
    await proxy.close();
    expect(await closesWithin(socket, 1000)).toBe(true);
  });
});
