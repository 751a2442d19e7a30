import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type GatewayOptions, type RunningGateway } from './gateway.ts';
import type { Logger } from './logger.ts';
import { startFakeApi, type FakeApi } from './testing/fake-api.ts';
import {
  closesWithin,
  eventually,
  readBytes,
  readPeer,
  refusalOf,
  sha256Hex,
  snapshotOf,
  startEchoTarget,
  startHttpTarget,
  staticCredential,
  temporaryDirectories,
  type Listening,
} from './testing/fixtures.ts';
import { openTunnel } from './testing/proxy-client.ts';

const PASSWORD = 'secret-password';

function recordingLogger() {
  const lines: { level: string; fields: object; message: string }[] = [];
  const record = (level: string) => (fields: object, message: string) =>
    void lines.push({ level, fields, message });
  const logger: Logger = { info: record('info'), warn: record('warn'), error: record('error') };
  return { logger, lines };
}

describe('a gateway run by startGateway against the API', () => {
  let echo: Listening;
  let api: FakeApi;
  const running: RunningGateway[] = [];
  const credential = staticCredential({ ip: '127.0.0.2', password: PASSWORD });

  beforeAll(async () => {
    echo = await startEchoTarget();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((gateway) => gateway.stop()));
    await api?.stop();
  });
  afterAll(async () => {
    await Promise.all([echo?.close(), directories.removeAll()]);
  });

  async function start(options: Partial<GatewayOptions> & { dataDir: string }) {
    const gateway = await startGateway({
      apiUrl: api.url,
      nodeKey: api.nodeKey,
      host: '0.0.0.0',
      port: 0,
      allowPrivateDestinations: true,
      loopbackClientsOnly: true,
      pollIntervalMs: 40,
      reportIntervalMs: 40,
      maxRetryDelayMs: 80,
      logger: recordingLogger().logger,
      ...options,
    });
    running.push(gateway);
    return gateway;
  }
  const directories = temporaryDirectories('gateway-test-');
  const newDataDir = () => directories.create();
  const tunnel = (gateway: RunningGateway, username = credential.username) =>
    openTunnel({
      kind: 'socks5',
      via: { host: '127.0.0.2', port: gateway.port },
      target: { host: '127.0.0.1', port: echo.port },
      username,
      password: PASSWORD,
    });
  /** Moves `size` bytes each way; answers the bytes the client sent and received. */
  async function moveBytes(gateway: RunningGateway, size: number) {
    const socket = await tunnel(gateway);
    const peer = await readPeer(socket);
    socket.write(Buffer.alloc(size, 0x61));
    await readBytes(socket, size);
    socket.destroy();
    return { up: size, down: size + peer.length + 1 };
  }

  it('serves the snapshot it fetched, polls with `since`, and applies a change', async () => {
    api = await startFakeApi(snapshotOf({ staticCredentials: [credential] }));
    const gateway = await start({ dataDir: await newDataDir() });
    expect(gateway.port).toBeGreaterThan(0);
    expect(gateway.address).toBe('0.0.0.0');
    const open = await tunnel(gateway);
    expect(await readPeer(open)).toBe('127.0.0.2');
    const first = api.snapshot!.version;
    await eventually(
      () => api.credentialRequests.length,
      (count) => count >= 3,
    );
    expect(api.credentialRequests[0]).toBeNull();
    expect(api.credentialRequests.slice(1, 3)).toEqual([first, first]);

    const renamed = { ...credential, username: 'renamed', passwordSha256: sha256Hex(PASSWORD) };
    api.snapshot = snapshotOf({ staticCredentials: [renamed] });
    expect(await closesWithin(open, 2000)).toBe(true);
    expect(gateway.store.version).toBe(api.snapshot.version);
    expect((await refusalOf(tunnel(gateway))).stage).toBe('auth');
    const again = await tunnel(gateway, 'renamed');
    expect(await readPeer(again)).toBe('127.0.0.2');
    again.destroy();
  });

  it('asks the API to hold each poll for its interval in whole seconds, none under a second', async () => {
    api = await startFakeApi(snapshotOf({ staticCredentials: [credential] }));
    await start({ dataDir: await newDataDir() });
    const slow = await start({ dataDir: await newDataDir(), pollIntervalMs: 1_000 });
    await eventually(
      () => api.waits.filter((wait) => wait !== null).length,
      (count) => count >= 2,
    );
    await slow.stop();
    // The 40 ms gateway polls without a wait; the one-second gateway with `wait=1`.
    expect(new Set(api.waits)).toEqual(new Set([null, 1]));
    expect(api.waits.filter((wait) => wait === null).length).toBeGreaterThan(2);
  });

  it('sends a heartbeat with every poll: connections, bytes per second, spool, V2Ray', async () => {
    api = await startFakeApi(snapshotOf({ staticCredentials: [credential] }));
    const gateway = await start({ dataDir: await newDataDir(), reportIntervalMs: 60_000 });
    // The heartbeats from before the tunnel opened on: a poll may come while the bytes move, so
    // the ones that count them are among these, and the bytes in and the bytes out may fall in
    // two intervals on a busy machine.
    const polls = api.heartbeats.length;
    const open = await tunnel(gateway);
    expect(await readPeer(open)).toBe('127.0.0.2');
    open.write(Buffer.alloc(300_000, 0x62));
    await readBytes(open, 300_000);
    const seen = await eventually(
      () => api.heartbeats.slice(polls),
      (beats) =>
        beats.some((beat) => (beat?.bytesOutPerSecond ?? 0) > 0) &&
        beats.some((beat) => (beat?.bytesInPerSecond ?? 0) > 0),
      15_000,
    );
    const busy = seen.find((beat) => (beat?.bytesOutPerSecond ?? 0) > 0);
    expect(busy).toMatchObject({
      gatewayVersion: expect.stringMatching(/^\d+\.\d+\.\d+/),
      snapshotVersion: api.snapshot!.version,
      openConnections: 1,
      v2rayState: 'absent',
      pendingUsageBatches: 0,
    });
    expect(seen.some((beat) => (beat?.bytesInPerSecond ?? 0) > 0)).toBe(true);
    expect(busy!.memoryBytes).toBeGreaterThan(0);
    // The first poll came before any snapshot: no applied version yet.
    expect(api.heartbeats[0]).toMatchObject({ snapshotVersion: null, openConnections: 0 });
    open.destroy();
    await eventually(
      () => api.heartbeats.at(-1)?.openConnections,
      (count) => count === 0,
      15_000,
    );
    expect(api.heartbeats.at(-1)?.openConnections).toBe(0);
  });

  it('keeps serving through an API outage and delivers the spooled usage afterwards', async () => {
    api = await startFakeApi(snapshotOf({ staticCredentials: [credential] }));
    const gateway = await start({ dataDir: await newDataDir() });
    const key = `static:${credential.instanceId}`;
    const before = await moveBytes(gateway, 10_000);
    await eventually(
      () => api.totals().get(key)?.down ?? 0,
      (down) => down >= before.down,
    );
    expect(api.totals().get(key)).toEqual(before);

    await api.stop();
    const during = await moveBytes(gateway, 20_000);
    await eventually(
      () => gateway.reporter.pending(),
      (count) => count > 0,
    );
    expect(await gateway.reporter.pending()).toBeGreaterThan(0);

    await api.start();
    const expected = { up: before.up + during.up, down: before.down + during.down };
    await eventually(
      () => api.totals().get(key)?.down ?? 0,
      (down) => down >= expected.down,
    );
    expect(api.totals().get(key)).toEqual(expected);
    expect(
      await eventually(
        () => gateway.reporter.pending(),
        (count) => count === 0,
      ),
    ).toBe(0);
    expect([...api.posts.values()].every((count) => count === 1)).toBe(true);
  });

  it('restarted while the API is down, serves the saved snapshot and re-sends the spool', async () => {
    api = await startFakeApi(snapshotOf({ staticCredentials: [credential] }));
    const dataDir = await newDataDir();
    const first = await start({ dataDir });
    await api.stop();
    const moved = await moveBytes(first, 5_000);
    await first.stop();
    running.splice(running.indexOf(first), 1);
    expect(await first.reporter.pending()).toBeGreaterThan(0);

    const second = await start({ dataDir });
    expect(second.store.version).toBe(api.snapshot!.version);
    const after = await moveBytes(second, 7_000);
    await api.start();
    const expected = { up: moved.up + after.up, down: moved.down + after.down };
    const key = `static:${credential.instanceId}`;
    await eventually(
      () => api.totals().get(key)?.down ?? 0,
      (down) => down >= expected.down,
    );
    expect(api.totals().get(key)).toEqual(expected);
    expect(
      await eventually(
        () => second.reporter.pending(),
        (count) => count === 0,
      ),
    ).toBe(0);
  });

  it('logs a refused node key and keeps serving the last snapshot', async () => {
    api = await startFakeApi(snapshotOf({ staticCredentials: [credential] }));
    const { logger, lines } = recordingLogger();
    const gateway = await start({ dataDir: await newDataDir(), logger });
    api.refuseKey = true;
    await eventually(
      () => lines.filter((line) => line.level === 'error').length,
      (count) => count > 0,
    );
    expect(lines.find((line) => line.level === 'error')?.message).toMatch(/refused the node key/);
    const socket = await tunnel(gateway);
    expect(await readPeer(socket)).toBe('127.0.0.2');
    socket.destroy();
  });

  it('refuses a snapshot of another node', async () => {
    api = await startFakeApi(snapshotOf({ staticCredentials: [credential] }));
    const { logger, lines } = recordingLogger();
    const gateway = await start({
      dataDir: await newDataDir(),
      nodeId: '00000000-0000-4000-8000-0000000000ff',
      logger,
    });
    expect(gateway.store.snapshot).toBeNull();
    expect(lines.some((line) => /another|GATEWAY_NODE_ID/.test(line.message))).toBe(true);
    expect((await refusalOf(tunnel(gateway))).stage).toBe('auth');
  });

  it('starts without the API and serves once it answers', async () => {
    api = await startFakeApi(snapshotOf({ staticCredentials: [credential] }));
    await api.stop();
    const gateway = await start({ dataDir: await newDataDir() });
    expect(gateway.store.snapshot).toBeNull();
    expect((await refusalOf(tunnel(gateway))).stage).toBe('auth');
    await api.start();
    await eventually(
      () => gateway.store.version,
      (version) => version !== null,
    );
    const socket = await tunnel(gateway);
    expect(await readPeer(socket)).toBe('127.0.0.2');
    socket.destroy();
  });

  it('refuses options without an API origin or a node key', async () => {
    const dataDir = await newDataDir();
    await expect(
      startGateway({ apiUrl: 'console.example.com', nodeKey: 'k', dataDir }),
    ).rejects.toThrow(/apiUrl/);
    await expect(
      startGateway({ apiUrl: 'http://127.0.0.1:1', nodeKey: '', dataDir }),
    ).rejects.toThrow(/nodeKey/);
  });

  it('runs the connectivity checks a poll hands out and reports each once', async () => {
    api = await startFakeApi(snapshotOf({ staticCredentials: [credential] }));
    const check = {
      checkId: '00000000-0000-4000-8000-0000000000c1',
      instanceId: credential.instanceId,
      ip: '127.0.0.2',
      port: 0,
    };
    const dataDir = await newDataDir();
    // It answers JSON, not a bare IP: the check passes without naming the egress address.
    const target = await startHttpTarget();
    const gateway = await start({ dataDir, checkUrl: `http://127.0.0.1:${target.port}/` });
    api.checks = [{ ...check, port: gateway.port }];
    await eventually(
      () => api.checkReports.length,
      (count) => count > 0,
    );
    expect(api.checkReports).toEqual([
      {
        checkId: check.checkId,
        result: { ok: true, failure: null, latencyMs: expect.any(Number), egressIp: null },
      },
    ]);
    expect(api.checks).toEqual([]);
    await target.close();
  });
});
