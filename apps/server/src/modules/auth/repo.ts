import { createHash } from 'node:crypto';
import type { SecondFactorKind } from '@stratus/contract';
import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  knownSignInAddresses,
  lt,
  ne,
  sessions,
  preparedPerDatabase,
  queryRows,
  sql,
  users,
  authAttempts,
  type AuthAttemptKind,
  type Db,
  type Tx,
  type UserRole,
} from '@stratus/db';

export interface NewSession {
  userId: string;
  tokenHash: string;
  maxDays: number;
  userAgent: string | undefined;
  ip: string;
  /** The second factor proved at sign-in; none for a password-only sign-in. */
  secondFactor?: SecondFactorKind | null;
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
      secondFactor: session.secondFactor ?? null,
      // The sign-in proved what the account has (its password, and its second factor if any).
      steppedUpAt: sql`now()`,
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
  /** Milliseconds until the session expires or goes idle, by the database's clock. */
  lifetimeMs: number;
  /** Milliseconds since the session last proved a factor (sign-in or step-up); null if never. */
  stepUpAgeMs: number | null;
}

const selectLiveSession = preparedPerDatabase((db: Db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      role: users.role,
      stale: sql<boolean>`${sessions.lastUsedAt} < now() - interval '1 minute'`,
      lifetimeMs: sql<number>`(extract(epoch from least(${sessions.expiresAt}, ${sessions.lastUsedAt} + make_interval(secs => ${sql.placeholder('idleSeconds')}::float8)) - now()) * 1000)::float8`,
      stepUpAgeMs: sql<
        number | null
      >`(extract(epoch from now() - ${sessions.steppedUpAt}) * 1000)::float8`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(
          sessions.lastUsedAt,
          sql`now() - make_interval(secs => ${sql.placeholder('idleSeconds')}::float8)`,
        ),
        isNull(users.disabledAt),
      ),
    )
    .prepare('find_live_session'),
);

/** The live session with this token hash: not revoked, not expired, not idle, owner enabled. */
export async function findLiveSession(
  db: Db,
  { tokenHash, idleSeconds }: { tokenHash: string; idleSeconds: number },
): Promise<SessionOwner | undefined> {
  const [found] = await selectLiveSession(db).execute({ tokenHash, idleSeconds });
  return found;
}

