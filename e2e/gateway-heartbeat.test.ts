import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  createAdminNode,
  getAdminNode,
  listAdminNodes,
  NODE_OFFLINE_AFTER_SECONDS,
  type AdminNode,
} from '@stratus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../apps/server/test/app.ts';
import { registerStaff } from '../apps/server/test/accounts.ts';
import { fetchEndpoint } from '../apps/server/test/call-endpoint.ts';
import { repoRoot } from './support/paths.ts';

const GATEWAY_MAIN = path.join(repoRoot, 'apps/gateway/src/main.ts');
/**
 * How long a wait for a state may take before the test fails with what it saw last: the API, the
 * gateway process and the test share two busy cores. A node goes offline only after
 * `NODE_OFFLINE_AFTER_SECONDS` without a poll, so that wait is longer by as much.
 */
const STATE_WAIT_MS = 40_000;

/** Probes until `done` holds (or `ms` pass); answers the last value for the assertion. */
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = STATE_WAIT_MS) {
  const deadline = Date.now() + ms;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await probe();
  }
  return value;
}

// An operator adds a node on the real API; a gateway process started with exactly the environment
// the API answered polls it, its heartbeat reaches the node list and page, and once the gateway
// stops, the node turns offline after three poll intervals.
describe('a gateway node’s heartbeat, from `npm run gateway` to the node list', () => {
  let testApp: TestApp;
  let origin: string;
  let opsToken: string;
  let dataDir: string;
  let gateway: ReturnType<typeof spawn> | undefined;

  beforeAll(async () => {
    testApp = await createTestApp('pglite');
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(testApp.app.server.address() as net.AddressInfo).port}`;
    opsToken = (await registerStaff(testApp, 'ops')).token;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-heartbeat-'));
  });
  afterAll(async () => {
    gateway?.kill('SIGKILL');
    await testApp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const nodeOf = async (id: string): Promise<AdminNode | undefined> =>
    (await fetchEndpoint(origin, listAdminNodes, { token: opsToken }))
      .data()
      .items.find((node) => node.id === id);

  it(
    'shows the heartbeat arriving, then the node offline once the gateway stops',
    { timeout: 150_000 },
    async () => {
      const issued = (
        await fetchEndpoint(origin, createAdminNode, {
          token: opsToken,
          body: { name: 'heartbeat-1', host: '127.0.0.1' },
        })
      ).data();
      // Without PUBLIC_URL, the API names the origin the operator reached it at.
      expect(issued.environment[0]).toEqual({ name: 'GATEWAY_API_URL', value: origin });
      expect(issued.node.online).toBe(false);

      const environment = Object.fromEntries(
        issued.environment.map(({ name, value }) => [name, value]),
      );
      gateway = spawn(process.execPath, [GATEWAY_MAIN], {
        env: {
          PATH: process.env.PATH ?? '',
          ...environment,
          GATEWAY_HOST: '127.0.0.1',
          GATEWAY_PORT: '0',
          GATEWAY_DATA_DIR: dataDir,
          GATEWAY_VMESS: '0',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      gateway.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => gateway!.once('exit', resolve));

      // The first poll carries no snapshot version yet; the next one reports the version it was
      // handed, so the node is online, in sync, with the gateway's own figures.
      const online = await until(
        () => nodeOf(issued.node.id),
        (node) => !!node?.online && node.heartbeat?.snapshotVersion !== null,
      );
      expect(online, stderr).toMatchObject({
        online: true,
        status: 'active',
        heartbeat: {
          gatewayVersion: expect.stringMatching(/^\d+\.\d+\.\d+/),
          snapshotVersion: expect.any(String),
          openConnections: 0,
          pendingUsageBatches: 0,
          v2rayState: 'absent',
        },
        snapshotLag: { inSync: true, behindSince: null, lagSeconds: 0 },
      });
      expect(online!.heartbeat!.memoryBytes).toBeGreaterThan(1_000_000);
      const page = (
        await fetchEndpoint(origin, getAdminNode, {
          token: opsToken,
          params: { id: issued.node.id },
        })
      ).data();
      expect(page.series.length).toBeGreaterThanOrEqual(1);
      expect(page.series.at(-1)).toMatchObject({ v2rayState: 'absent', openConnections: 0 });

      gateway.kill('SIGTERM');
      expect(await exited).toBe(0);
      const lastSeen = (await nodeOf(issued.node.id))!.lastSeenAt!;
      const offline = await until(
        () => nodeOf(issued.node.id),
        (node) => node?.online === false,
        STATE_WAIT_MS + NODE_OFFLINE_AFTER_SECONDS * 1000,
      );
      expect(offline).toMatchObject({ online: false, lastSeenAt: lastSeen });
      // Offline by the one rule: no poll for three intervals. The last heartbeat stays to read.
      expect(Date.now() - Date.parse(lastSeen)).toBeGreaterThanOrEqual(
        NODE_OFFLINE_AFTER_SECONDS * 1000,
      );
      expect(offline!.heartbeat?.gatewayVersion).toBe(online!.heartbeat!.gatewayVersion);
    },
  );
});
