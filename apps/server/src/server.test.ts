// The real server process: start-up, answers, and shutdowns that always end, whatever phase the
// signal finds the process in and even when its main thread is stuck.
import { spawn, type ChildProcess } from 'node:child_process';
import { access, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  completeSandboxPayment,
  createStaticIpOrder,
  createTopUp,
  getHealth,
  listStaticIpCatalog,
  register,
} from '@stratus/contract';
import { queryRows, sql } from '@stratus/db';
import { createTestDatabase, testEngines, type TestDatabase } from '@stratus/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { WATCHDOG_MARGIN_MS } from './shutdown.ts';
import { fetchEndpoint } from '../test/call-endpoint.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
// Two busy cores: starting PGlite and migrating it has taken over a minute there.
const START_BUDGET_MS = 240_000;
const TEST_BUDGET_MS = 2 * START_BUDGET_MS;
const GRACE_SECONDS = 2;
/** Past the deadline (grace, then the watchdog's margin), room for a busy scheduler. */
const EXIT_BUDGET_MS = GRACE_SECONDS * 1000 + WATCHDOG_MARGIN_MS + 60_000;
/** drizzle's migration lock in packages/db/src/index.ts. */
const MIGRATION_LOCK_ID = 740_211_613;

interface ServerProcess {
  child: ChildProcess;
  dataDir: string;
  output(): string;
  /** Resolves with the first match in the output; rejects if the process exits first. */
  waitFor(pattern: RegExp, budgetMs?: number): Promise<RegExpExecArray>;
  /** Resolves once the process is gone; rejects if it is still there after `budgetMs`. */
  waitForExit(budgetMs?: number): Promise<{ code: number | null; signal: string | null }>;
}

const started: { server: ServerProcess; database?: TestDatabase }[] = [];
// Data directories and databases go only once their process is gone: a server shutting down
// over a deleted data directory is how one once hung for good.
afterEach(async () => {
  for (const { server, database } of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
    }
    await server.waitForExit();
    await rm(server.dataDir, { recursive: true, force: true });
    await database?.close();
  }
});

