import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getHealth, listStaticIpCatalog } from '@stratus/contract';
import { PROCESS_TEST_MS } from '@stratus/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEMO_IPS_PER_PLAN,
  demoPrices,
  demoRegions,
} from '../apps/server/src/demo/demo-catalog.ts';
import { callEndpoint, fetchEndpoint, registerUser } from './support/api.ts';
import { repoRoot } from './support/paths.ts';

const startScript = path.join(repoRoot, 'scripts/start.ts');

/** Whether something on this machine accepts TCP connections on the port. */
function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// The README's first command, `npm start` (node scripts/start.ts), on a fresh embedded database.
// It lives among the browser journeys because their global setup has just built the web app:
// start.ts finds the build fresh and goes straight to the server instead of building again.
// Its test starts a process on a fresh embedded database (see PROCESS_TEST_MS), then makes a few
// requests and waits for the exit.
describe('npm start', { timeout: PROCESS_TEST_MS + 60_000 }, () => {
  let dataDir: string | undefined;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the console and the API with the demo catalog, and exits 0 on SIGTERM', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-npm-start-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // 0 picks free ports for the API and for the embedded demo gateway (1080 by default).
      PORT: '0',
      EMBEDDED_GATEWAY_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    };
    // As in a person's shell: Vitest's NODE_ENV=test is not there (were start.ts to build after
    // all, it would then make the same production build the global setup made).
    delete env.NODE_ENV;
    delete env.DATABASE_URL;
    delete env.SECRET_KEY;
    delete env.DEMO_SEED;
    delete env.EMBEDDED_GATEWAY;
    // process.execPath is the Node 24 running these tests, which runs .ts directly.
    const child = spawn(process.execPath, [startScript], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      // The gateway line comes last: by then the process is fully started.
      const ready = /^Demo proxy gateway on port (\d+)/m;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`not started in ${PROCESS_TEST_MS / 1000} s:\n${output}`)),
          PROCESS_TEST_MS,
        );
        const collect = (chunk: Buffer) => {
          output += chunk.toString();
          if (ready.test(output)) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on('data', collect);
        child.stderr.on('data', collect);
        void exited.then((code) => reject(new Error(`exited with ${code}:\n${output}`)));
      });
      expect(output).not.toContain('Building the web app');

      const url = /^Stratus is running at (http:\/\/localhost:\d+)$/m.exec(output)?.[1] ?? '';
      expect(url).toMatch(/^http:\/\/localhost:[1-9]\d*$/);
      const gatewayPort = Number(ready.exec(output)?.[1]);
      expect(gatewayPort).toBeGreaterThan(0);
      expect(gatewayPort).not.toBe(1080);
      await expect(connects(gatewayPort)).resolves.toBe(true);

      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toMatch(/^text\/html/);
      // The built console (its bundle under /assets), not the source index.html.
      const html = await home.text();
      expect(html).toContain('<title>Stratus</title>');
      expect(html).toContain('<div id="root"></div>');
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);

      const health = await fetchEndpoint(url, getHealth);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({
        code: 0,
        data: { status: 'ok', database: 'pglite' },
      });

      // The fresh database got the demo catalog: every city on every line, all its IPs in stock.
      const { token } = await registerUser(url);
      const data = await callEndpoint(url, listStaticIpCatalog, {
        token,
        headers: { 'accept-language': 'en-US' },
      });
      const lineTypes = Object.keys(demoPrices);
      expect(data.items.map((plan) => `${plan.country} ${plan.lineType}`).sort()).toEqual(
        demoRegions
          .flatMap((region) => lineTypes.map((line) => `${region.country} ${line}`))
          .sort(),
      );
      expect(data.items.map((plan) => plan.stock)).toEqual(data.items.map(() => DEMO_IPS_PER_PLAN));
    } finally {
      if (child.exitCode === null) child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
