// One process per embedded data directory. PGlite keeps the whole database in the memory of the
// process that opened it and writes its files back as it goes: a second process opening the same
// files works on a copy of its own, and whatever it writes is lost or overwrites the first's
// (an admin command "created" an account the running server never saw). So the first process to
// open a directory takes a lock file naming itself, and every other one is refused at once.
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What a lock file says about the process holding it. */
export interface LockHolder {
  pid: number;
  /** The holder's start time as the kernel counts it (Linux only): tells a reused pid apart. */
  startTime?: string;
  hostname: string;
  /** How the holder was started, e.g. `node apps/server/src/server.ts`. */
  command: string;
  /** When it took the lock (ISO 8601). */
  since: string;
  /** Unique per lock taken: names the take-over of this very lock when it is left behind. */
  nonce: string;
}

/** Another live process holds the data directory: nothing was opened. */
export class DataDirectoryInUseError extends Error {
  readonly holder: LockHolder;
  readonly directory: string;

  constructor(directory: string, holder: LockHolder) {
    const where = holder.hostname === os.hostname() ? '' : ` on ${holder.hostname}`;
    super(
      `The embedded database in ${directory} is in use by process ${holder.pid}${where} ` +
        `(${holder.command}, since ${holder.since}). Only one process may open it: stop that ` +
        `process first (Ctrl-C where it runs, or kill ${holder.pid}), then run this again; or ` +
        'run on PostgreSQL (DATABASE_URL), which any number of processes may share.',
    );
    this.name = 'DataDirectoryInUseError';
    this.directory = directory;
    this.holder = holder;
  }
}

export interface DataDirectoryLock {
  readonly file: string;
  /** Removes the lock file (if it is still ours); safe to call more than once. */
  release(): void;
}

/** Lock files this process holds, released on exit however it ends short of a kill. */
const heldByThisProcess = new Map<string, LockHolder>();
let releaseOnExitInstalled = false;

/**
 * Takes `<directory>/pglite.lock` for this process, or throws `DataDirectoryInUseError` naming
 * the live process that holds it. A lock left by a process that is gone (killed, crashed, a
 * container restarted) is taken over.
 */
export function lockDataDirectory(directory: string): DataDirectoryLock {
  const file = path.join(directory, 'pglite.lock');
  const me = describeThisProcess();
  const outcome = takeLockFile(file, me);
  if (outcome !== 'taken') throw new DataDirectoryInUseError(directory, outcome);
  heldByThisProcess.set(file, me);
  if (!releaseOnExitInstalled) {
    releaseOnExitInstalled = true;
    // `process.exit()` skips every `finally`: the lock goes with the process all the same.
    process.once('exit', () => {
      for (const [held, holder] of heldByThisProcess) {
        try {
          removeIfStill(held, holder);
        } catch {
          // Exiting anyway: a lock left behind names a dead pid and is taken over.
        }
      }
    });
  }
  return {
    file,
    release() {
      if (heldByThisProcess.get(file) !== me) return;
      heldByThisProcess.delete(file);
      removeIfStill(file, me);
    },
  };
}

/** Bounds the retries when the file changes hands while it is being read. */
const MAX_ATTEMPTS = 20;

/**
 * Creates `file` holding `me`, atomically: the content is written to a file of its own and then
 * hard-linked to the lock's name, which fails when the name exists, so no reader ever sees a
 * half-written lock. Answers 'taken' or the live holder.
 */
function takeLockFile(file: string, me: LockHolder): 'taken' | LockHolder {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    if (linkNewFile(file, me)) return 'taken';
    const holder = readHolder(file);
    if (holder === 'gone') continue;
    if (holder !== 'unreadable' && isAlive(holder)) return holder;
    removeStaleLock(file, holder);
  }
  throw new Error(`Could not take ${file}: it keeps changing hands`);
}

/**
 * Removes a lock whose holder is gone. Several processes may find the same dead holder at once:
 * only the one that takes the take-over lock of this very lock file (itself such a lock, so a
 * take-over left half done is taken over in turn) may remove it, and only while it is unchanged.
 */
function removeStaleLock(file: string, stale: LockHolder | 'unreadable'): void {
  const name = stale === 'unreadable' ? 'unreadable' : `${stale.pid}-${stale.nonce}`;
  const takeOver = `${file}.takeover-${name}`;
  const me = describeThisProcess();
  if (takeLockFile(takeOver, me) !== 'taken') {
    // Another process is removing it this very moment: give it that moment.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    return;
  }
  try {
    const current = readHolder(file);
    const unchanged =
      current === 'unreadable' || stale === 'unreadable'
        ? current === stale
        : current !== 'gone' && current.nonce === stale.nonce;
    if (unchanged) unlinkSync(file);
  } finally {
    removeIfStill(takeOver, me);
  }
}

function linkNewFile(file: string, content: LockHolder): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(draft, `${JSON.stringify(content)}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

function readHolder(file: string): LockHolder | 'gone' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  try {
    const holder = JSON.parse(text) as Partial<LockHolder>;
    if (typeof holder.pid === 'number' && typeof holder.nonce === 'string') {
      return holder as LockHolder;
    }
  } catch {
    // Written by hand or by something else: not a holder anyone can be asked about.
  }
  return 'unreadable';
}

/** Removes `file` only when it still holds `holder`'s lock (never one taken over since). */
function removeIfStill(file: string, holder: LockHolder): void {
  const current = readHolder(file);
  if (typeof current === 'object' && current.nonce === holder.nonce) {
    unlinkSync(file);
  }
}

/**
 * Whether the holder still runs. Another machine's process (a data directory on a shared disk)
 * cannot be asked: it counts as alive. This process's own pid holds a lock only through
 * `heldByThisProcess`, so a lock naming it otherwise was left by an earlier life of the pid (a
 * container starts its processes with the same pids every time).
 */
function isAlive(holder: LockHolder): boolean {
  if (holder.hostname !== os.hostname()) return true;
  if (holder.pid === process.pid) {
    return [...heldByThisProcess.values()].some((held) => held.nonce === holder.nonce);
  }
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists, but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startTime = processStartTime(holder.pid);
  return !holder.startTime || !startTime || startTime === holder.startTime;
}

function describeThisProcess(): LockHolder {
  const startTime = processStartTime(process.pid);
  const script = process.argv[1] ? path.relative(process.cwd(), process.argv[1]) : '';
  return {
    pid: process.pid,
    ...(startTime ? { startTime } : {}),
    hostname: os.hostname(),
    command: [path.basename(process.argv0), script, ...process.argv.slice(2)]
      .filter(Boolean)
      .join(' '),
    since: new Date().toISOString(),
    nonce: randomBytes(8).toString('hex'),
  };
}

/** Field 22 of `/proc/<pid>/stat` (after the command's parenthesised name), where there is one. */
function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}
