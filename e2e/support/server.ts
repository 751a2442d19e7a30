import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, PROCESS_TEST_MS } from '@stratus/db/testing';
// The one free-port helper of the repository (the gateway's, used by its tests and the bench too).
import { freePort } from '../../apps/gateway/src/free-port.ts';
import { adminEntry, repoRoot, serverEntry, supervisedEntry } from './paths.ts';

export interface RunningServer {
  url: string;
  /** The PostgreSQL database the server runs on (engine `postgres` only), for tests to arrange rows. */
  databaseUrl?: string;
  /** The demo gateway's port (the demo IPs' port) when started with `gateway: true`. */
  gatewayPort?: number;
  /**
   * Runs `npm run admin -- …` against the server's database and answers what it printed. Only on
   * PostgreSQL: the embedded database belongs to the server process while it runs.
   */
  admin(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the real server process (`node apps/server/src/server.ts`, as `npm start` does) on a free
 * port, against a fresh PostgreSQL database or a fresh embedded one in a temporary DATA_DIR.
 * Nothing is shared with another file's servers (the e2e files run side by side): the API binds
 * port 0 and names the port it got, the database is a copy of its own.
 */
export async function startServer(
  engine: 'postgres' | 'pglite',
  extraEnv: Record<string, string> = {},
  {
    gateway = false,
    sharedDatabaseUrl,
  }: {
    /** `gateway: true` runs what `npm start` runs: the API and the demo gateway, supervised. */
    gateway?: boolean;
    /** Another server's PostgreSQL database (`databaseUrl`): a second server beside it. */
    sharedDatabaseUrl?: string;
  } = {},
): Promise<RunningServer> {
  const gatewayPort = gateway ? await freePort('0.0.0.0') : undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-e2e-'));
  const database =
    engine === 'postgres' && !sharedDatabaseUrl ? await createTestDatabase('postgres') : undefined;
  const databaseUrl = sharedDatabaseUrl ?? database?.url;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // 0: the kernel's pick when the server binds, which no other process can take first.
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    NODE_ENV: 'test',
    // Journeys sign up several people from one address; the proof-of-work journey asks for it.
    PROOF_OF_WORK_AFTER: '1000',
    ...(gatewayPort ? { EMBEDDED_GATEWAY: '1', EMBEDDED_GATEWAY_PORT: String(gatewayPort) } : {}),
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  const entry = gateway ? supervisedEntry : serverEntry;
  const child = spawn(process.execPath, [entry], { cwd: repoRoot, env, stdio: 'pipe' });
  // The supervisor names the gateway last, once both processes run.
  const url = await waitForReady(child, gateway ? /Demo proxy gateway on port \d+/ : undefined);
  return {
    url,
    databaseUrl,
    gatewayPort,
    async admin(...args) {
      if (!databaseUrl) throw new Error('admin commands need the postgres engine');
      const { stdout } = await promisify(execFile)(process.execPath, [adminEntry, ...args], {
        cwd: repoRoot,
        env,
      });
      return stdout;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves with the server's address once it says it runs; on a fresh PGlite see PROCESS_TEST_MS. */
function waitForReady(child: ChildProcess, alsoWaitFor?: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Server did not start within ${PROCESS_TEST_MS / 1000} s:\n${output}`));
    }, PROCESS_TEST_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Stratus is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1] && (!alsoWaitFor || alsoWaitFor.test(output))) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code} before it was ready:\n${output}`));
    });
  });
}
