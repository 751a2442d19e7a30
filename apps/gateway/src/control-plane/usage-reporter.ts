// Delivers metered bytes to the API exactly once. Every few seconds the meter is drained into a
// batch with a new id, and the batch is written to the spool directory before it is sent; it is
// deleted only once the API acknowledged it. The API applies a batch id once, so re-sending
// after a timeout, an outage or a restart is always safe, and nothing is lost on the way.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_USAGE_RECORDS, type UsageRecord } from '@stratus/contract';
import type { UsageMeter } from '../credentials/usage-counter.ts';
import type { Logger } from '../logger.ts';
import type { ApiClient } from './api-client.ts';

const MAX_BACKOFF_MS = 30_000;

export class UsageReporter {
  private readonly spoolDir: string;
  private readonly api: ApiClient;
  private readonly meter: UsageMeter;
  private readonly logger: Logger;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | null = null;
  private sequence = 0;
  private failures = 0;
  private retryAt = 0;
  private running: Promise<void> | null = null;
  /** Batches acknowledged by the API since start (for tests and logs). */
  delivered = 0;

  constructor(options: {
    api: ApiClient;
    meter: UsageMeter;
    logger: Logger;
    dataDir: string;
    intervalMs?: number;
  }) {
    this.api = options.api;
    this.meter = options.meter;
    this.logger = options.logger;
    this.intervalMs = options.intervalMs ?? 5_000;
    this.spoolDir = path.join(options.dataDir, 'usage-spool');
  }

  /** Sends what an earlier run left in the spool, then reports on the interval. */
  async start(): Promise<void> {
    await mkdir(this.spoolDir, { recursive: true });
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
    await this.tick();
  }

  /** Spools what is metered and tries once more to deliver (used at shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.retryAt = 0;
    await this.tick();
  }

  /** Drains the meter into the spool and delivers the spool; one run at a time. */
  tick(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Batches waiting in the spool. */
  async pending(): Promise<number> {
    return (await this.spooledFiles()).length;
  }

  private async run(): Promise<void> {
    await this.spoolMetered();
    if (Date.now() < this.retryAt) return;
    for (const file of await this.spooledFiles()) {
      const batch = JSON.parse(await readFile(path.join(this.spoolDir, file), 'utf8'));
      try {
        await this.api.reportUsage(batch);
      } catch (error) {
        this.failures += 1;
        const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (this.failures - 1));
        this.retryAt = Date.now() + backoff;
        this.logger.warn(
          { err: (error as Error).message, batchId: batch.batchId, retryInMs: backoff },
          'usage delivery failed: kept in the spool',
        );
        return;
      }
      await unlink(path.join(this.spoolDir, file));
      this.failures = 0;
      this.delivered += 1;
    }
  }

  private async spoolMetered(): Promise<void> {
    const records = this.meter.drain();
    for (let start = 0; start < records.length; start += MAX_USAGE_RECORDS) {
      await this.spool(records.slice(start, start + MAX_USAGE_RECORDS));
    }
  }

  private async spool(records: UsageRecord[]): Promise<void> {
    const batchId = randomUUID();
    this.sequence += 1;
    // Names sort in creation order, so batches are delivered oldest first.
    const name = `${Date.now().toString().padStart(15, '0')}-${String(this.sequence).padStart(6, '0')}-${batchId}.json`;
    const temporary = path.join(this.spoolDir, `${name}.tmp`);
    await writeFile(temporary, JSON.stringify({ batchId, records }));
    await rename(temporary, path.join(this.spoolDir, name));
  }

  private async spooledFiles(): Promise<string[]> {
    const names = await readdir(this.spoolDir).catch(() => [] as string[]);
    return names.filter((name) => name.endsWith('.json')).sort();
  }
}
