// Byte counters per subject: a static instance or a dynamic user. A connection holds its
// counter and adds to it per chunk (no lookups on the hot path); the reporter drains them.
import type { UsageRecord } from '@stratus/contract';

export class UsageCounter {
  readonly kind: 'static' | 'dynamic';
  /** Instance id (static) or user id (dynamic). */
  readonly subject: string;
  /** Bytes not yet drained into a usage batch. */
  up = 0;
  down = 0;
  /**
   * Dynamic only: bytes left when the last snapshot was made, and bytes moved since. The API
   * learns of usage in batches; counting locally keeps a user from running far past zero
   * between two snapshots.
   */
  snapshotRemaining = Number.POSITIVE_INFINITY;
  sinceSnapshot = 0;
  /** Called once when the dynamic allowance runs out (closes the user's connections). */
  onExhausted: (() => void) | null = null;

  constructor(kind: 'static' | 'dynamic', subject: string) {
    this.kind = kind;
    this.subject = subject;
  }

  get remaining(): number {
    return this.snapshotRemaining - this.sinceSnapshot;
  }

  addUp(bytes: number): void {
    this.up += bytes;
    this.spend(bytes);
  }

  addDown(bytes: number): void {
    this.down += bytes;
    this.spend(bytes);
  }

  private spend(bytes: number): void {
    if (this.kind !== 'dynamic') return;
    const before = this.remaining;
    this.sinceSnapshot += bytes;
    if (before > 0 && this.remaining <= 0) this.onExhausted?.();
  }
}

/** The counters of every subject this gateway has served. */
export class UsageMeter {
  private readonly counters = new Map<string, UsageCounter>();

  counterFor(kind: 'static' | 'dynamic', subject: string): UsageCounter {
    const key = `${kind}:${subject}`;
    let counter = this.counters.get(key);
    if (!counter) {
      counter = new UsageCounter(kind, subject);
      this.counters.set(key, counter);
    }
    return counter;
  }

  /** The bytes counted since the last drain, as usage records, and the counters reset. */
  drain(at: Date = new Date()): UsageRecord[] {
    const records: UsageRecord[] = [];
    const iso = at.toISOString();
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
}
