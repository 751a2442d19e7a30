import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closesWithin,
  eventually,
  readBytes,
  readPeer,
  refusalOf,
  snapshotOf,
  startEchoTarget,
  startProxy,
  staticCredential,
  type Listening,
} from './testing/fixtures.ts';
import { openTunnel, ProxyRefusal } from './testing/proxy-client.ts';

const ALLOWED_SOURCE = '127.0.0.60';
const OTHER_SOURCE = '127.0.0.61';
const PAYLOAD = Buffer.alloc(64 * 1024 + 3, 0x41);

describe('clients served by their source address', () => {
  let echo: Listening;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const owner = randomUUID();
  const credential = staticCredential({ ip: '127.0.0.2', userId: owner, password: 'pw' });
  const entry = { entryId: randomUUID(), userId: owner, cidr: `${ALLOWED_SOURCE}/32` };
  const snapshot = snapshotOf({ staticCredentials: [credential], allowlist: [entry] });
  const tunnel = (kind: 'socks5' | 'connect', localAddress: string) =>
    openTunnel({
      kind,
      via: { host: '127.0.0.2', port: proxy.port },
      target: { host: '127.0.0.1', port: echo.port },
      noCredentials: true,
      localAddress,
    });

  beforeAll(async () => {
    [echo, proxy] = await Promise.all([startEchoTarget(), startProxy()]);
    proxy.store.apply(snapshot);
  });
  afterAll(async () => {
    await Promise.all([echo?.close(), proxy?.close()]);
  });

  it('serves an allowlisted source without credentials over SOCKS5 and CONNECT, metered to the instance', async () => {
    for (const kind of ['socks5', 'connect'] as const) {
      proxy.meter.drain();
      const socket = await tunnel(kind, ALLOWED_SOURCE);
      // The destination sees the static IP as the source.
      const peer = await readPeer(socket);
      expect(peer).toBe('127.0.0.2');
      socket.write(PAYLOAD);
      await readBytes(socket, PAYLOAD.length);
      socket.destroy();
      const counter = proxy.meter.counterFor('static', credential.instanceId);
      await eventually(
        () => counter.down,
        (down) => down >= PAYLOAD.length + peer.length + 1,
      );
      expect([counter.up, counter.down]).toEqual([
        PAYLOAD.length,
        PAYLOAD.length + peer.length + 1,
      ]);
    }
    expect(proxy.meter.drainAllowlistUses().map((use) => use.entryId)).toEqual([entry.entryId]);
  });

  it('refuses other sources: no acceptable SOCKS5 method, HTTP 407', async () => {
    const socks = await refusalOf(tunnel('socks5', OTHER_SOURCE));
    expect([socks.stage, socks.code]).toEqual(['method', 0xff]);
    const http = await refusalOf(tunnel('connect', OTHER_SOURCE));
    expect([http.stage, http.code]).toEqual(['http', 407]);
  });

  it('still takes credentials from an allowlisted source', async () => {
    const socket = await openTunnel({
      kind: 'socks5',
      via: { host: '127.0.0.2', port: proxy.port },
      target: { host: '127.0.0.1', port: echo.port },
      username: credential.username,
      password: 'wrong',
      localAddress: ALLOWED_SOURCE,
    }).catch((error: unknown) => error);
    // Offered username/password, the client must pass it: a wrong password is refused.
    expect(socket).toBeInstanceOf(ProxyRefusal);
  });

  it('closes the connections an entry admitted when the entry is removed', async () => {
    const socket = await tunnel('socks5', ALLOWED_SOURCE);
    await readPeer(socket);
    const closing = closesWithin(socket, 2_000);
    proxy.store.apply({ ...snapshot, version: randomUUID(), allowlist: [] });
    expect(await closing).toBe(true);
    const refused = await refusalOf(tunnel('socks5', ALLOWED_SOURCE));
    expect(refused.code).toBe(0xff);
  });
});
