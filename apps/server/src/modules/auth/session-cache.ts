import type { Change } from '../../change-notifications.ts';

/** Entries kept at most; beyond it the oldest goes (a flood of tokens cannot grow memory). */
const MAX_ENTRIES = 10_000;

/** How long an entry lives while the change bus confirms delivery (never past the session). */
export const CONFIRMED_LIFETIME_MS = 5 * 60_000;

interface Entry<T> {
  userId: string;
  value: T;
  /** `performance.now()` when it was stored. */
  storedAt: number;
  /** `performance.now()` after which the entry is not used. */
  validUntil: number;
}

/**
 * A token's authentication, keyed by the token's hash, never kept past the session's own expiry.
 * Revocations drop a user's entries: at once on the server that committed them, through the
 * change bus on the others.
 *
 * An entry younger than `ttlMs` is used as is. An older one (up to `CONFIRMED_LIFETIME_MS`) only
 * while `deliveredUpTo()` (the change bus's heartbeat) says every change committed more than
 * `ttlMs` ago has arrived here, so a revocation made on another server still takes effect here
 * within `ttlMs` even when its notification is lost: then the bus stops confirming, and entries
 * fall back to `ttlMs`.
 *
 * A lookup that began before an invalidation must not store what it read: `begin()` hands out the
 * generation, and `store` ignores an answer read under an older one.
 */
export class SessionCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  #generation = 0;

  readonly ttlMs: number;
  readonly #deliveredUpTo: () => number;

  /**
   * `deliveredUpTo`: a moment (`performance.now()`) before which every change committed on the
   * database has been delivered to this cache (the change bus's heartbeat); without it, entries
   * live `ttlMs` at most.
   */
  constructor(ttlMs: number, deliveredUpTo: () => number = () => -Infinity) {
    this.ttlMs = ttlMs;
    this.#deliveredUpTo = deliveredUpTo;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(tokenHash: string): T | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    const now = performance.now();
    if (now >= entry.validUntil) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    const confirmed =
      now - entry.storedAt <= this.ttlMs || this.#deliveredUpTo() >= now - this.ttlMs;
    return confirmed ? entry.value : undefined;
  }

  begin(): number {
    return this.#generation;
  }

  store(
    tokenHash: string,
    {
      userId,
      value,
      lifetimeMs,
      generation,
    }: {
      userId: string;
      value: T;
      /** How long the credential itself stays valid from now (session expiry or idle timeout). */
      lifetimeMs: number;
      generation: number;
    },
  ): void {
    if (!this.enabled || generation !== this.#generation) return;
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    const validForMs = Math.min(CONFIRMED_LIFETIME_MS, lifetimeMs);
    if (validForMs <= 0) return;
    const now = performance.now();
    this.#entries.set(tokenHash, { userId, value, storedAt: now, validUntil: now + validForMs });
  }

  forgetUser(userId: string): void {
    this.#generation += 1;
    for (const [tokenHash, entry] of this.#entries) {
      if (entry.userId === userId) this.#entries.delete(tokenHash);
    }
  }

  forgetAll(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /** The change bus's handler: drops what a change makes stale. */
  readonly onChange = (change: Change | 'everything'): void => {
    if (change === 'everything') this.forgetAll();
    else if (change.topic === 'auth') this.forgetUser(change.userId);
  };

  get size(): number {
    return this.#entries.size;
  }
}
