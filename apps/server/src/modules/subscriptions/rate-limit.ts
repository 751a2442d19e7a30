// A fixed-window counter per key, kept in PostgreSQL so every API server counts against the same
// window: with N servers behind a load balancer a key still gets the limit, not N times it. One
// statement per request opens, counts and reads the window; rows whose window ended are pruned.
import { createHash } from 'node:crypto';
import { lt, rateLimitWindows, sql, type Db } from '@stratus/db';

export interface RateLimitTake {
  /** Whether this request is within the limit. */
  allowed: boolean;
  /** Seconds until the key's window opens again (for `retry-after`); at least 1. */
  retryAfterSeconds: number;
}

/** A key that names a secret (a subscription token) by its digest, never the secret itself. */
export function secretKey(prefix: string, secret: string): string {
  return `${prefix}:${createHash('sha256').update(secret, 'utf8').digest('base64url')}`;
}

/**
 * Counts one request for `key`: a window that ended starts again at `now` with this one request.
 * Concurrent requests on any server serialise on the key's row, so exactly `limit` pass.
 */
export async function takeRateLimit(
  db: Db,
  {
    key,
    limit,
    windowMs,
    now = new Date(),
  }: { key: string; limit: number; windowMs: number; now?: Date },
): Promise<RateLimitTake> {
  const windowOpenedAfter = new Date(now.getTime() - windowMs).toISOString();
  const started = sql`${rateLimitWindows.windowStartedAt}`;
  const ended = sql`${started} <= ${windowOpenedAfter}::timestamptz`;
  const [row] = await db
    .insert(rateLimitWindows)
    .values({ key, windowStartedAt: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitWindows.key,
      set: {
        windowStartedAt: sql`case when ${ended} then ${now.toISOString()}::timestamptz else ${started} end`,
        count: sql`case when ${ended} then 1 else ${rateLimitWindows.count} + 1 end`,
      },
    })
    .returning({
      count: rateLimitWindows.count,
      windowStartedAt: rateLimitWindows.windowStartedAt,
    });
  const count = row?.count ?? 1;
  const opensAt = (row?.windowStartedAt ?? now).getTime() + windowMs;
  return {
    allowed: count <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil((opensAt - now.getTime()) / 1000)),
  };
}

/** Deletes windows that started before `before` (all of them long over); answers how many. */
export async function pruneRateLimitWindows(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimitWindows)
    .where(lt(rateLimitWindows.windowStartedAt, before))
    .returning({ key: rateLimitWindows.key });
  return deleted.length;
}
