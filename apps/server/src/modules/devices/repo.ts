// The devices module's statements: the live sessions of a user (as auth decides a session is
// live: not revoked, not expired, used within the idle timeout) and the sign-in history. Database
// time throughout, as sign-in checks it.
import {
  and,
  count,
  desc,
  eq,
  gt,
  isNull,
  lt,
  ne,
  sessions,
  signInEvents,
  sql,
  type Db,
  type SQL,
  type Tx,
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

/** Whether the session exists and is the user's (whatever its state). */
export async function isSessionOfUser(
  tx: Tx,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<boolean> {
  const rows = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Revokes the session unless it already is; answers whether this call revoked it. */
export async function revokeSessionOfUser(
  tx: Tx,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<boolean> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

/**
 * Revokes every live session of the user but `keepSessionId` (all of them when null); answers
 * how many. Sessions already expired or idle are left as they are: they open nothing.
 */
export async function revokeLiveSessionsExcept(
  tx: Tx,
  {
    userId,
    keepSessionId,
    idleSeconds,
  }: { userId: string; keepSessionId: string | null; idleSeconds: number },
): Promise<number> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(live(userId, idleSeconds), keepSessionId ? ne(sessions.id, keepSessionId) : undefined),
    )
    .returning({ id: sessions.id });
  return revoked.length;
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

/** Deletes sign-in attempts older than `days` days; answers how many. */
export async function deleteSignInEventsOlderThan(db: Db, days: number): Promise<number> {
  const deleted = await db
    .delete(signInEvents)
    .where(lt(signInEvents.createdAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: signInEvents.id });
  return deleted.length;
}
