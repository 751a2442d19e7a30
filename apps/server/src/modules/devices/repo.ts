// The devices module's reads: the live sessions of a user (as auth decides a session is live: not
// revoked, not expired, used within the idle timeout) and the sign-in history. Database time
// throughout, as sign-in checks it. The auth module writes both tables (its public.ts).
import {
  and,
  count,
  desc,
  eq,
  gt,
  isNull,
  sessions,
  signInEvents,
  sql,
  type Db,
  type SQL,
} from '@stratus/db';

export type SessionRow = typeof sessions.$inferSelect;
export type SignInEventRow = typeof signInEvents.$inferSelect;

/** Live sessions of `userId`: not revoked, not past their expiry, used within `idleSeconds`. */
function live(userId: string, idleSeconds: number): SQL | undefined {
  return and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastUsedAt, sql`now() - make_interval(secs => ${idleSeconds}::float8)`),
  );
}

/** The user's live sessions, most recently used first, at most `limit`, and how many there are. */
export async function listLiveSessions(
  db: Db,
  { userId, idleSeconds, limit }: { userId: string; idleSeconds: number; limit: number },
): Promise<{ rows: SessionRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(sessions)
      .where(live(userId, idleSeconds))
      .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt), desc(sessions.id))
      .limit(limit),
    db.select({ total: count() }).from(sessions).where(live(userId, idleSeconds)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

function recentSignIns(userId: string, days: number): SQL | undefined {
  return and(
    eq(signInEvents.userId, userId),
    gt(signInEvents.createdAt, sql`now() - make_interval(days => ${days})`),
  );
}

/** One page of the user's sign-in attempts of the last `days` days, newest first, and the count. */
export async function listRecentSignIns(
  db: Db,
  { userId, days, limit, offset }: { userId: string; days: number; limit: number; offset: number },
): Promise<{ rows: SignInEventRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(signInEvents)
      .where(recentSignIns(userId, days))
      .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(signInEvents).where(recentSignIns(userId, days)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
