import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  createStaticIpOrder,
  exportInstances,
  exportTypes,
  getDynamicAccount,
  getHealth,
  listInstances,
  listStaticIpCatalog,
  type EndpointData,
  type EndpointDefinition,
  type Instance,
} from '@stratus/contract';
import { PROCESS_TEST_MS } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/gateway/src/free-port.ts';
import { demoPrices, demoIpsFor, demoRegions } from '../apps/server/src/demo/demo-catalog.ts';
import {
  callEndpoint,
  fetchEndpoint,
  registerUser,
  topUp,
  type CallOptions,
} from './support/api.ts';
import { repoRoot } from './support/paths.ts';

const startScript = path.join(repoRoot, 'scripts/start.ts');
const run = promisify(execFile);
/** How long a state (a purchase reaching the gateway, a restarted gateway) may take to show. */
const STATE_WAIT_MS = 60_000;
const gatewayLine = /^Demo proxy gateway on port (\d+) .*\(process (\d+);/gm;

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

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + STATE_WAIT_MS;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await probe();
  }
  return value;
}

// The README's first command, `npm start` (node scripts/start.ts), on a fresh embedded database,
// with the demo gateway on a port other than 1080. It lives among the browser journeys because
// their global setup has just built the web app: start.ts finds the build fresh and goes straight
// to the API and the gateway instead of building again.
describe('npm start', { timeout: PROCESS_TEST_MS + 60_000 }, () => {
  let dataDir: string;
  let child: ReturnType<typeof spawn>;
  let exited: Promise<number | null>;
  let output = '';
  let url = '';
  let gatewayPort: number;
  let target: http.Server;
  let targetUrl = '';

  /** The gateway processes the supervisor reported, in order. */
  const gateways = () =>
    [...output.matchAll(gatewayLine)].map((match) => ({
      port: Number(match[1]),
      pid: Number(match[2]),
    }));

  /** Calls the started server in English, so answers and failures read the same in every run. */
  function call<E extends EndpointDefinition>(
    endpoint: E,
    request: Omit<CallOptions<E>, 'headers'> = {},
  ): Promise<EndpointData<E>> {
    return callEndpoint(url, endpoint, { ...request, headers: { 'accept-language': 'en-US' } });
  }

  /** curl through the demo gateway to the local target, which answers the client's address. */
  async function curlThrough(proxy: string): Promise<string> {
    try {
      const { stdout } = await run('curl', ['-sS', '--max-time', '10', '-x', proxy, targetUrl]);
      return stdout;
    } catch (error) {
      return `curl failed: ${(error as Error).message}`;
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-npm-start-'));
    // Not the default 1080: every string a customer sees must follow the setting.
    gatewayPort = await freePort('0.0.0.0');
    target = http.createServer((request, response) => response.end(request.socket.remoteAddress));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as net.AddressInfo).port}/`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // 0 picks a free port for the API.
      PORT: '0',
      EMBEDDED_GATEWAY_PORT: String(gatewayPort),
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
    delete env.DYNAMIC_PROXY_PORT;
    // process.execPath is the Node 24 running these tests, which runs .ts directly.
    child = spawn(process.execPath, [startScript], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => child.once('exit', resolve));
    // The gateway line comes last: by then both processes have started.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`not started in ${PROCESS_TEST_MS / 1000} s:\n${output}`)),
        PROCESS_TEST_MS,
      );
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (gateways().length) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      void exited.then((code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
    url = /^Stratus is running at (http:\/\/localhost:\d+)$/m.exec(output)?.[1] ?? '';
  }, PROCESS_TEST_MS + 30_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await new Promise((resolve) => target?.close(resolve));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the console and the API with the demo catalog', async () => {
    expect(output).not.toContain('Building the web app');
    expect(url).toMatch(/^http:\/\/localhost:[1-9]\d*$/);
    expect(gateways()).toEqual([{ port: gatewayPort, pid: expect.any(Number) as number }]);
    await expect(connects(gatewayPort)).resolves.toBe(true);

    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    // The built console (its bundle under /assets), not the source index.html.
    const html = await home.text();
    expect(html).toContain('<title>Stratus</title>');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);

    expect(await call(getHealth)).toMatchObject({ status: 'ok', database: 'pglite' });

    // The fresh database got the demo catalog: every city on every line, all its IPs in stock.
    const { token } = await registerUser(url);
    const { items } = await call(listStaticIpCatalog, { token });
    const lineTypes = Object.keys(demoPrices);
    expect(items.map((plan) => `${plan.country} ${plan.lineType}`).sort()).toEqual(
      demoRegions.flatMap((region) => lineTypes.map((line) => `${region.country} ${line}`)).sort(),
    );
    expect(items.map((plan) => plan.stock)).toEqual(
      items.map((plan) => demoIpsFor(plan.country, plan.lineType)),
    );
  });

  let bought: Instance;

  it('shows EMBEDDED_GATEWAY_PORT wherever a customer reads a port, and proxies on it', async () => {
    const { token } = await registerUser(url);
    await topUp(url, token, 100);
    const { items } = await call(listStaticIpCatalog, { token });
    const plan = items.find((item) => item.stock > 0);
    if (!plan?.prices[0]) throw new Error('no demo plan in stock');
    const purchase = await call(createStaticIpOrder, {
      token,
      body: { planId: plan.id, durationDays: plan.prices[0].durationDays, quantity: 1 },
    });
    const [instance] = purchase.instances;
    if (!instance) throw new Error('the purchase answered no instance');
    bought = instance;
    // The purchase result and the IP list.
    expect(instance.port).toBe(gatewayPort);
    const list = await call(listInstances, { token });
    expect(list.items.map((item) => [item.ip, item.port])).toEqual([[instance.ip, gatewayPort]]);

    // Every export, plain and as a subscription.
    const { username, password, ip } = instance;
    const authority = `${username}:${password}@${ip}:${gatewayPort}`;
    for (const type of exportTypes) {
      for (const encoding of ['plain', 'base64'] as const) {
        const response = await fetchEndpoint(url, exportInstances, {
          params: { type },
          query: { encoding },
          token,
        });
        expect(response.status).toBe(200);
        const raw = response.body;
        const body = encoding === 'base64' ? Buffer.from(raw, 'base64').toString() : raw;
        const lines = body.split(/\r?\n/).filter(Boolean);
        const proxyLines = lines.filter((line) => !line.startsWith('vmess://'));
        if (type === 'csv') {
          // A header row, then the instance: IP, port, vmess port, protocols, username, password…
          expect(lines, `${type} ${encoding}`).toHaveLength(2);
          expect(lines[1]).toContain(`${ip},${gatewayPort},`);
          expect(lines[1]).toContain(`,${username},${password},`);
          continue;
        }
        const expected = {
          all: [`socks5://${authority}`, `http://${authority}`],
          socks5: [`socks5://${authority}`],
          http: [`http://${authority}`],
          vmess: [],
          'ip-port-user-pass': [`${ip}:${gatewayPort}:${username}:${password}`],
          'user-pass-at-ip-port': [authority],
        }[type];
        expect(proxyLines, `${type} ${encoding}`).toEqual(expected);
        expect(body, `${type} ${encoding}`).not.toContain(':1080');
      }
    }
    // The dynamic pool's entry point is the demo gateway too.
    expect(await call(getDynamicAccount, { token })).toMatchObject({
      host: '127.0.0.1',
      port: gatewayPort,
    });

    // A real request with the sold credentials, SOCKS5 and HTTP: the destination sees the sold IP
    // (once the gateway's next credential poll has brought the purchase).
    const socks = await until(
      () => curlThrough(`socks5h://${authority}`),
      (answer) => answer === ip,
    );
    expect(socks).toBe(ip);
    expect(await curlThrough(`http://${authority}`)).toBe(ip);
  });

  it('keeps the API up when the gateway dies, and restarts the gateway', async () => {
    const [first] = gateways();
    if (!first) throw new Error('no gateway reported');
    process.kill(first.pid, 'SIGKILL');
    expect(await call(getHealth)).toMatchObject({ status: 'ok' });

    const restarted = await until(
      async () => gateways(),
      (reported) => reported.length > 1,
    );
    expect(restarted.length, output).toBeGreaterThan(1);
    expect(restarted[1]).toEqual({ port: gatewayPort, pid: expect.any(Number) as number });
    expect(restarted[1]?.pid).not.toBe(first.pid);
    expect(output).toContain('The demo gateway exited (SIGKILL); the API goes on.');

    const authority = `${bought.username}:${bought.password}@${bought.ip}:${gatewayPort}`;
    const answer = await until(
      () => curlThrough(`socks5h://${authority}`),
      (body) => body === bought.ip,
    );
    expect(answer).toBe(bought.ip);
  });

  it('stops both processes on SIGTERM and exits 0', async () => {
    const gatewayPids = gateways().map((gateway) => gateway.pid);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of gatewayPids) expect(isRunning(pid)).toBe(false);
    await expect(connects(gatewayPort)).resolves.toBe(false);
  });
});
