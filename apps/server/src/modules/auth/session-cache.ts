import type { Change } from '../../change-notifications.ts';

/** Entries kept at most; beyond it the oldest goes (a flood of tokens cannot grow memory). */
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  userId: string;
  value: T;
  /** `performance.now()` after which the entry is not used. */
  validUntil: number;
}

/**
 * A token's authentication for at most `ttlMs` (and never past the session's own expiry), keyed
 * by the token's hash. Revocations drop a user's entries: at once on the server that committed
 * them, through the change bus on the others; the TTL bounds staleness if a message is lost.
 *
 * A lookup that began before an invalidation must not store what it read: `begin()` hands out the
 * generation, and `store` ignores an answer read under an older one.
 */
export class SessionCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  #generation = 0;

  readonly ttlMs: number;

  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(tokenHash: string): T | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (performance.now() >= entry.validUntil) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry.value;
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
    const validForMs = Math.min(this.ttlMs, lifetimeMs);
    if (validForMs <= 0) return;
    this.#entries.set(tokenHash, { userId, value, validUntil: performance.now() + validForMs });
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
