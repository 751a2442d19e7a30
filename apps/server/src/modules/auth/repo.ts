import {
  and,
  count,
  eq,
  gt,
  isNull,
  lt,
  ne,
  sessions,
  sql,
  users,
  authAttempts,
  type AuthAttemptKind,
  type Db,
  type UserRole,
} from '@stratus/db';

export interface NewSession {
  userId: string;
  tokenHash: string;
  maxDays: number;
  userAgent: string | undefined;
  ip: string;
}

export async function insertSession(db: Db, session: NewSession): Promise<string> {
  const [inserted] = await db
    .insert(sessions)
    .values({
      userId: session.userId,
      tokenHash: session.tokenHash,
      // Database time throughout, so servers with drifting clocks agree on expiry.
      expiresAt: sql`now() + make_interval(secs => ${session.maxDays * 86_400})`,
      userAgent: session.userAgent?.slice(0, 512),
      ip: session.ip,
    })
    .returning({ id: sessions.id });
  if (!inserted) throw new Error('Session insert returned no row');
  return inserted.id;
}

export interface SessionOwner {
  sessionId: string;
  userId: string;
  role: UserRole;
  /** The last-use time is old enough to be worth writing again. */
  stale: boolean;
}

/** The live session with this token hash: not revoked, not expired, not idle, owner enabled. */
export async function findLiveSession(
  db: Db,
  { tokenHash, idleSeconds }: { tokenHash: string; idleSeconds: number },
): Promise<SessionOwner | undefined> {
  const [found] = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      role: users.role,
      stale: sql<boolean>`${sessions.lastUsedAt} < now() - interval '1 minute'`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastUsedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
        isNull(users.disabledAt),
      ),
    );
  return found;
}

/** Records use of a session; callers throttle it to about once a minute. */
export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the user except `keepSessionId` (all of them when null). */
export async function revokeOtherSessions(
  db: Db,
  { userId, keepSessionId }: { userId: string; keepSessionId: string | null },
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}

export async function findApiTokenOwner(
  db: Db,
  apiTokenHash: string,
): Promise<{ userId: string; role: UserRole } | undefined> {
  const [found] = await db
    .select({ userId: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.apiTokenHash, apiTokenHash), isNull(users.disabledAt)));
  return found;
}

export interface AttemptCount {
  kind: AuthAttemptKind;
  key: string;
  windowMinutes: number;
  /** Count only failed attempts (sign-ins); otherwise every attempt (sign-ups). */
  failedOnly: boolean;
}

export async function countRecentAttempts(db: Db, query: AttemptCount): Promise<number> {
  const [row] = await db
    .select({ attempts: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, query.kind),
        eq(authAttempts.key, query.key),
        gt(authAttempts.createdAt, sql`now() - make_interval(secs => ${query.windowMinutes * 60})`),
        query.failedOnly ? eq(authAttempts.succeeded, false) : undefined,
      ),
    );
  return row?.attempts ?? 0;
}

export async function recordAttempts(
  db: Db,
  attempts: { kind: AuthAttemptKind; key: string; succeeded: boolean }[],
): Promise<void> {
  await db.insert(authAttempts).values(attempts);
}

export async function deleteAttemptsOlderThan(db: Db, hours: number): Promise<number> {
  const deleted = await db
    .delete(authAttempts)
    .where(lt(authAttempts.createdAt, sql`now() - make_interval(hours => ${hours})`))
    .returning({ id: authAttempts.id });
  return deleted.length;
}
