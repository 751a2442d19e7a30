// Signing out sessions a person picks from their devices list (the devices module lists them):
// the auth module owns the sessions table's writes, so they are here. Each write announces
// `authChanged` with the caller's commit, so every server's session cache drops the account's
// sessions; the caller delivers the change locally after the commit.
import { and, eq, gt, isNull, ne, sessions, sql, type Tx } from '@stratus/db';
import { announceChange, authChanged } from '../../change-notifications.ts';

/**
 * Revokes one session of the user in the caller's transaction; answers false when it is not the
 * user's (or does not exist). One already revoked stays as it was.
 */
export async function revokeSessionOfUser(
  tx: Tx,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<boolean> {
  const [owned] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  if (!owned) return false;
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await announceChange(tx, authChanged(userId));
  return true;
}

/**
 * Revokes every live session of the user (not revoked, not expired, used within `idleSeconds`:
 * database time, as sign-in checks it) but `keepSessionId` (all of them when null), in the
 * caller's transaction; answers how many. Sessions already expired or idle open nothing: left.
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
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastUsedAt, sql`now() - make_interval(secs => ${idleSeconds}::float8)`),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  await announceChange(tx, authChanged(userId));
  return revoked.length;
}
