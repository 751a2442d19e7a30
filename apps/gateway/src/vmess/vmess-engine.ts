// Runs V2Ray (Debian's `v2ray` package) as the gateway's vmess engine. The gateway owns it: it
// writes the configuration for the static IPs whose plans include vmess, starts V2Ray, restarts
// it when that set changes (an expiry, a new instance, a revoked one: each poll checks, so a
// revocation takes effect within a poll interval and cuts the revoked client's connections), and
// moves V2Ray's per-user byte counters into the gateway's meter, from where they are reported
// like any other usage. Counters are read with reset, and once more before every restart and at
// stop, so no byte is counted twice or lost on a planned restart.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { NodeStaticCredential, V2rayState } from '@stratus/contract';
import type { UsageMeter } from '../credentials/usage-counter.ts';
import { freePort } from '../free-port.ts';
import type { Logger } from '../logger.ts';
import { buildV2rayConfig, vmessCredentials, vmessFingerprint } from './v2ray-config.ts';
import { parseUserTraffic } from './v2ray-stats.ts';

const run = promisify(execFile);
/** V2Ray prints this once its inbounds listen. */
const STARTED = /V2Ray [\d.]+ started/;
const START_TIMEOUT_MS = 10_000;
const STATS_TIMEOUT_MS = 5_000;

