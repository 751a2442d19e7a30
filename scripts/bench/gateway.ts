// `npm run bench:gateway`: the gateway measured against a direct connection, a bare Node socket
// relay and other SOCKS5 servers (V2Ray, microsocks, Dante: each skipped when not installed), all
// in one run on this machine, so the ratios mean something wherever it runs. Target, relay,
// gateway and peers each run in their own process; this process is the client (bench-client.ts,
// kept cheap: it shares the cores with what it measures). The paths take turns, download by
// download and connection by connection, so the machine's noise falls on every one alike, and
// medians are compared.
//
//   BENCH_MIB        size of each download (default 512)
//   BENCH_ROUNDS     downloads per path, after one warm-up; the median counts (default 5)
//   BENCH_SETUPS     sequential connections timed per path (default 3000), in rounds …
//   BENCH_SETUP_ROUNDS … of equal size (default 5): each round's p50 and p99, then the median
//                    of each across the rounds. A round's p99 is its 1 % slowest setup: with
//                    600 setups that is the 6th slowest, not the 2nd as with 200, so one stall
//                    of the machine no longer decides it
//   BENCH_SETUP_WARMUP untimed connections per path first (default 100: the JIT, pools, caches)
//   BENCH_TUNNELS    concurrent tunnels held open (default 1000)
//   BENCH_CHURN      short connections through one static IP (default 30000) …
//   BENCH_CHURN_SECONDS … spread over this many seconds (default 60; 0 skips the churn phase)
//   BENCH_DANTE     1 also measures Dante's danted (default 0: it forks per session, and its
//                    connection setups take minutes on a loaded machine)
//   BENCH_GATEWAY_NODE_ARGS extra Node options for the gateway process, space-separated (say
//                    `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it)
//   BENCH_CHURN_BASELINE 1 (default) also churns through a second gateway that leaves the egress
//                    port to the kernel (GATEWAY_EGRESS_PORTS=0), the unmitigated figure; 0 skips
import { fork, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { NodeSnapshot } from '@stratus/contract';
import { freePort } from '../../apps/gateway/src/free-port.ts';
import { startFakeApi } from '../../apps/gateway/src/testing/fake-api.ts';
import { sha256Hex } from '../../apps/gateway/src/testing/fixtures.ts';
import {
  openTunnel,
  type TunnelKind,
  type TunnelOptions,
} from '../../apps/gateway/src/testing/proxy-client.ts';
import { exchange, type Route } from './bench-client.ts';
import { peerSpecs, startPeer, type StartedPeer } from './peers.ts';
import {
  gatewayGoals,
  goalLines,
  judge,
  pathResult,
  percentile,
  resultTable,
  type GoalResult,
  type PathResult,
} from './summary.ts';

const root = path.resolve(import.meta.dirname, '../..');
const MIB = 1024 * 1024;
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const downloadBytes = env('BENCH_MIB', 512) * MIB;
const rounds = env('BENCH_ROUNDS', 5);
const gatewayNodeArgs = (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean);
const warmUpBytes = Math.min(downloadBytes, 64 * MIB);
const setups = env('BENCH_SETUPS', 3000);
const setupRounds = Math.max(1, env('BENCH_SETUP_ROUNDS', 5));
const setupWarmUp = env('BENCH_SETUP_WARMUP', 100);
const tunnels = env('BENCH_TUNNELS', 1000);
const churnConnections = env('BENCH_CHURN', 30_000);
const churnSeconds = env('BENCH_CHURN_SECONDS', 60);
const churnBaseline = env('BENCH_CHURN_BASELINE', 1) === 1;

/** The static IP the benchmark's instance owns: the gateway listens on it and leaves from it. */
const STATIC_IP = '127.0.0.2';
/** The static IP of the churn baseline's instance, served by a gateway without the mitigation. */
const BASELINE_IP = '127.0.0.3';
const USERNAME = 'benchuser';
const PASSWORD = 'bench-password-1';
const INSTANCE_ID = '00000000-0000-4000-8000-0000000000b1';
const BASELINE_INSTANCE_ID = '00000000-0000-4000-8000-0000000000b2';

// ---------------------------------------------------------------------------------------------
// Processes

function startChild(
  script: string,
  childEnv: Record<string, string> = {},
): Promise<{ child: ChildProcess; message: Record<string, number> }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, script), [], {
      env: { ...process.env, ...childEnv },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (message) =>
      resolve({ child, message: message as Record<string, number> }),
    );
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** Peak and current resident memory of a process, from the kernel's own accounting. */
async function memoryOf(pid: number): Promise<{ peakMib: number; currentMib: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakMib: kib('VmHWM') / 1024, currentMib: kib('VmRSS') / 1024 };
}

