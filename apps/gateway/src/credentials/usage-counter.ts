// Byte counters per subject: a static instance or a dynamic user. A connection holds its counter
// and adds to it per chunk (no lookup on the hot path); the reporter drains them into records.
import type { UsageRecord, UsageRecordKind as UsageKind } from '@stratus/contract';

export class UsageCounter {
  readonly kind: UsageKind;
  /** Instance id (static), user id (dynamic) or sub-user id (sub_user). */
  readonly subject: string;
  /** Bytes client → destination not yet drained into a usage batch. */
  up = 0;
  /** Bytes destination → client not yet drained. */
  down = 0;
  /**
   * Dynamic only: bytes left when the current snapshot was made, and bytes this gateway moved
   * since it was applied. The API learns of usage in batches; counting locally keeps a user from
   * running far past zero between two snapshots.
   */
  snapshotRemaining = Number.POSITIVE_INFINITY;
  sinceSnapshot = 0;
  /** Called when the dynamic allowance crosses zero (closes the user's connections). */
  onExhausted: (() => void) | null = null;
  /**
   * A sub-user's owner account: its bytes also spend the account's allowance, and it has no more
   * left than the account has.
   */
  owner: UsageCounter | null = null;
  /** The meter's running totals, which every counter adds to (the heartbeat's bytes per second). */
  private readonly moved: MovedBytes;

  constructor(kind: UsageKind, subject: string, moved: MovedBytes = { up: 0, down: 0 }) {
    this.kind = kind;
    this.subject = subject;
    this.moved = moved;
  }

  get remaining(): number {
    const own = this.snapshotRemaining - this.sinceSnapshot;
    return this.owner ? Math.min(own, this.owner.remaining) : own;
  }

  addUp(bytes: number): void {
    this.up += bytes;
    this.moved.up += bytes;
    if (this.kind !== 'static') this.spend(bytes);
  }

  addDown(bytes: number): void {
    this.down += bytes;
    this.moved.down += bytes;
    if (this.kind !== 'static') this.spend(bytes);
  }

  private spend(bytes: number): void {
    const before = this.remaining;
    this.sinceSnapshot += bytes;
    // Only the allowance: the owner's up/down stay its own, or the bytes would be reported twice.
    this.owner?.spend(bytes);
    if (before > 0 && this.remaining <= 0) this.onExhausted?.();
  }
}

/** An allowlist entry and the latest time it admitted a connection (ISO 8601). */
export interface AllowlistUse {
  entryId: string;
  at: string;
}

/** Bytes moved since the gateway started, never drained: up from clients, down to them. */
export interface MovedBytes {
  up: number;
  down: number;
}

/** `static:<instanceId>`, `dynamic:<userId>` or `sub_user:<subUserId>`. */
export function subjectKey(kind: UsageKind, subject: string): string {
  return `${kind}:${subject}`;
}

/** The counters of every subject this gateway serves. */
export class UsageMeter {
  private readonly counters = new Map<string, UsageCounter>();
  /**
   * Since when the undrained bytes were metered: the last drain, or the meter's creation. A batch
   * carries this interval, and the API holds its bytes to what the node's line rate moves in it.
   */
  meteringSince = new Date();
  /** Every byte any counter counted since start (drains and restores leave it alone). */
  readonly moved: MovedBytes = { up: 0, down: 0 };
  /** Allowlist entry id → the latest time it admitted a connection, since the last drain. */
  private allowlistUses = new Map<string, number>();

  /** Notes that an allowlist entry admitted a connection (reported with the next batch). */
  noteAllowlistUse(entryId: string, at: number = Date.now()): void {
    const known = this.allowlistUses.get(entryId);
    if (known === undefined || at > known) this.allowlistUses.set(entryId, at);
  }

  /** The allowlist uses noted since the last drain of them; the notes restart empty. */
  drainAllowlistUses(): AllowlistUse[] {
    const uses = [...this.allowlistUses].map(([entryId, at]) => ({
      entryId,
      at: new Date(at).toISOString(),
    }));
    this.allowlistUses = new Map();
    return uses;
  }

  /** Puts drained uses back (their batch could not be spooled). */
  restoreAllowlistUses(uses: AllowlistUse[]): void {
    for (const use of uses) this.noteAllowlistUse(use.entryId, Date.parse(use.at));
  }

  counterFor(kind: UsageKind, subject: string): UsageCounter {
    const key = subjectKey(kind, subject);
    let counter = this.counters.get(key);
    if (!counter) {
      counter = new UsageCounter(kind, subject, this.moved);
      this.counters.set(key, counter);
    }
    return counter;
  }

  /**
   * The bytes counted since the last drain, as usage records at `at`; the counters restart at
   * zero and `meteringSince` moves to `at` (never back: a clock stepped back must not give an
   * interval that ends before it starts).
   */
  drain(at: Date = new Date()): UsageRecord[] {
    const end = at < this.meteringSince ? this.meteringSince : at;
    this.meteringSince = end;
    const records: UsageRecord[] = [];
    const iso = end.toISOString();
    for (const counter of this.counters.values()) {
      if (!counter.up && !counter.down) continue;
      records.push({
        kind: counter.kind,
        subject: counter.subject,
        bytesUp: counter.up,
        bytesDown: counter.down,
        at: iso,
      });
      counter.up = 0;
      counter.down = 0;
    }
    return records;
  }

  /**
   * Puts drained records back (their batch could not be spooled), so the bytes are not lost;
   * `since` is the start of the interval they were metered in, which the next drain then covers.
   */
  restore(records: UsageRecord[], since: Date): void {
    if (since < this.meteringSince) this.meteringSince = since;
    for (const record of records) {
      const counter = this.counterFor(record.kind, record.subject);
      counter.up += record.bytesUp;
      counter.down += record.bytesDown;
    }
  }

  /** Forgets counters of subjects no longer served that hold no undrained bytes. */
  forgetExcept(served: Set<string>): void {
    for (const [key, counter] of this.counters) {
      if (!served.has(key) && !counter.up && !counter.down) this.counters.delete(key);
    }
  }
}
