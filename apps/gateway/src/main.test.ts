import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from './testing/fake-api.ts';
import {
  eventually,
  readBytes,
  readPeer,
  snapshotOf,
  startEchoTarget,
  staticCredential,
  temporaryDirectories,
  type Listening,
} from './testing/fixtures.ts';
import { openTunnel } from './testing/proxy-client.ts';

const MAIN = path.join(import.meta.dirname, 'main.ts');
/**
 * Budget of a test that starts gateway processes: each needs about 1 s of CPU to load, which on
 * two busy cores took over 4 s of wall time (load average 10), and the first test starts four.
 */
const PROCESS_TEST_MS = 120_000;

function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, stderr: () => stderr };
}

describe('npm run gateway (main.ts)', { timeout: PROCESS_TEST_MS }, () => {
  let api: FakeApi;
  let echo: Listening;
  const credential = staticCredential({ ip: '127.0.0.2', password: 'main-password' });

  beforeAll(async () => {
    [api, echo] = await Promise.all([
      startFakeApi(snapshotOf({ staticCredentials: [credential] })),
      startEchoTarget(),
    ]);
  });
  const directories = temporaryDirectories('gateway-main-');
  afterAll(async () => {
    await Promise.all([api?.stop(), echo?.close(), directories.removeAll()]);
  });

  it('exits with 1 and says which variable is missing', async () => {
    const noUrl = runMain({});
    expect(await noUrl.exited).toBe(1);
    expect(noUrl.stderr()).toContain('GATEWAY_API_URL is required');
    const noKey = runMain({ GATEWAY_API_URL: api.url });
    expect(await noKey.exited).toBe(1);
    expect(noKey.stderr()).toContain('GATEWAY_NODE_KEY is required');
    const badNumber = runMain({
      GATEWAY_API_URL: api.url,
      GATEWAY_NODE_KEY: api.nodeKey,
      GATEWAY_IDLE_TIMEOUT_SECONDS: 'soon',
    });
    expect(await badNumber.exited).toBe(1);
    expect(badNumber.stderr()).toContain('GATEWAY_IDLE_TIMEOUT_SECONDS');
    const badRange = runMain({
      GATEWAY_API_URL: api.url,
      GATEWAY_NODE_KEY: api.nodeKey,
      GATEWAY_EGRESS_PORTS: '30000-20000',
    });
    expect(await badRange.exited).toBe(1);
    expect(badRange.stderr()).toContain('GATEWAY_EGRESS_PORTS must be a port range');
    const badCheckUrl = runMain({
      GATEWAY_API_URL: api.url,
      GATEWAY_NODE_KEY: api.nodeKey,
      GATEWAY_CHECK_URL: 'ftp://checks.example.com/',
    });
    expect(await badCheckUrl.exited).toBe(1);
    expect(badCheckUrl.stderr()).toContain('GATEWAY_CHECK_URL must be an http(s) URL');
  });

  it('serves, logs JSON lines, and on SIGTERM delivers the last usage and exits 0', async () => {
    const gateway = runMain({
      GATEWAY_API_URL: api.url,
      GATEWAY_NODE_KEY: api.nodeKey,
      GATEWAY_HOST: '127.0.0.2',
      GATEWAY_PORT: '0',
      GATEWAY_DATA_DIR: await directories.create(),
      GATEWAY_ALLOW_PRIVATE_DESTINATIONS: '1',
      GATEWAY_REPORT_INTERVAL_SECONDS: '60',
    });
    const listening = await eventually(
      () =>
        gateway
          .stderr()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { msg: string; port?: number })
          .find((line) => line.msg === 'gateway listening'),
      (line) => line !== undefined,
      PROCESS_TEST_MS / 2,
    );
    expect(listening?.port).toBeGreaterThan(0);
    const socket = await openTunnel({
      kind: 'connect',
      via: { host: '127.0.0.2', port: listening!.port! },
      target: { host: '127.0.0.1', port: echo.port },
      username: credential.username,
      password: 'main-password',
    });
    expect(await readPeer(socket)).toBe('127.0.0.2');
    socket.write('hello');
    await readBytes(socket, 5);
    // Counted already: the gateway counts what it relays as it reads it, before passing it on.
    socket.destroy();
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    expect(api.totals().get(`static:${credential.instanceId}`)).toEqual({ up: 5, down: 15 });
  });
});