/** The executable's path: as given when it has a slash, else the first match on PATH; or null. */
export function findExecutable(name: string): string | null {
  const candidates = name.includes('/')
    ? [name]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * `v2ray` and the `v2ctl` beside it (or on PATH), or null when either is missing: the gateway
 * then serves SOCKS5 and HTTP only.
 */
export function findV2ray(v2ray = 'v2ray'): { v2rayPath: string; v2ctlPath: string } | null {
  const v2rayPath = findExecutable(v2ray);
  if (!v2rayPath) return null;
  const v2ctlPath =
    findExecutable(path.join(path.dirname(v2rayPath), 'v2ctl')) ?? findExecutable('v2ctl');
  return v2ctlPath ? { v2rayPath, v2ctlPath } : null;
}

export interface VmessEngineOptions {
  /** The `v2ray` executable. */
  v2rayPath: string;
  /** The `v2ctl` executable (reads the stats). */
  v2ctlPath: string;
  /** Where the generated configuration is written. */
  dataDir: string;
  meter: UsageMeter;
  logger: Logger;
  allowPrivateDestinations: boolean;
}

export class VmessEngine {
  private readonly options: VmessEngineOptions;
  private child: ChildProcess | null = null;
  private apiPort = 0;
  /** What the running V2Ray serves; null when none runs (or it died and must be started). */
  private fingerprint: string | null = null;
  /** Operations run one at a time: a restart never meets a stats read halfway. */
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = false;
  /** Why the last start failed, so a failure repeated at every poll is logged once. */
  private startFailure: string | null = null;
  /** The last start failed or V2Ray exited unasked, and it has not served since. */
  private failed = false;
  /** Restarts since start (tests and logs). */
  restarts = 0;

  constructor(options: VmessEngineOptions) {
    this.options = options;
  }

  /** Whether a V2Ray process is serving now. */
  get running(): boolean {
    return this.child !== null;
  }

  /**
   * For the heartbeat: `running` serves; `failed` should serve but did not start or died (the
   * next poll tries again); `stopped` has nothing to serve (no valid vmess credential) or was
   * stopped.
   */
  get state(): Exclude<V2rayState, 'absent'> {
    if (this.child) return 'running';
    return this.failed ? 'failed' : 'stopped';
  }

  /** The serving V2Ray's process id. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Serves exactly the vmess of these credentials that are valid at `now`. Never throws. */
  sync(credentials: readonly NodeStaticCredential[], now = Date.now()): Promise<void> {
    return this.enqueue(async () => {
      if (this.stopped) return;
      const serving = vmessCredentials(credentials, now);
      const fingerprint = vmessFingerprint(serving);
      if (fingerprint === this.fingerprint) return;
      await this.stopChild();
      if (serving.length === 0) {
        this.fingerprint = fingerprint;
        this.failed = false;
        return;
      }
      await this.startChild(serving, fingerprint);
    });
  }

  /** Moves V2Ray's byte counters into the meter. Never throws. */
  collectUsage(): Promise<void> {
    return this.enqueue(() => this.readCounters());
  }

  /** Reads the last counters and stops V2Ray. */
  stop(): Promise<void> {
    this.stopped = true;
    this.failed = false;
    return this.enqueue(() => this.stopChild());
  }

  private enqueue(operation: () => Promise<void>): Promise<void> {
    const next = this.queue.then(operation).catch((error: Error) => {
      this.options.logger.error({ err: error.message }, 'vmess engine operation failed');
    });
    this.queue = next;
    return next;
  }

  private async readCounters(): Promise<void> {
    if (!this.child) return;
    const { stdout } = await run(
      this.options.v2ctlPath,
      [
        'api',
        `--server=127.0.0.1:${this.apiPort}`,
        'StatsService.QueryStats',
        'pattern: "user>>>" reset: true',
      ],
      { timeout: STATS_TIMEOUT_MS },
    );
    for (const { user, up, down } of parseUserTraffic(stdout)) {
      if (!up && !down) continue;
      const counter = this.options.meter.counterFor('static', user);
      counter.addUp(up);
      counter.addDown(down);
    }
  }

  private async startChild(
    credentials: NodeStaticCredential[],
    fingerprint: string,
  ): Promise<void> {
    const { logger } = this.options;
    this.apiPort = await freePort('127.0.0.1');
    const file = path.join(this.options.dataDir, 'v2ray.json');
    const config = buildV2rayConfig({
      credentials,
      apiPort: this.apiPort,
      allowPrivateDestinations: this.options.allowPrivateDestinations,
    });
    await writeFile(file, JSON.stringify(config, null, 2), { mode: 0o600 });
    // V2Ray must not outlive the gateway: an orphan would go on serving credentials that get
    // revoked meanwhile, and hold the ports the next gateway needs. util-linux's setpriv makes
    // the kernel kill it when the gateway dies, however it dies.
    const command = [this.options.v2rayPath, '-config', file];
    const setpriv = findExecutable('setpriv');
    const child = setpriv
      ? spawn(setpriv, ['--pdeathsig', 'KILL', ...command], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const started = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), START_TIMEOUT_MS);
      const watch = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4096);
        if (STARTED.test(output)) {
          clearTimeout(timer);
          resolve(true);
        }
      };
      child.stdout.on('data', watch);
      child.stderr.on('data', watch);
      child.once('error', (error) => {
        output += error.message;
        clearTimeout(timer);
        resolve(false);
      });
      // 'close', not 'exit': only then has all it printed been read.
      child.once('close', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (!started) {
      child.kill('SIGKILL');
      // The next sync tries again (the address may not be configured yet, a port may be taken).
      this.fingerprint = null;
      this.failed = true;
      const printed = output.trim().slice(-1000);
      // The reason is V2Ray's last line ("Failed to start …"): the lines before it carry
      // timestamps, and its asynchronous log may or may not get its info lines out before exit.
      const reason = printed.split('\n').at(-1) ?? '';
      if (reason !== this.startFailure) {
        logger.error({ output: printed }, 'vmess engine (V2Ray) did not start');
      }
      this.startFailure = reason;
      return;
    }
    // Keep draining its output; log only what V2Ray reports as errors.
    child.stdout.removeAllListeners('data');
    child.stderr.removeAllListeners('data');
    const logErrors = (chunk: Buffer) => {
      const text = chunk.toString();
      if (/\[(Error|Warning)\]/.test(text) && !STARTED.test(text)) {
        logger.warn({ output: text.trim().slice(0, 1000) }, 'vmess engine (V2Ray) says');
      }
    };
    child.stdout.on('data', logErrors);
    child.stderr.on('data', logErrors);
    child.once('exit', (code, signal) => {
      if (this.child !== child) return;
      // Not asked to stop: the next poll's sync starts it again.
      this.child = null;
      this.fingerprint = null;
      this.failed = true;
      logger.error({ code, signal }, 'vmess engine (V2Ray) exited');
    });
    this.child = child;
    this.fingerprint = fingerprint;
    this.startFailure = null;
    this.failed = false;
    this.restarts += 1;
    logger.info({ instances: credentials.length, apiPort: this.apiPort }, 'vmess engine serving');
  }

  private async stopChild(): Promise<void> {
    const child = this.child;
    if (!child) return;
    try {
      await this.readCounters();
    } catch (error) {
      this.options.logger.error(
        { err: (error as Error).message },
        'vmess usage not read before the restart',
      );
    }
    this.child = null;
    this.fingerprint = null;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    await exited;
    clearTimeout(timer);
  }
}