/** CPU seconds a process has spent in user space and in the kernel (Linux counts in 1/100 s). */
async function cpuOf(pid: number): Promise<{ user: number; kernel: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / 100, kernel: Number(fields[12]) / 100 };
}

// ---------------------------------------------------------------------------------------------
// Measuring

const metered = { up: 0, down: 0 };

/** Counts the payload bytes of a tunnel through the gateway, for the metering check. */
function countBytes(socket: net.Socket, kind: TunnelKind): void {
  if (kind !== 'socks5' && kind !== 'connect') return;
  const write = socket.write.bind(socket);
  socket.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    metered.up += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    return write(chunk, ...rest);
  }) as typeof socket.write;
  socket.on('data', (chunk: Buffer) => {
    metered.down += chunk.length;
  });
}

/** Time from the first SYN to the first byte of the answer, in milliseconds. */
async function timeSetup(options: TunnelOptions): Promise<number> {
  const started = process.hrtime.bigint();
  const socket = await openTunnel(options);
  countBytes(socket, options.kind);
  let elapsed = 0;
  // The whole answer is read (the target closes after it), so every byte is counted once.
  await new Promise<void>((resolve, reject) => {
    socket.once('data', () => {
      elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    });
    socket.once('end', resolve);
    socket.once('error', reject);
    socket.resume();
    socket.write('GET /peer HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n');
  });
  socket.destroy();
  return elapsed;
}

/** One way to the target the report has a row for. */
interface BenchPath {
  name: string;
  route: Route;
  /** Through the gateway under the benchmark's static IP: its bytes are metered. */
  metered: boolean;
  /** The process that carries the bytes, whose CPU time is measured (none for direct). */
  pid?: number;
}

/** One exchange along `path`; the gateway's bytes are added to what its meter must report. */
async function exchangeAlong(path: BenchPath, request: string) {
  const result = await exchange(path.route, { host: '127.0.0.1', port: httpPort }, request);
  if (path.metered) {
    metered.up += result.sent;
    metered.down += result.received;
  }
  return result;
}

/** MiB/s of one download of `bytes` (the answer's head is not counted). */
async function download(path: BenchPath, bytes: number): Promise<number> {
  const result = await exchangeAlong(
    path,
    `GET /bytes/${bytes} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n`,
  );
  if (result.received < bytes) {
    throw new Error(`${path.name}: received ${result.received} of ${bytes} bytes`);
  }
  return bytes / MIB / (result.transferMs / 1000);
}

/** Milliseconds from connect() to the first byte of a short answer. */
async function setupTime(path: BenchPath): Promise<number> {
  const result = await exchangeAlong(
    path,
    'GET /peer HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n',
  );
  return result.firstByteMs;
}

/** `items` starting at `offset`, wrapping: each round another path goes first. */
const rotated = <T>(items: readonly T[], offset: number): T[] =>
  items.map((_, index) => items[(index + offset) % items.length]!);

const fixed = (value: number, digits = 2) => value.toFixed(digits);

// ---------------------------------------------------------------------------------------------
// The run

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-bench-'));
const target = await startChild('scripts/bench/target-server.ts');
const { httpPort, echoPort } = target.message as { httpPort: number; echoPort: number };
const relay = await startChild('scripts/bench/bare-relay.ts', { TARGET_PORT: String(httpPort) });
const relayPort = relay.message.port!;

