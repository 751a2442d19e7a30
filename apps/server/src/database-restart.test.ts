// A PostgreSQL restart under load, against the real server process as `npm start` runs it (the
// API and the demo gateway beside it, scripts/serve.ts): requests in flight fail with a clean 503,
// and the same processes (the API's jobs, and the gateway) serve again once the database is back. The machine's PostgreSQL is shared with other suites, so the
// restart is what it does to this database's connections: pg_terminate_backend (57P01).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getHealth, register as registerEndpoint } from '@stratus/contract';
import { createDatabase, queryRows, sql, type Database } from '@stratus/db';
import { createTestDatabase, testEngines, type TestDatabase } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchEndpoint } from '../test/call-endpoint.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
// Two busy cores: a start-up has taken over a minute there.
const START_BUDGET_MS = 240_000;
const IN_FLIGHT = 20;
const ADMIN_APPLICATION = 'stratus-restart-test-admin';

/** A port nothing listens on now, for the demo gateway (the API's own test keeps off the gateway package). */
async function freeGatewayPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '0.0.0.0', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.runIf(testEngines.includes('postgres'))('a PostgreSQL restart under load', () => {
  let database: TestDatabase;
  let admin: Database;
  let dataDir: string;
  let child: ReturnType<typeof spawn>;
  let output = '';
  let exited: Promise<number | null>;
  let url: string;
  let gatewayPort: number;
  let gatewayPid: number;
  // Ends the test's lock-holding transaction; also called on the way out if the test failed.
  let unlock = () => {};

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const adminUrl = new URL(database.url ?? '');
    adminUrl.searchParams.set('application_name', ADMIN_APPLICATION);
    admin = await createDatabase({ url: adminUrl.href });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-restart-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      REGISTER_ADDRESS_MAX: '1000',
      PROOF_OF_WORK_AFTER: '1000',
      // The demo catalog's node, and the gateway process that serves it.
      DEMO_SEED: '1',
      EMBEDDED_GATEWAY: '1',
      EMBEDDED_GATEWAY_PORT: String(await freeGatewayPort()),
    };
    delete env.SECRET_KEY;
    child = spawn(process.execPath, ['scripts/serve.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => child.once('exit', resolve));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready:\n${output}`)), START_BUDGET_MS);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const api = /Stratus is running at http:\/\/localhost:(\d+)/.exec(output);
        const gateway = /Demo proxy gateway on port (\d+) .*\(process (\d+);/.exec(output);
        if (api?.[1] && gateway?.[1]) {
          clearTimeout(timer);
          url = `http://127.0.0.1:${api[1]}`;
          gatewayPort = Number(gateway[1]);
          gatewayPid = Number(gateway[2]);
          resolve();
        }
      });
      void exited.then((code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
  }, START_BUDGET_MS);

  afterAll(async () => {
    unlock();
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    // Only once the process is gone.
    await admin?.close();
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** The server's connections (all but this test's admin ones). */
  const serverBackends = sql`datname = current_database() and application_name <> ${ADMIN_APPLICATION}`;

  async function register(label: string) {
    const response = await fetchEndpoint(url, registerEndpoint, {
      body: { email: `${label}@example.com`, password: 'correct horse 42' },
    });
    return { status: response.status, body: response.json() as Record<string, unknown> };
  }

  /** Answers whether the embedded gateway still speaks SOCKS5 (a no-authentication greeting). */
  function gatewayAnswers(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect(gatewayPort, '127.0.0.1', () => socket.write(Buffer.of(5, 1, 0)));
      socket.once('data', (reply) => {
        socket.destroy();
        resolve(reply[0] === 5);
      });
      socket.once('error', () => resolve(false));
    });
  }

  it('answers 503 to the requests it loses, then 200 from the same process', async () => {
    const pid = child.pid;
    expect(await gatewayAnswers()).toBe(true);

    // Registrations stop inside their transaction on this lock, each holding a pooled
    // connection: 10 in PostgreSQL, the rest waiting for the pool.
    const unlocked = new Promise<void>((resolve) => (unlock = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const lockHolder = admin.db.transaction(async (tx) => {
      await tx.execute(sql`lock table users in access exclusive mode`);
      locked();
      await unlocked;
    });
    await isLocked;

    let answered = 0;
    const inFlight = Array.from({ length: IN_FLIGHT }, (_, index) =>
      register(`in-flight-${index}`).finally(() => (answered += 1)),
    );
    // What a restart does, again for each wave the pool lets in, until every request is answered.
    while (answered < IN_FLIGHT) {
      const [waiting] = await queryRows<{ count: number }>(
        admin.db,
        sql`select count(*)::int as count from pg_stat_activity
             where ${serverBackends} and wait_event_type = 'Lock'`,
      );
      if (waiting?.count) {
        await admin.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where ${serverBackends}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const responses = await Promise.all(inFlight.map((request) => request.catch((error) => error)));
    // Before the fix the process died here: Unhandled 'error' event … administrator command.
    expect(child.exitCode, output).toBeNull();
    // A request the server dropped (its process dying) shows here with the server's output.
    expect(
      responses.filter((response) => response instanceof Error),
      output,
    ).toEqual([]);
    for (const response of responses) {
      expect(response).toEqual({
        status: 503,
        body: { code: 10504, message: '服务暂时不可用，请稍后重试', data: null },
      });
    }

    unlock();
    await lockHolder;
    // The database is back: the same process serves, its gateway still answers.
    const after = await register('after-restart');
    expect(after.status).toBe(200);
    expect((await fetchEndpoint(url, getHealth)).status).toBe(200);
    expect(await gatewayAnswers()).toBe(true);
    // Neither the API (the supervisor exits with it) nor the gateway was restarted.
    expect(child.pid).toBe(pid);
    expect(child.exitCode).toBeNull();
    expect(output.match(/Demo proxy gateway on port/g)).toHaveLength(1);
    expect(() => process.kill(gatewayPid, 0)).not.toThrow();
    expect(output).not.toContain('Unhandled');
    expect(output).not.toMatch(/"level":60/);
  });
});
