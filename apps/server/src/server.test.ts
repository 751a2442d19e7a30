import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('the server process', () => {
  const dataDirs: string[] = [];
  afterAll(async () => {
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('starts on the embedded database, answers over HTTP and exits 0 on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-server-'));
    dataDirs.push(dataDir);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    };
    delete env.DATABASE_URL;
    delete env.SECRET_KEY;
    // process.execPath is the Node 24 running these tests, which runs .ts directly.
    const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready in 60 s:\n${output}`)), 60_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /^Stratus is running at (http:\/\/localhost:(\d+))/m.exec(output);
        if (match?.[1] && match[2] !== '0') {
          clearTimeout(timer);
          resolve(match[1].replace('localhost', '127.0.0.1'));
        }
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
    expect(output.match(/Stratus is running at/g)).toHaveLength(1);

    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ code: 0, data: { database: 'pglite' } });
    // The generated secret key is kept beside the data, readable by the owner only.
    expect((await stat(path.join(dataDir, 'secret.key'))).mode & 0o777).toBe(0o600);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses to start with a clear message when the configuration is bad', async () => {
    const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(errors).toContain('Invalid configuration');
    expect(errors).toContain('PORT: must be a number');
  });
});
