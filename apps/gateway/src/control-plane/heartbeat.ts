// What the gateway says of itself with every credential poll (the contract's
// `nodeHeartbeatSchema`): its version and uptime, open connections, bytes per second, usage
// batches waiting on its disk, the vmess engine's state, CPU and memory. Rates are measured
// between two polls, so each heartbeat describes the last poll interval.
import { readFileSync } from 'node:fs';
import type { NodeHeartbeat, V2rayState } from '@stratus/contract';
import type { MovedBytes } from '../credentials/usage-counter.ts';

/** The heartbeat as the poll sends it: the applied snapshot version travels as `since`. */
export type HeartbeatReport = Omit<NodeHeartbeat, 'snapshotVersion'>;

/** This package's version (package.json), read once. */
export const GATEWAY_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** What the collector reads; every source is a function, so a test can drive each. */
export interface HeartbeatSources {
  /** Bytes moved since start (the meter's running totals). */
  moved: () => MovedBytes;
  openConnections: () => number;
  /** Usage batches in the spool. */
  pendingUsageBatches: () => Promise<number>;
  v2rayState: () => V2rayState;
  version?: string;
  /** Milliseconds on a monotonic clock (default `performance.now`). */
  clock?: () => number;
  /** The process's CPU time so far (default `process.cpuUsage`). */
  cpuUsage?: () => NodeJS.CpuUsage;
  /** Resident memory in bytes (default `process.memoryUsage.rss`). */
  memoryBytes?: () => number;
  /** Seconds the process has run (default `process.uptime`). */
  uptimeSeconds?: () => number;
}

interface Sample {
  at: number;
  moved: MovedBytes;
  cpuMicros: number;
}

export class HeartbeatCollector {
  private readonly sources: Required<HeartbeatSources>;
  private previous: Sample;

  constructor(sources: HeartbeatSources) {
    this.sources = {
      version: GATEWAY_VERSION,
      clock: () => performance.now(),
      cpuUsage: () => process.cpuUsage(),
      memoryBytes: () => process.memoryUsage.rss(),
      uptimeSeconds: () => process.uptime(),
      ...sources,
    };
    this.previous = this.sample();
  }

  private sample(): Sample {
    const { user, system } = this.sources.cpuUsage();
    const moved = this.sources.moved();
    return {
      at: this.sources.clock(),
      moved: { up: moved.up, down: moved.down },
      cpuMicros: user + system,
    };
  }

  /**
   * The heartbeat for this poll: rates over the time since the previous one (since start for
   * the first). CPU is the process's CPU time over the wall time, as a percent of one core (as
   * `top` shows a process: more than 100 when it keeps several cores busy). Never throws: a spool
   * that cannot be read counts as empty.
   */
  async collect(): Promise<HeartbeatReport> {
    const pending = await this.sources.pendingUsageBatches().catch(() => 0);
    const now = this.sample();
    const seconds = (now.at - this.previous.at) / 1000;
    const perSecond = (bytes: number) =>
      seconds > 0 ? Math.max(0, Math.round(bytes / seconds)) : 0;
    const cpuPercent =
      seconds > 0 ? Math.max(0, (now.cpuMicros - this.previous.cpuMicros) / (seconds * 10_000)) : 0;
    const report: HeartbeatReport = {
      gatewayVersion: this.sources.version,
      uptimeSeconds: Math.floor(this.sources.uptimeSeconds()),
      openConnections: this.sources.openConnections(),
      bytesInPerSecond: perSecond(now.moved.up - this.previous.moved.up),
      bytesOutPerSecond: perSecond(now.moved.down - this.previous.moved.down),
      pendingUsageBatches: pending,
      v2rayState: this.sources.v2rayState(),
      cpuPercent: Math.round(cpuPercent * 100) / 100,
      memoryBytes: this.sources.memoryBytes(),
    };
    this.previous = now;
    return report;
  }
}
