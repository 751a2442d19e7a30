/**
 * A fixed-window counter per key, in this process's memory. For subscriptions that is enough: the
 * limit only stops one misbehaving client from hammering the database through one token, and with
 * N API processes behind a load balancer a token gets at most N times the limit, still small;
 * sharing the count through the database would cost the very queries the limit saves.
 */
export interface RateLimiter {
  /** Counts one request for `key`; false when the key has used up its window. */
  take(key: string, now?: number): boolean;
  /** Seconds until `key`'s window opens again (for `retry-after`). */
  retryAfterSeconds(key: string, now?: number): number;
}

export function createRateLimiter({
  limit,
  windowMs,
  maxKeys = 10_000,
}: {
  limit: number;
  windowMs: number;
  /** Past this many keys, windows that have ended are dropped, so the map stays bounded. */
  maxKeys?: number;
}): RateLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  const prune = (now: number) => {
    for (const [key, window] of windows)
      if (now - window.startedAt >= windowMs) windows.delete(key);
  };
  return {
    take(key, now = Date.now()) {
      const current = windows.get(key);
      if (!current || now - current.startedAt >= windowMs) {
        if (windows.size >= maxKeys) prune(now);
        windows.set(key, { startedAt: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= limit;
    },
    retryAfterSeconds(key, now = Date.now()) {
      const current = windows.get(key);
      if (!current) return 0;
      return Math.max(1, Math.ceil((current.startedAt + windowMs - now) / 1000));
    },
  };
}