async function startServer({
  env = {},
  database,
  nodeOptions = [],
}: {
  env?: Record<string, string>;
  /** Runs on this PostgreSQL database; on the embedded one in a fresh DATA_DIR without it. */
  database?: TestDatabase;
  nodeOptions?: string[];
} = {}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-server-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    ...env,
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.SECRET_KEY;
  if (database) childEnv.DATABASE_URL = database.url;
  // process.execPath is the Node 24 running these tests, which runs .ts directly.
  const child = spawn(process.execPath, [...nodeOptions, 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onOutput = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = {
    child,
    dataDir,
    output: () => output,
    waitFor(pattern, budgetMs = START_BUDGET_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (!match) return;
          done();
          resolve(match);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${pattern} within ${budgetMs} ms:\n${output}`));
        }, budgetMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void exited.then(({ code, signal }) => {
          check();
          done();
          reject(new Error(`exited (${code ?? signal}) before ${pattern}:\n${output}`));
        });
        check();
      });
    },
    async waitForExit(budgetMs = EXIT_BUDGET_MS) {
      let timer: NodeJS.Timeout | undefined;
      const overdue = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`still running ${budgetMs} ms later:\n${output}`)),
          budgetMs,
        );
      });
      try {
        return await Promise.race([exited, overdue]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
  started.push({ server, database });
  return server;
}

async function waitForUrl(server: ServerProcess): Promise<string> {
  const match = await server.waitFor(/^Stratus is running at http:\/\/localhost:(\d+)/m);
  return `http://127.0.0.1:${match[1]}`;
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 25));
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

describe('the server process', () => {
  it(
    'starts on the embedded database, answers over HTTP and exits 0 on SIGTERM',
    { timeout: TEST_BUDGET_MS },
    async () => {
      const server = await startServer();
      const url = await waitForUrl(server);
      expect(server.output().match(/Stratus is running at/g)).toHaveLength(1);

      const response = await fetchEndpoint(url, getHealth);
      expect(response.status).toBe(200);
      expect(response.json()).toMatchObject({ code: 0, data: { database: 'pglite' } });
      // The generated secret key is kept beside the data, readable by the owner only.
      expect((await stat(path.join(server.dataDir, 'secret.key'))).mode & 0o777).toBe(0o600);

      server.child.kill('SIGTERM');
      expect(await server.waitForExit()).toEqual({ code: 0, signal: null });
    },
  );

  it('refuses to start with a clear message when the configuration is bad', async () => {
    const server = await startServer({ env: { PORT: 'eighty' } });
    expect(await server.waitForExit(START_BUDGET_MS)).toEqual({ code: 1, signal: null });
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT: must be a number');
  });
});

describe('shutting the server process down', () => {
  it(
    'lets a migration of the embedded database finish, then exits 0 without serving',
    { timeout: TEST_BUDGET_MS },
    async () => {
      // A grace long enough for PGlite's start-up on a busy machine: this is about the order of
      // things, not the deadline.
      const server = await startServer({ env: { SHUTDOWN_GRACE_SECONDS: '180' } });
      // The directory appears as the database opens: start-up is opening or migrating it now.
      await until(
        async () =>
          (await exists(path.join(server.dataDir, 'pglite'))) || server.child.exitCode !== null,
      );
      server.child.kill('SIGTERM');
      expect(await server.waitForExit(START_BUDGET_MS)).toEqual({ code: 0, signal: null });
      expect(server.output()).not.toContain('Stratus is running at');
    },
  );

  it.runIf(testEngines.includes('postgres'))(
    'ends a start-up stuck on the migration lock within the grace, saying what was pending',
    { timeout: TEST_BUDGET_MS },
    async () => {
      const database = await createTestDatabase('postgres', { migrated: false });
      // Another server migrating: this connection holds the lock the new server waits for.
      await database.db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
      const server = await startServer({ database });
      await until(async () => {
        const [row] = await queryRows<{ waiting: number }>(
          database.db,
          sql`select count(*)::int as waiting from pg_stat_activity
               where datname = current_database() and wait_event = 'advisory'`,
        );
        return (row?.waiting ?? 0) > 0;
      });
      server.child.kill('SIGTERM');
      expect(await server.waitForExit()).toEqual({ code: 1, signal: null });
      expect(server.output()).toContain(`shutdown did not finish within ${GRACE_SECONDS} s`);
      expect(server.output()).toContain('migrating the database');
    },
  );

  it('lets a purchase storm finish, then exits 0', { timeout: TEST_BUDGET_MS }, async () => {
    // Enough grace for every purchase on a busy machine: this is about draining, not the deadline.
    const server = await startServer({ env: { DEMO_SEED: '1', SHUTDOWN_GRACE_SECONDS: '120' } });
    const url = await waitForUrl(server);
    const registered = await fetchEndpoint(url, register, {
      body: { email: 'storm@example.com', password: 'correct horse 42' },
    });
    const { token } = registered.data();
    const topUp = await fetchEndpoint(url, createTopUp, {
      token,
      body: { amount: 5000, channel: 'sandbox' },
    });
    const { paymentId } = topUp.data();
    await fetchEndpoint(url, completeSandboxPayment, { token, params: { paymentId } });
    const catalog = await fetchEndpoint(url, listStaticIpCatalog, { token });
    const { items } = catalog.data();
    const plan = items.find((item) => item.stock > 0);
    if (!plan?.prices[0]) throw new Error(`no demo plan in stock: ${JSON.stringify(items)}`);
    const durationDays = plan.prices[0].durationDays;

    let answered = 0;
    const purchases = Array.from({ length: 20 }, () =>
      fetchEndpoint(url, createStaticIpOrder, {
        token,
        body: { planId: plan.id, durationDays, quantity: 1 },
      }).then(
        (result) => {
          answered += 1;
          return result.status;
        },
        // A request the closing server never read is refused at the socket: not a failure.
        () => 'not accepted',
      ),
    );
    // In the middle of the storm: some purchases answered, others still on their way.
    await until(async () => answered > 0);
    server.child.kill('SIGTERM');
    expect(await server.waitForExit()).toEqual({ code: 0, signal: null });
    for (const outcome of await Promise.all(purchases)) {
      expect([200, 409, 422, 503, 'not accepted']).toContain(outcome);
    }
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  });

  it(
    'exits at the second signal without waiting for the first shutdown',
    { timeout: TEST_BUDGET_MS },
    async () => {
      const database = testEngines.includes('postgres')
        ? await createTestDatabase('postgres')
        : undefined;
      const server = await startServer({ database });
      await waitForUrl(server);
      server.child.kill('SIGTERM');
      server.child.kill('SIGTERM');
      const { code, signal } = await server.waitForExit();
      // 1 when the second signal found the first shutdown still running, 0 when it had ended.
      expect(signal).toBeNull();
      expect([0, 1]).toContain(code);
    },
  );

  it(
    'is killed by the watchdog when its main thread is stuck during shutdown',
    { timeout: TEST_BUDGET_MS },
    async () => {
      // A test-only preload: once the server has its own SIGTERM handler, add one that runs right
      // after it and blocks the main thread in a futex wait for good, as PGlite's file system
      // once did. No timer and no further signal handler of the server can run after that.
      const preloadDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-preload-'));
      const blocker = path.join(preloadDir, 'block-main-thread.mjs');
      await writeFile(
        blocker,
        `const poll = setInterval(() => {
  if (process.listenerCount('SIGTERM') === 0) return;
  clearInterval(poll);
  process.on('SIGTERM', () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0));
}, 10);
poll.unref();
`,
      );
      try {
        const server = await startServer({ nodeOptions: ['--import', blocker] });
        await waitForUrl(server);
        server.child.kill('SIGTERM');
        await new Promise((resolve) => setTimeout(resolve, 100));
        server.child.kill('SIGTERM');
        expect(await server.waitForExit()).toEqual({ code: null, signal: 'SIGKILL' });
        expect(server.output()).toContain(
          'shutdown did not finish and the process does not respond: killing it (SIGKILL)',
        );
        expect(server.output()).toContain(
          '"pending":"finishing in-flight requests and background jobs"',
        );
      } finally {
        await rm(preloadDir, { recursive: true, force: true });
      }
    },
  );
});
