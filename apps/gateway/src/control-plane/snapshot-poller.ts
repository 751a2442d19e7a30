// Keeps the credential store current: polls the API every few seconds (the snapshot travels only
// when its version moved), keeps serving the last snapshot while the API is unreachable, and
// keeps a copy on disk so a gateway restarted during an outage still serves.
//
// After its first answer, each poll asks the API to hold it for one interval (`wait`), answering
// sooner when a connectivity check is asked for, and the next poll follows its answer at once:
// polls come as often as before, and a check reaches the node within moments. An answer that
// was not held (an API that does not hold) is followed after the rest of the interval.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  NODE_POLL_INTERVAL_SECONDS,
  nodeSnapshotSchema,
  type NodeInstanceCheck,
  type NodeSnapshot,
} from '@stratus/contract';
import type { CredentialStore } from '../credentials/credential-store.ts';
import type { Logger } from '../logger.ts';
import { ApiError, type ApiClient } from './api-client.ts';
import { writeFileAtomically } from './atomic-file.ts';
import type { HeartbeatReport } from './heartbeat.ts';

/** With a saved snapshot to serve from, listening waits at most this long for a fresh one. */
const FRESH_SNAPSHOT_WAIT_MS = 3_000;
/** A held answer may come this much before its wait is up (timers, clocks) and still count. */
const HELD_SLACK_MS = 100;

export class SnapshotPoller {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Ends the poll in flight when the gateway stops: the API stops holding it at once. */
  private readonly stopping = new AbortController();
  private polling: Promise<void> | null = null;
  /** The message of the failure being reported, so an outage is logged once, not every poll. */
  private failure: string | null = null;
  private readonly file: string;
  private readonly api: ApiClient;
  private readonly store: CredentialStore;
  private readonly logger: Logger;
  private readonly nodeId: string | undefined;
  private readonly intervalMs: number | undefined;
  private readonly onPoll: (() => Promise<void>) | undefined;
  private readonly heartbeat: (() => Promise<HeartbeatReport>) | undefined;
  private readonly onChecks: ((checks: NodeInstanceCheck[]) => void) | undefined;
  /** Polls answered by the API since start. */
  successfulPolls = 0;

  constructor(options: {
    api: ApiClient;
    store: CredentialStore;
    logger: Logger;
    dataDir: string;
    /** When given, a snapshot of any other node is refused (a key pasted into the wrong node). */
    nodeId?: string;
    /** Overrides the snapshot's poll interval (tests). */
    intervalMs?: number;
    /** Runs after every poll, answered or not (the vmess engine follows the store). */
    onPoll?: () => Promise<void>;
    /** What every poll says of the gateway (`HeartbeatCollector.collect`). */
    heartbeat?: () => Promise<HeartbeatReport>;
    /** The connectivity checks every answered poll hands out (`InstanceCheckRunner.run`). */
    onChecks?: (checks: NodeInstanceCheck[]) => void;
  }) {
    this.heartbeat = options.heartbeat;
    this.onChecks = options.onChecks;
    this.api = options.api;
    this.store = options.store;
    this.logger = options.logger;
    this.nodeId = options.nodeId;
    this.onPoll = options.onPoll;
    this.intervalMs = options.intervalMs;
    this.file = path.join(options.dataDir, 'snapshot.json');
  }

  /**
   * Loads the saved snapshot, if any, then polls. Resolves once the first poll is done, or,
   * with a saved snapshot to serve meanwhile, after a few seconds at most.
   */
  async start(): Promise<void> {
    const saved = await this.loadSaved();
    const firstPoll = this.poll();
    if (!saved) return firstPoll;
    let waited: NodeJS.Timeout | undefined;
    const patience = new Promise<void>((resolve) => {
      waited = setTimeout(resolve, FRESH_SNAPSHOT_WAIT_MS);
    });
    await Promise.race([firstPoll, patience]);
    clearTimeout(waited);
  }