const gatewayPort = await freePort(STATIC_IP);
const baselinePort = await freePort(BASELINE_IP);
const credential = (instanceId: string, ip: string, port: number) => ({
  instanceId,
  userId: '00000000-0000-4000-8000-0000000000c1',
  ip,
  port,
  username: USERNAME,
  passwordSha256: sha256Hex(PASSWORD),
  protocols: ['socks5' as const, 'http' as const],
  vmessId: '00000000-0000-4000-8000-0000000000d1',
  vmessPort: 10086,
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
});
const snapshot: NodeSnapshot = {
  version: 'bench-1',
  nodeId: '00000000-0000-4000-8000-0000000000a1',
  generatedAt: new Date().toISOString(),
  pollIntervalSeconds: 3,
  staticCredentials: [
    credential(INSTANCE_ID, STATIC_IP, gatewayPort),
    credential(BASELINE_INSTANCE_ID, BASELINE_IP, baselinePort),
  ],
  dynamicAccounts: [],
  dynamicEgress: [],
  allowlist: [],
  subUsers: [],
};
const controlPlane = await startFakeApi(snapshot);
function startGatewayProcess(host: string, port: number, extraEnv: Record<string, string> = {}) {
  return fork(path.join(root, 'apps/gateway/src/main.ts'), [], {
    execArgv: [...process.execArgv, ...gatewayNodeArgs],
    env: {
      ...process.env,
      GATEWAY_API_URL: controlPlane.url,
      GATEWAY_NODE_KEY: controlPlane.nodeKey,
      GATEWAY_HOST: host,
      GATEWAY_PORT: String(port),
      GATEWAY_DATA_DIR: path.join(dataDir, `gateway-${host}`),
      GATEWAY_ALLOW_PRIVATE_DESTINATIONS: '1',
      GATEWAY_MAX_CONNECTIONS_PER_CREDENTIAL: String(Math.max(tunnels, 1000) * 2),
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}
const gateway = startGatewayProcess(STATIC_IP, gatewayPort);

const via = {
  direct: { host: '127.0.0.1', port: httpPort },
  relay: { host: '127.0.0.1', port: relayPort },
  socks5: { host: STATIC_IP, port: gatewayPort },
  connect: { host: STATIC_IP, port: gatewayPort },
} as const;
const optionsFor = (kind: TunnelKind, port = httpPort): TunnelOptions => ({
  kind,
  via: via[kind],
  target: { host: '127.0.0.1', port },
  username: USERNAME,
  password: PASSWORD,
});

// The gateway is ready once a tunnel through it answers.
for (let attempt = 0; ; attempt += 1) {
  try {
    await timeSetup(optionsFor('socks5'));
    break;
  } catch (error) {
    if (attempt > 100) throw error;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const credentials = { username: USERNAME, password: PASSWORD };
const peerDir = path.join(dataDir, 'peers');
await mkdir(peerDir);
const peers: StartedPeer[] = [];
for (const spec of peerSpecs.filter((peer) => !peer.optIn || process.env[peer.optIn] === '1')) {
  peers.push(
    await startPeer(spec, peerDir, { host: '127.0.0.1', port: await freePort() }, credentials),
  );
}
const stopPeers = () => {
  for (const peer of peers) if (peer.ok) peer.child.kill();
};
process.once('exit', stopPeers);

const failures: string[] = [];
/** The report goes to standard output: it is this script's result. */
const print = (line: string) => process.stdout.write(`${line}\n`);
print(`Gateway benchmark on ${os.cpus().length} CPUs, Node ${process.version}`);
for (const peer of peers) if (!peer.ok) print(`  ${peer.spec.name}: skipped, ${peer.reason}`);

const GATEWAY = 'gateway socks5';
const DIRECT = 'direct';
const V2RAY = 'v2ray socks5';
const paths: BenchPath[] = [
  { name: DIRECT, route: { kind: 'direct', via: via.direct }, metered: false },
  {
    name: 'bare node relay',
    route: { kind: 'direct', via: via.relay },
    metered: false,
    pid: relay.child.pid!,
  },
  {
    name: GATEWAY,
    route: { kind: 'socks5', via: via.socks5, credentials },
    metered: true,
    pid: gateway.pid!,
  },
  {
    name: 'gateway connect',
    route: { kind: 'connect', via: via.connect, credentials },
    metered: true,
    pid: gateway.pid!,
  },
  ...peers
    .filter((peer) => peer.ok)
    .map((peer) => ({
      name: peer.spec.name,
      route: {
        kind: 'socks5' as const,
        via: peer.listen,
        ...(peer.spec.authenticated ? { credentials } : {}),
      },
      metered: false,
      // A server that forks its workers spends CPU time outside the process started.
      ...(peer.spec.forks ? {} : { pid: peer.child.pid! }),
    })),
];

print(
  `\nThroughput: ${downloadBytes / MIB} MiB per download, one ${warmUpBytes / MIB} MiB warm-up,` +
    ` then the median of ${rounds} rounds, the paths in turn`,
);
for (const benchPath of paths) await download(benchPath, warmUpBytes);
const speeds = new Map<string, number[]>(paths.map((benchPath) => [benchPath.name, []]));
const cpuSeconds = new Map<string, number>(paths.map((benchPath) => [benchPath.name, 0]));
const cpuSecondsOf = async (pid: number | undefined) => {
  if (pid === undefined) return 0;
  const { user, kernel } = await cpuOf(pid);
  return user + kernel;
};
for (let round = 0; round < rounds; round += 1) {
  for (const benchPath of rotated(paths, round)) {
    const cpuBefore = await cpuSecondsOf(benchPath.pid);
    speeds.get(benchPath.name)!.push(await download(benchPath, downloadBytes));
    const used = (await cpuSecondsOf(benchPath.pid)) - cpuBefore;
    cpuSeconds.set(benchPath.name, cpuSeconds.get(benchPath.name)! + used);
  }
}
const downloadedGib = (rounds * downloadBytes) / (1024 * MIB);
for (const benchPath of paths) {
  print(
    `  ${benchPath.name.padEnd(16)} ${speeds
      .get(benchPath.name)!
      .map((speed) => fixed(speed, 0))
      .join(' ')}`,
  );
}

const perRound = Math.ceil(setups / setupRounds);
print(
  `\nConnection setup to first answer byte: ${setupWarmUp} untimed per path, then ${setupRounds}` +
    ` rounds of ${perRound} sequential connections per path, the paths in turn; p99 of each round`,
);
// One of each path after the other, so whatever else the machine (or a process's periodic work)
// does in some second falls on every path alike, not on one path's block.
const setupsInTurn = async (count: number, record: (name: string, ms: number) => void) => {
  for (let index = 0; index < count; index += 1) {
    for (const benchPath of rotated(paths, index)) {
      record(benchPath.name, await setupTime(benchPath));
    }
  }
};
await setupsInTurn(setupWarmUp, () => {});
const setupTimes = new Map<string, number[][]>(paths.map((benchPath) => [benchPath.name, []]));
for (let round = 0; round < setupRounds; round += 1) {
  for (const times of setupTimes.values()) times.push([]);
  await setupsInTurn(perRound, (name, ms) => setupTimes.get(name)!.at(-1)!.push(ms));
}
for (const benchPath of paths) {
  print(
    `  ${benchPath.name.padEnd(16)} ${setupTimes
      .get(benchPath.name)!
      .map((times) => fixed(percentile(times, 0.99), 3))
      .join(' ')}`,
  );
}

const results: PathResult[] = [
  ...paths.map((benchPath) =>
    pathResult(
      benchPath.name,
      speeds.get(benchPath.name)!,
      setupTimes.get(benchPath.name)!,
      benchPath.pid === undefined ? undefined : cpuSeconds.get(benchPath.name)! / downloadedGib,
    ),
  ),
  ...peers.flatMap((peer) => (peer.ok ? [] : [{ name: peer.spec.name, skipped: peer.reason }])),
];
const resultOf = (name: string) => results.find((result) => result.name === name);
print(
  "\nResults (MiB/s and setup percentiles: medians of the rounds; gateway÷ is the gateway SOCKS5 figure over the row's)",
);
for (const line of resultTable(results, { direct: DIRECT, gateway: GATEWAY, v2ray: V2RAY })) {
  print(`  ${line}`);
}
const relayResult = resultOf('bare node relay')!;
const goals: GoalResult[] = [
  ...gatewayGoals(resultOf(GATEWAY)!, resultOf(V2RAY), resultOf(DIRECT)!),
  ...[GATEWAY, 'gateway connect'].flatMap((name) => [
    judge({
      goal: `${name} throughput ≥ 0.9 × the bare relay`,
      value: resultOf(name)!.throughput,
      reference: relayResult.throughput,
      factor: 0.9,
      unit: 'MiB/s',
      missing: 'relay not measured',
    }),
    judge({
      goal: `${name} setup p99 ≤ 2 × the bare relay's`,
      value: resultOf(name)!.setupP99,
      reference: relayResult.setupP99,
      factor: 2,
      atMost: true,
      unit: 'ms',
      missing: 'relay not measured',
    }),
  ]),
];
const verdicts = goalLines(goals);
print('\nGoals');
for (const line of verdicts.lines) print(line);
for (const goal of goals) if (goal.verdict === 'FAIL') failures.push(goal.goal);
stopPeers();

print(`\n${tunnels} concurrent SOCKS5 tunnels held open`);
const before = await memoryOf(gateway.pid!);
const open: net.Socket[] = [];
for (let index = 0; index < tunnels; index += 100) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(100, tunnels - index) }, () =>
      openTunnel(optionsFor('socks5', echoPort)),
    ),
  );
  for (const socket of batch) countBytes(socket, 'socks5');
  open.push(...batch);
}
const echoed = await Promise.all(
  open.map(
    (socket) =>
      new Promise<boolean>((resolve) => {
        socket.once('data', (chunk: Buffer) => resolve(chunk.toString() === 'ping'));
        socket.once('error', () => resolve(false));
        socket.resume();
        socket.write('ping');
      }),
  ),
);
const held = await memoryOf(gateway.pid!);
const answered = echoed.filter(Boolean).length;
print(
  `  ${answered}/${tunnels} answered; gateway RSS ${fixed(before.currentMib, 1)} → ${fixed(held.currentMib, 1)} MiB` +
    ` (${fixed(((held.currentMib - before.currentMib) * 1024) / tunnels, 1)} KiB per tunnel), peak ${fixed(held.peakMib, 1)} MiB`,
);
if (answered !== tunnels)
  failures.push(`${tunnels - answered} of ${tunnels} tunnels did not answer`);
for (const socket of open) socket.destroy();

/**
 * Opens `count` short SOCKS5 connections through `via`, paced evenly over `seconds` by the clock
 * (up to 500 in flight); each sends a byte, reads the echo and closes first.
 */
async function churn(
  via: { host: string; port: number },
  gatewayPid: number,
  { meter }: { meter: boolean },
) {
  const started = Date.now();
  const cpuBefore = await cpuOf(gatewayPid);
  const interval = (churnSeconds * 1000) / churnConnections;
  let failed = 0;
  const errors = new Map<string, number>();
  const churnOne = async () => {
    try {
      const socket = await openTunnel({ ...optionsFor('socks5', echoPort), via });
      if (meter) countBytes(socket, 'socks5');
      await new Promise<void>((resolve, reject) => {
        socket.once('data', () => resolve());
        socket.once('error', reject);
        socket.resume();
        socket.write('x');
      });
      socket.end();
      socket.destroy();
    } catch (error) {
      failed += 1;
      const message = (error as Error).message;
      errors.set(message, (errors.get(message) ?? 0) + 1);
    }
  };
  const inFlight = new Set<Promise<void>>();
  for (let index = 0; index < churnConnections; index += 1) {
    const wait = started + index * interval - Date.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inFlight.size >= 500) await Promise.race(inFlight);
    const attempt: Promise<void> = churnOne().finally(() => inFlight.delete(attempt));
    inFlight.add(attempt);
  }
  await Promise.all(inFlight);
  const seconds = (Date.now() - started) / 1000;
  const cpuAfter = await cpuOf(gatewayPid);
  const kernel = cpuAfter.kernel - cpuBefore.kernel;
  const user = cpuAfter.user - cpuBefore.user;
  return { seconds, failed, errors, kernel, user };
}

