import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DataDirectoryInUseError,
  lockDataDirectory,
  type LockHolder,
} from './data-directory-lock.ts';
import { createDatabase } from './index.ts';
import { PROCESS_TEST_MS } from './testing.ts';

const lockModule = path.join(import.meta.dirname, 'data-directory-lock.ts');

let directory: string;
let lockFile: string;
const children: { kill(): boolean }[] = [];
beforeEach(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'stratus-lock-'));
  lockFile = path.join(directory, 'pglite.lock');
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill();
  await rm(directory, { recursive: true, force: true });
});

async function readLock(): Promise<LockHolder> {
  return JSON.parse(await readFile(lockFile, 'utf8')) as LockHolder;
}

/** A lock file as another process of this machine would have left it. */
async function writeLockOf(pid: number, extra: Partial<LockHolder> = {}): Promise<void> {
  const holder: LockHolder = {
    pid,
    hostname: os.hostname(),
    command: 'node apps/server/src/server.ts',
    since: '2026-12-01T08:00:00.000Z',
    nonce: randomBytes(8).toString('hex'),
    ...extra,
  };
  await writeFile(lockFile, JSON.stringify(holder));
}

/** A process that runs until the test ends: a live holder. */
function liveProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  if (!child.pid) throw new Error('could not start a process');
  return child.pid;
}

/** The pid of a process that has exited: a holder that is gone. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/** Runs `code` in a Node process of its own with `lockDataDirectory` imported. */
function runWithLockModule(code: string): Promise<{ stdout: string; code: number }> {
  const script = `import { lockDataDirectory } from ${JSON.stringify(lockModule)};\n${code}`;
  return promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, LOCK_DIRECTORY: directory },
  }).then(
    ({ stdout }) => ({ stdout, code: 0 }),
    (error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }),
  );
}

describe('the data directory lock', () => {
  it('is taken by the first process, naming it, and refused to any other opening', async () => {
    const lock = lockDataDirectory(directory);
    try {
      expect(await readLock()).toMatchObject({ pid: process.pid, hostname: os.hostname() });
      // A second opening in the same process would be a second copy of the database all the same.
      expect(() => lockDataDirectory(directory)).toThrow(DataDirectoryInUseError);

      const other = await runWithLockModule(
        'try { lockDataDirectory(process.env.LOCK_DIRECTORY); } ' +
          'catch (error) { console.log(error.message); process.exit(1); }',
      );
      expect(other.code).toBe(1);
      expect(other.stdout).toContain(`is in use by process ${process.pid} (`);
      expect(other.stdout).toContain('DATABASE_URL');
    } finally {
      lock.release();
    }
  });

  it('is refused while a live process of this machine holds it', async () => {
    const pid = liveProcess();
    await writeLockOf(pid);
    let refusal: unknown;
    try {
      lockDataDirectory(directory);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirectoryInUseError);
    expect((refusal as Error).message).toBe(
      `The embedded database in ${directory} is in use by process ${pid} ` +
        '(node apps/server/src/server.ts, since 2026-12-01T08:00:00.000Z). Only one process may ' +
        `open it: stop that process first (Ctrl-C where it runs, or kill ${pid}), then run this ` +
        'again; or run on PostgreSQL (DATABASE_URL), which any number of processes may share.',
    );
    expect((await readLock()).pid).toBe(pid);
  });

  it('takes over a lock left by a process that is gone', async () => {
    await writeLockOf(await deadPid());
    const lock = lockDataDirectory(directory);
    expect((await readLock()).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock whose pid now belongs to a later process', async () => {
    // Same pid, another start time: the holder died and its pid was handed out again.
    await writeLockOf(liveProcess(), { startTime: '1' });
    const lock = lockDataDirectory(directory);
    expect((await readLock()).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock naming this very pid that this process does not hold', async () => {
    // A container restarted: its server gets the pid its previous life had.
    await writeLockOf(process.pid);
    const lock = lockDataDirectory(directory);
    expect((await readLock()).pid).toBe(process.pid);
    lock.release();
  });

  it('is released by release(), and can then be taken again', async () => {
    lockDataDirectory(directory).release();
    await expect(readFile(lockFile)).rejects.toMatchObject({ code: 'ENOENT' });
    const again = lockDataDirectory(directory);
    again.release();
    again.release();
    await expect(readFile(lockFile)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('is released when its process exits without releasing it', async () => {
    const run = await runWithLockModule(
      'lockDataDirectory(process.env.LOCK_DIRECTORY); console.log("locked"); process.exit(3);',
    );
    expect(run).toEqual({ stdout: 'locked\n', code: 3 });
    await expect(readFile(lockFile)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it(
    'goes to exactly one of several processes taking over one stale lock at once',
    { timeout: PROCESS_TEST_MS },
    async () => {
      await writeLockOf(await deadPid());
      const contenders = await Promise.all(
        Array.from({ length: 4 }, () =>
          runWithLockModule(
            'try { lockDataDirectory(process.env.LOCK_DIRECTORY); console.log("taken"); ' +
              'await new Promise((resolve) => setTimeout(resolve, 3000)); } ' +
              'catch (error) { console.log(error.name); }',
          ),
        ),
      );
      const outcomes = contenders.map((run) => run.stdout.trim()).sort();
      expect(outcomes).toEqual([
        'DataDirectoryInUseError',
        'DataDirectoryInUseError',
        'DataDirectoryInUseError',
        'taken',
      ]);
    },
  );
});

describe('an embedded database on disk', () => {
  it(
    'is refused to a second opening until the first is closed',
    { timeout: PROCESS_TEST_MS },
    async () => {
      const first = await createDatabase({ dataDir: directory });
      try {
        await expect(createDatabase({ dataDir: directory })).rejects.toThrow(
          DataDirectoryInUseError,
        );
      } finally {
        await first.close();
      }
      const second = await createDatabase({ dataDir: directory });
      await second.close();
      await expect(readFile(lockFile)).rejects.toMatchObject({ code: 'ENOENT' });
    },
  );
});