/** Records use of a session; callers throttle it to about once a minute. */
export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/** Records that the session proved a factor now (a step-up); false when it is no longer live. */
export async function markSessionSteppedUp(db: Db, sessionId: string): Promise<boolean> {
  const updated = await db
    .update(sessions)
    .set({ steppedUpAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return updated.length > 0;
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

/**
 * Revokes every live (not revoked, not expired) session of the user, in the caller's
 * transaction; answers how many were live.
 */
export async function revokeLiveSessions(tx: Tx, userId: string): Promise<number> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

export type SessionRow = typeof sessions.$inferSelect;

/** A user's sessions, newest first, with whether each is idle beyond `idleSeconds` now. */
export async function listSessionsOfUser(
  db: Db,
  {
    userId,
    idleSeconds,
    limit,
    offset,
  }: { userId: string; idleSeconds: number; limit: number; offset: number },
): Promise<{ row: SessionRow; expired: boolean }[]> {
  return db
    .select({
      row: sessions,
      // Database time, as sign-in checks it.
      expired: sql<boolean>`(${sessions.expiresAt} <= now() or ${sessions.lastUsedAt} <= now() - make_interval(secs => ${idleSeconds}))`,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(limit)
    .offset(offset);
}

export async function countSessionsOfUser(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return row?.total ?? 0;
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

/**
 * Tries to take the advisory lock of every key for the rest of `tx`, without waiting: false when
 * another transaction holds one of them (the caller ends `tx`, which drops any it took, and tries
 * again later), so a claim never holds a pooled connection while it queues.
 */
export async function tryLockAttemptKeys(
  tx: Tx,
  keys: { kind: AuthAttemptKind; key: string }[],
): Promise<boolean> {
  const tries = attemptLockIds(keys).map(
    (lockId) => sql`pg_try_advisory_xact_lock(${lockId.toString()}::bigint)`,
  );
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select ${sql.join(tries, sql` and `)} as locked`,
  );
  return row?.locked === true;
}

/** The keys' lock ids, each once, in a fixed order. */
export function attemptLockIds(keys: { kind: AuthAttemptKind; key: string }[]): bigint[] {
  return [...new Set(keys.map(({ kind, key }) => attemptLockId(kind, key)))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
}

/**
 * A 64-bit lock id from SHA-256 rather than `hashtext`: computed here, so the locks can be taken
 * in a fixed order, and wide enough that unrelated keys practically never share a lock.
 */
function attemptLockId(kind: AuthAttemptKind, key: string): bigint {
  return createHash('sha256').update(`auth_attempts\n${kind}\n${key}`).digest().readBigInt64BE(0);
}

export interface AttemptCount {
  kind: AuthAttemptKind;
  key: string;
  windowMinutes: number;
  /** Count only attempts not known to have succeeded (sign-ins); otherwise every one (sign-ups). */
  unsuccessfulOnly: boolean;
}

/**
 * The attempts counted under a limit, oldest first, each as the seconds left until it leaves the
 * window (the database's clock, which stamped them): their number is the count, and the first
 * ones say when a used-up limit opens again.
 */
export async function recentAttemptsExpiry(tx: Tx, query: AttemptCount): Promise<number[]> {
  const windowSeconds = query.windowMinutes * 60;
  const rows = await tx
    .select({
      secondsLeft: sql<string>`extract(epoch from ${authAttempts.createdAt} + make_interval(secs => ${windowSeconds}) - now())`,
    })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, query.kind),
        eq(authAttempts.key, query.key),
        gt(authAttempts.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`),
        // Failed and still unsettled: an attempt whose password is being checked holds its slot.
        query.unsuccessfulOnly ? sql`${authAttempts.succeeded} is not true` : undefined,
      ),
    )
    .orderBy(authAttempts.createdAt, authAttempts.id);
  return rows.map((row) => Math.max(0, Number(row.secondsLeft)));
}

/**
 * How many attempts of a kind were made in the last `windowMinutes` under `key`, or under any key
 * starting with `keyPrefix` (`<email>|` for an account from every address).
 */
export async function countRecentAttempts(
  db: Db,
  query: {
    kind: AuthAttemptKind;
    windowMinutes: number;
    unsuccessfulOnly: boolean;
  } & ({ key: string } | { keyPrefix: string }),
): Promise<number> {
  const windowSeconds = query.windowMinutes * 60;
  const [row] = await db
    .select({ attempts: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, query.kind),
        'key' in query
          ? eq(authAttempts.key, query.key)
          : sql`starts_with(${authAttempts.key}, ${query.keyPrefix})`,
        gt(authAttempts.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`),
        query.unsuccessfulOnly ? sql`${authAttempts.succeeded} is not true` : undefined,
      ),
    );
  return row?.attempts ?? 0;
}

/** Inserts attempts and returns their ids; `succeeded: null` marks them as still being checked. */
export async function insertAttempts(
  tx: Tx,
  attempts: { kind: AuthAttemptKind; key: string; succeeded: boolean | null }[],
): Promise<number[]> {
  const inserted = await tx
    .insert(authAttempts)
    .values(attempts)
    .returning({ id: authAttempts.id });
  return inserted.map(({ id }) => id);
}

/** Records the outcome of attempts inserted unsettled. */
export async function settleAttempts(
  db: Db,
  { attemptIds, succeeded }: { attemptIds: number[]; succeeded: boolean },
): Promise<void> {
  if (attemptIds.length === 0) return;
  await db
    .update(authAttempts)
    .set({ succeeded })
    .where(and(inArray(authAttempts.id, attemptIds), isNull(authAttempts.succeeded)));
}

export async function deleteAttemptsOlderThan(db: Db, hours: number): Promise<number> {
  const deleted = await db
    .delete(authAttempts)
    .where(lt(authAttempts.createdAt, sql`now() - make_interval(hours => ${hours})`))
    .returning({ id: authAttempts.id });
  return deleted.length;
}

/** How long an address the account opened a session from stays known (its own sign-in allowance). */
export const KNOWN_ADDRESS_DAYS = 90;

/**
 * Records that the account opened a session from `address` now; answers whether the address was
 * new to it (not known before). Two sign-ins racing from one new address: the second insert
 * waits for the first to commit, then finds the row, so only one of them sees it as new.
 */
export async function rememberSignInAddress(
  db: Db,
  { userId, address, now = new Date() }: { userId: string; address: string; now?: Date },
): Promise<{ isNew: boolean }> {
  const inserted = await db
    .insert(knownSignInAddresses)
    .values({ userId, address, lastSignedInAt: now })
    .onConflictDoNothing({ target: [knownSignInAddresses.userId, knownSignInAddresses.address] })
    .returning({ userId: knownSignInAddresses.userId });
  if (inserted.length > 0) return { isNew: true };
  await db
    .update(knownSignInAddresses)
    .set({ lastSignedInAt: now })
    .where(and(eq(knownSignInAddresses.userId, userId), eq(knownSignInAddresses.address, address)));
  return { isNew: false };
}

/** Whether the user has a session (live or not) other than `exceptSessionId`. */
export async function hasOtherSession(
  db: Db,
  { userId, exceptSessionId }: { userId: string; exceptSessionId: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether the account of `email` opened a session from `address` in the last 90 days. */
export async function isKnownSignInAddress(
  db: Db,
  { email, address, now = new Date() }: { email: string; address: string; now?: Date },
): Promise<boolean> {
  const since = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const rows = await db
    .select({ userId: knownSignInAddresses.userId })
    .from(knownSignInAddresses)
    .innerJoin(users, eq(users.id, knownSignInAddresses.userId))
    .where(
      and(
        eq(users.email, email),
        eq(knownSignInAddresses.address, address),
        gt(knownSignInAddresses.lastSignedInAt, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Forgets addresses not used for a session in the last 90 days; answers how many. */
export async function forgetOldSignInAddresses(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const deleted = await db
    .delete(knownSignInAddresses)
    .where(lt(knownSignInAddresses.lastSignedInAt, before))
    .returning({ userId: knownSignInAddresses.userId });
  return deleted.length;
}