if (churnSeconds > 0 && churnConnections > 0) {
  print(
    `\nChurn: ${churnConnections} short connections paced over ${churnSeconds} s through one static IP` +
      ` (the client closes first, so the gateway's egress side holds TIME_WAIT)`,
  );
  const report = (label: string, result: Awaited<ReturnType<typeof churn>>) => {
    print(
      `  ${label}: ${churnConnections - result.failed}/${churnConnections} succeeded in ` +
        `${fixed(result.seconds, 1)} s (${fixed(churnConnections / result.seconds, 0)}/s);` +
        ` gateway CPU ${fixed(result.user, 1)} s user, ${fixed(result.kernel, 1)} s kernel`,
    );
    for (const [message, count] of result.errors) print(`    ${count} × ${message}`);
  };
  const mitigated = await churn(via.socks5, gateway.pid!, { meter: true });
  report(`gateway, ports taken in turn (${STATIC_IP})`, mitigated);
  if (mitigated.failed) failures.push(`${mitigated.failed} churn connections failed`);
  // The clock paces the connections: finishing much later means the gateway could not keep up.
  if (mitigated.seconds > churnSeconds * 1.1 + 2) failures.push('churn fell behind its pace');
  if (churnBaseline) {
    const baseline = startGatewayProcess(BASELINE_IP, baselinePort, { GATEWAY_EGRESS_PORTS: '0' });
    const baselineVia = { host: BASELINE_IP, port: baselinePort };
    for (let attempt = 0; ; attempt += 1) {
      try {
        (await openTunnel({ ...optionsFor('socks5', echoPort), via: baselineVia })).destroy();
        break;
      } catch (error) {
        if (attempt > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const unmitigated = await churn(baselineVia, baseline.pid!, { meter: false });
    report(`baseline, ports chosen by the kernel (${BASELINE_IP})`, unmitigated);
    print(
      `  kernel CPU ×baseline ${fixed(mitigated.kernel / Math.max(unmitigated.kernel, 0.01))},` +
        ` duration ×baseline ${fixed(mitigated.seconds / unmitigated.seconds)}`,
    );
    const exited = new Promise((resolve) => baseline.once('exit', resolve));
    baseline.kill('SIGTERM');
    await exited;
  }
}

// Stopping the gateway flushes its meter; it delivers the last batch before it exits.
await new Promise((resolve) => setTimeout(resolve, 200));
const exited = new Promise((resolve) => gateway.once('exit', resolve));
gateway.kill('SIGTERM');
await exited;
const delivered = controlPlane.totals().get(`static:${INSTANCE_ID}`) ?? { up: 0, down: 0 };
print('\nMetering: bytes the gateway reported against bytes the clients moved');
print(`  up   ${delivered.up} reported, ${metered.up} sent`);
print(`  down ${delivered.down} reported, ${metered.down} received`);
if (delivered.up !== metered.up || delivered.down !== metered.down) {
  failures.push('metered bytes differ from the bytes moved');
}

relay.child.kill();
target.child.kill();
await controlPlane.stop();
await rm(dataDir, { recursive: true, force: true });

print(failures.length ? `\nFAIL\n  ${failures.join('\n  ')}` : '\nPASS: every target met');
process.exit(failures.length ? 1 : 0);
