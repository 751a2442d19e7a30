// Delivers metered bytes to the API exactly once. Every few seconds the meter is drained into a
// batch with a new id, and the batch is written to the spool before it is sent; it is deleted
// only once the API acknowledged it. The API applies a batch id once, so re-sending after a
// timeout, an outage or a restart is always safe, and nothing is lost on the way.
import { randomUUID } from 'node:crypto';
import { MAX_USAGE_RECORDS, type UsageRecord } from '@stratus/contract';
import type { UsageMeter } from '../credentials/usage-counter.ts';
import type { Logger } from '../logger.ts';
import { ApiError, type ApiClient } from './api-client.ts';
import { UsageSpool } from './usage-spool.ts';

const DEFAULT_INTERVAL_MS = 5_000;
const DEFAULT_MAX_RETRY_DELAY_MS = 60_000;
/** At shutdown the API gets this long per batch: a hung API must not hold the exit. */
const SHUTDOWN_TIMEOUT_MS = 5_000;

export class UsageReporter {
  readonly spool: UsageSpool;
  private readonly api: ApiClient;
  private readonly meter: UsageMeter;
  private readonly logger: Logger;
  private readonly intervalMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly beforeDrain: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | null = null;
  /** The last run started or queued; the next one chains on it. */
  private runs: Promise<void> = Promise.resolve();
  /** A run queued but not started yet. */
  private queued: Promise<void> | null = null;
  private failures = 0;
  private retryAt = 0;
  /** Batches acknowledged by the API since start. */
  delivered = 0;

  constructor(options: {
    api: ApiClient;
    meter: UsageMeter;
    logger: Logger;
    dataDir: string;
    /** How often the meter is drained and the spool delivered (default 5 s). */
    intervalMs?: number;
    /** Retries back off from the interval, doubling up to this (default 60 s). */
    maxRetryDelayMs?: number;
    /** Brings counts kept elsewhere into the meter first (the vmess engine's). */
    beforeDrain?: () => Promise<void>;
  }) {
    this.beforeDrain = options.beforeDrain;
    this.api = options.api;
    this.meter = options.meter;
    this.logger = options.logger;
    this.intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
    this.spool = new UsageSpool(options.dataDir);
  }

  /** Opens the spool, starts sending what an earlier run left there, then reports on the interval. */
  async start(): Promise<void> {
    await this.spool.open();
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  /** Spools what is metered and tries once more to deliver (at shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.runs = this.runs.then(() => {
      this.retryAt = 0;
      return this.run({ timeoutMs: SHUTDOWN_TIMEOUT_MS });
    });
    await this.runs;
  }

  /**
   * Drains the meter into the spool and delivers the spool. Runs never overlap: a tick during a
   * run queues one more, which starts after it (so it drains what the caller just metered), and
   * ticks meanwhile share that queued run. Never throws.
   */
  tick(): Promise<void> {
    if (this.queued) return this.queued;
    const queued = this.runs.then(() => {
      this.queued = null;
      return this.run({});
    });
    this.queued = queued;
    this.runs = queued;
    return queued;
  }

  /** Batches waiting in the spool. */
  async pending(): Promise<number> {
    return (await this.spool.list()).length;
  }

  private async run({ timeoutMs }: { timeoutMs?: number }): Promise<void> {
    try {
      await this.spoolMetered();
      if (Date.now() >= this.retryAt) await this.deliverSpool(timeoutMs);
    } catch (error) {
      this.logger.error({ err: (error as Error).message }, 'usage reporting failed');
    }
  }

  private async spoolMetered(): Promise<void> {
    await this.beforeDrain?.();
    const from = this.meter.meteringSince;
    const records = this.meter.drain();
    const allowlistUsed = this.meter.drainAllowlistUses();
    // The interval the bytes moved in: the API holds a batch to what the node's line rate moves
    // in it. A batch spooled during an outage keeps its own interval however late it is sent.
    const interval = { from: from.toISOString(), to: this.meter.meteringSince.toISOString() };
    const parts: UsageRecord[][] = [];
    for (let start = 0; start < records.length; start += MAX_USAGE_RECORDS) {
      parts.push(records.slice(start, start + MAX_USAGE_RECORDS));
    }
    // Allowlist uses travel with the first part, or alone when nothing was metered.
    if (parts.length === 0 && allowlistUsed.length > 0) parts.push([]);
    for (const [index, part] of parts.entries()) {
      const uses = index === 0 && allowlistUsed.length > 0 ? { allowlistUsed } : {};
      try {
        await this.spool.add({ batchId: randomUUID(), ...interval, records: part, ...uses });
      } catch (error) {
        // Back into the meter: the next tick spools them again, over an interval from `from`.
        for (const rest of parts.slice(index)) this.meter.restore(rest, from);
        if (index === 0) this.meter.restoreAllowlistUses(allowlistUsed);
        throw error;
      }
    }
  }

  private async deliverSpool(timeoutMs: number | undefined): Promise<void> {
    for (const name of await this.spool.list()) {
      let batch;
      try {
        batch = await this.spool.read(name);
      } catch (error) {
        this.logger.error(
          { err: (error as Error).message, file: name },
          'unreadable usage batch set aside',
        );
        await this.spool.setAside(name);
        continue;
      }
      let answer;
      try {
        answer = await this.api.reportUsage(batch, { timeoutMs });
      } catch (error) {
        // Refused as invalid (malformed, an impossible byte count, an inconsistent interval): the
        // same batch id can never be accepted, so it is moved aside for an operator rather than
        // retried or split; splitting would only launder a claim the API found impossible.
        if (error instanceof ApiError && error.isRejected) {
          this.logger.error(
            { err: error.message, batchId: batch.batchId, file: name },
            'usage batch rejected by the API: set aside',
          );
          await this.spool.setAside(name);
          continue;
        }
        this.failures += 1;
        const delay = Math.min(this.maxRetryDelayMs, this.intervalMs * 2 ** (this.failures - 1));
        this.retryAt = Date.now() + delay;
        this.logger.warn(
          { err: (error as Error).message, batchId: batch.batchId, retryInMs: delay },
          'usage delivery failed: kept in the spool',
        );
        return;
      }
      if (answer.notOnNode > 0) {
        this.logger.warn(
          { batchId: batch.batchId, notOnNode: answer.notOnNode },
          'the API did not charge usage of subjects it says this node does not serve',
        );
      }
      await this.spool.remove(name);
      this.failures = 0;
      this.retryAt = 0;
      this.delivered += 1;
    }
  }
}
