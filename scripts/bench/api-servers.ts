// The processes `npm run bench:api` loads: the API started as production starts it
// (`node apps/server/src/server.ts`, NODE_ENV=production) and the two bare floors
// (api-floor.ts), each in a process of its own so none shares an event loop with the load
// generator.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/gateway/src/free-port.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface BenchServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess, cleanUp: () => Promise<void> = async () => {}) {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await cleanUp();
  };
}

/** A secret key for the API and for sealing the seeded customers' API tokens alike. */
export function generateSecretKey(): string {
  return randomBytes(32).toString('hex');
}

/** Starts the API on `databaseUrl`; resolves once `GET /api/health` answers 200. */
export async function startApi({
  databaseUrl,
  secretKey,
  logLevel,
}: {
  databaseUrl: string;
  secretKey: string;
  logLevel: string;
}): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-bench-api-'));
  const port = await freePort('127.0.0.1');
  const child = fork(path.join(root, 'apps/server/src/server.ts'), [], {
    // BENCH_API_NODE_ARGS: extra Node options for the API only, space-separated (say
    // `--cpu-prof --cpu-prof-dir=/tmp/api-profile` to profile it under the load).
    execArgv: (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      SECRET_KEY: secretKey,
      LOG_LEVEL: logLevel,
      LOG_FORMAT: 'json',
      DATA_DIR: dataDir,
      // No built web app: the benchmark loads the API only.
      WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
      DEMO_SEED: '0',
      EMBEDDED_GATEWAY: '0',
    },
    // Its log lines (one per request at info) go nowhere, as to a collector that keeps up.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const stop = stopper(child, () => rm(dataDir, { recursive: true, force: true }));
  const origin = `http://127.0.0.1:${port}`;
  let exitCode: number | null = null;
  child.once('exit', (code) => {
    exitCode = code ?? -1;
  });
  const started = Date.now();
  for (;;) {
    if (exitCode !== null) throw new Error(`the API exited with ${exitCode} while starting`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 180_000) {
      await stop();
      throw new Error('the API did not answer /api/health within 180 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, pid: child.pid!, stop };
}

/** Starts a floor (api-floor.ts): `hello`, or `query` on `databaseUrl` for `userId`'s wallet. */
export function startFloor(
  floor: 'hello' | 'query',
  { databaseUrl, userId }: { databaseUrl: string; userId: string },
): Promise<BenchServer> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, 'scripts/bench/api-floor.ts'), [], {
      env: { ...process.env, FLOOR: floor, DATABASE_URL: databaseUrl, FLOOR_USER_ID: userId },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (message) => {
      const { port } = message as { port: number };
      resolve({ origin: `http://127.0.0.1:${port}`, pid: child.pid!, stop: stopper(child) });
    });
    child.once('exit', (code) => reject(new Error(`the ${floor} floor exited with ${code}`)));
  });
}
