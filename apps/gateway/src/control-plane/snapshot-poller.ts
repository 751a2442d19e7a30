// Keeps the credential store current: polls the API every few seconds (downloading only when
// the version moved), keeps serving the last snapshot while the API is unreachable, and keeps
// a copy on disk so a gateway restarted during an outage still serves.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  NODE_POLL_INTERVAL_SECONDS,
  nodeSnapshotSchema,
  type NodeSnapshot,
} from '@stratus/contract';
import type { CredentialStore } from '../credentials/credential-store.ts';
import type { Logger } from '../logger.ts';
import type { ApiClient } from './api-client.ts';

export class SnapshotPoller {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private failing = false;
  private readonly file: string;
  private readonly api: ApiClient;
  private readonly store: CredentialStore;
  private readonly logger: Logger;
  private readonly nodeId: string | undefined;
  private readonly intervalMs: number | undefined;

  constructor(options: {
    api: ApiClient;
    store: CredentialStore;
    logger: Logger;
    dataDir: string;
    /** When given, a snapshot of another node is refused (a key pasted into the wrong node). */
    nodeId?: string;
    /** Overrides the snapshot's poll interval (tests). */
    intervalMs?: number;
  }) {
    this.api = options.api;
    this.store = options.store;
    this.logger = options.logger;
    this.nodeId = options.nodeId;
    this.intervalMs = options.intervalMs;
    this.file = path.join(options.dataDir, 'snapshot.json');
  }

  /** Loads the saved snapshot (if any), then polls once and keeps polling. */
  async start(): Promise<void> {
    await this.loadSaved();
    await this.poll();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** One poll now; applies a changed snapshot. Never throws. */
  async poll(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    try {
      const answer = await this.api.fetchCredentials(this.store.version);
      if (answer.snapshot) await this.use(answer.snapshot, true);
      if (this.failing) this.logger.info({}, 'control plane reachable again');
      this.failing = false;
    } catch (error) {
      if (!this.failing) {
        this.logger.warn(
          { err: (error as Error).message },
          'control plane unreachable: serving the last snapshot',
        );
      }
      this.failing = true;
    }
    if (!this.stopped) {
      const seconds = this.store.current?.pollIntervalSeconds ?? NODE_POLL_INTERVAL_SECONDS;
      this.timer = setTimeout(() => void this.poll(), this.intervalMs ?? seconds * 1000);
      this.timer.unref();
    }
  }

  private async use(snapshot: NodeSnapshot, save: boolean): Promise<void> {
    if (this.nodeId && snapshot.nodeId !== this.nodeId) {
      throw new Error(`snapshot is for node ${snapshot.nodeId}, not ${this.nodeId}`);
    }
    const { closed } = this.store.apply(snapshot);
    this.logger.info(
      {
        version: snapshot.version,
        static: snapshot.staticCredentials.length,
        dynamic: snapshot.dynamicAccounts.length,
        closed,
      },
      'credential snapshot applied',
    );
    if (save) {
      await mkdir(path.dirname(this.file), { recursive: true });
      const temporary = `${this.file}.tmp`;
      await writeFile(temporary, JSON.stringify(snapshot));
      await rename(temporary, this.file);
    }
  }

  private async loadSaved(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return;
    }
    try {
      await this.use(nodeSnapshotSchema.parse(JSON.parse(text)), false);
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'saved snapshot ignored');
    }
  }
}