  stop(): void {
    this.stopped = true;
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One poll now (or the one in progress); applies a changed snapshot. Never throws. */
  poll(): Promise<void> {
    this.polling ??= this.pollOnce().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  /** The interval between two polls' starts: the snapshot's, unless a test overrides it. */
  private intervalMsNow(): number {
    const seconds = this.store.snapshot?.pollIntervalSeconds ?? NODE_POLL_INTERVAL_SECONDS;
    return this.intervalMs ?? seconds * 1000;
  }

  /** How long the API may hold a poll: the interval in whole seconds (none under a second). */
  private waitSeconds(): number | undefined {
    const seconds = Math.min(NODE_POLL_INTERVAL_SECONDS, Math.floor(this.intervalMsNow() / 1000));
    return seconds >= 1 ? seconds : undefined;
  }

  private async pollOnce(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const startedAt = performance.now();
    let waitSeconds: number | undefined;
    let held = false;
    try {
      // Collected even when the API is away: its rates then span the whole outage, as they should.
      const heartbeat = await this.heartbeat?.();
      // A restarted gateway's first poll is answered at once: its saved snapshot may be old.
      waitSeconds = this.successfulPolls > 0 ? this.waitSeconds() : undefined;
      const answer = await this.api.fetchCredentials(this.store.version, heartbeat, {
        waitSeconds,
        stop: this.stopping.signal,
      });
      const elapsedMs = performance.now() - startedAt;
      held =
        waitSeconds !== undefined &&
        (answer.checks.length > 0 || elapsedMs >= waitSeconds * 1000 - HELD_SLACK_MS);
      if (!answer.unchanged && answer.snapshot) await this.use(answer.snapshot, { save: true });
      if (answer.checks.length > 0) this.onChecks?.(answer.checks);
      this.successfulPolls += 1;
      if (this.failure)
        this.logger.info({ version: this.store.version }, 'control plane reachable again');
      this.failure = null;
    } catch (error) {
      // A poll the gateway abandoned as it stops is no outage.
      if (!this.stopped) this.reportFailure(error as Error);
    }
    // An expiry takes effect without a new snapshot: re-check open connections every poll.
    const closed = this.store.revokeInvalid();
    if (closed) this.logger.info({ closed }, 'connections of expired credentials closed');
    await this.onPoll?.();
    if (!this.stopped) {
      // A held answer (its wait ran out, or a check ended it) is followed at once; any other
      // (the first, a failure, an API that does not hold) after the rest of the interval.
      const rest = held ? 0 : this.intervalMsNow() - (performance.now() - startedAt);
      this.timer = setTimeout(() => void this.poll(), Math.max(0, rest));
      this.timer.unref();
    }
  }

  private reportFailure(error: Error): void {
    const message = error.message;
    if (this.failure === message) return;
    this.failure = message;
    const fields = { err: message, version: this.store.version };
    if (error instanceof ApiError && error.isUnauthorized) {
      this.logger.error(fields, 'control plane refused the node key: check GATEWAY_NODE_KEY');
    } else if (error instanceof WrongNodeError) {
      this.logger.error(fields, 'snapshot ignored: check GATEWAY_NODE_ID and GATEWAY_NODE_KEY');
    } else {
      this.logger.warn(fields, 'control plane unreachable: serving the last snapshot');
    }
  }

  private async use(snapshot: NodeSnapshot, { save }: { save: boolean }): Promise<void> {
    if (this.nodeId && snapshot.nodeId !== this.nodeId) {
      throw new WrongNodeError(`the snapshot is for node ${snapshot.nodeId}, not ${this.nodeId}`);
    }
    const { closed } = this.store.apply(snapshot);
    this.logger.info(
      {
        version: snapshot.version,
        staticCredentials: snapshot.staticCredentials.length,
        dynamicAccounts: snapshot.dynamicAccounts.length,
        dynamicEgress: snapshot.dynamicEgress.length,
        allowlist: snapshot.allowlist.length,
        subUsers: snapshot.subUsers.length,
        closed,
      },
      save ? 'credential snapshot applied' : 'saved credential snapshot applied',
    );
    if (save) {
      try {
        await writeFileAtomically(this.file, JSON.stringify(snapshot));
      } catch (error) {
        // Serving goes on; only a restart during an outage would miss this snapshot.
        this.logger.error({ err: (error as Error).message, file: this.file }, 'snapshot not saved');
      }
    }
  }

  /** Applies the snapshot saved by an earlier run; false when there is none usable. */
  private async loadSaved(): Promise<boolean> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return false;
    }
    try {
      await this.use(nodeSnapshotSchema.parse(JSON.parse(text)), { save: false });
      return true;
    } catch (error) {
      this.logger.warn(
        { err: (error as Error).message, file: this.file },
        'saved snapshot ignored',
      );
      return false;
    }
  }
}

class WrongNodeError extends Error {
  override name = 'WrongNodeError';
}
