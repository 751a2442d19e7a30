// The first hour's trap (issue 31): `npm run admin` beside a running `npm start` on the embedded
// database said "Created" while the server never saw the account. Now every second process is
// refused at once, the running server's database unchanged.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { listStaff, login } from '@stratus/contract';
import { PROCESS_TEST_MS } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionOf } from '../../test/accounts.ts';
import { fetchEndpoint } from '../../test/call-endpoint.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const adminEntry = path.join(repoRoot, 'apps/server/src/cli/admin.ts');
const migrateEntry = path.join(repoRoot, 'packages/db/src/migrate-cli.ts');
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');
const ownerPassword = 'correct horse 42';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('a second process on a running server’s embedded database', () => {
  let folder: string;
  let env: NodeJS.ProcessEnv;
  let server: ReturnType<typeof spawn> | undefined;
  let serverOutput = '';
  let url: string;

  /** Runs one of our Node entry points as its own process, in the server's environment. */
  function run(entry: string, ...args: string[]): Promise<Run> {
    return new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [entry, ...args],
        { cwd: repoRoot, env },
        (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
  }

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'stratus-beside-'));
    env = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(folder, 'data'),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      NODE_ENV: 'test',
      DEMO_SEED: '0',
      SECRET_KEY: 'admin-beside-server-test-secret-0123456789',
    };
    delete env.DATABASE_URL;
    // The owner exists before the server starts, as after the first hour's first step.
    const owner = await run(
      adminEntry,
      ...['create-operator', 'owner@example.com', '--password', ownerPassword],
    );
    expect(owner.stdout).toContain('Created staff account owner@example.com (owner)');

    server = spawn(process.execPath, [serverEntry], { cwd: repoRoot, env, stdio: 'pipe' });
    const started = server;
    url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        serverOutput += chunk.toString();
        const match = /Stratus is running at http:\/\/localhost:(\d+)/.exec(serverOutput);
        if (match) resolve(`http://127.0.0.1:${match[1]}`);
      };
      started.stdout?.on('data', onData);
      started.stderr?.on('data', onData);
      started.once('exit', (code) =>
        reject(new Error(`server exited (${code}):\n${serverOutput}`)),
      );
    });
  }, 2 * PROCESS_TEST_MS);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(folder, { recursive: true, force: true });
  });

  async function staffEmails(): Promise<string[]> {
    const signedIn = await fetchEndpoint(url, login, {
      body: { email: 'owner@example.com', password: ownerPassword },
    });
    const { token } = sessionOf(signedIn.data());
    const staff = await fetchEndpoint(url, listStaff, { token });
    return staff.data().items.map((member) => member.email);
  }

  function expectRefusal(refused: Run): void {
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `The embedded database in ${env.DATA_DIR} is in use by process ${server?.pid} (node `,
    );
    expect(refused.stderr).toContain('apps/server/src/server.ts');
    expect(refused.stderr).toContain('DATABASE_URL');
  }

  it(
    'refuses npm run admin, db:migrate and a second server, writing nothing, until it stops',
    { timeout: 2 * PROCESS_TEST_MS },
    async () => {
      expect(await staffEmails()).toEqual(['owner@example.com']);

      const refused = await run(
        adminEntry,
        ...['create-operator', 'second@example.com', '--role', 'support'],
      );
      expectRefusal(refused);
      expect(refused.stdout).toBe('');
      expectRefusal(await run(migrateEntry));
      // A second server on the same data directory: refused before it opens a file.
      expectRefusal(await run(serverEntry));
      expect(await staffEmails()).toEqual(['owner@example.com']);

      // Once the server has stopped, its lock is gone and the same command does its work.
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server?.kill('SIGTERM');
      await exited;
      const created = await run(
        adminEntry,
        ...['create-operator', 'second@example.com', '--role', 'support'],
      );
      expect(created.code).toBe(0);
      expect(created.stdout).toContain('Created staff account second@example.com (support)');
    },
  );
});
