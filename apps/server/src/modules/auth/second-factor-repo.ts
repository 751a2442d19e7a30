// Recovery codes, sign-in challenges and the sign-in history: the auth module's tables of the
// second factor.
import type { SecondFactorKind, SignInOutcome } from '@stratus/contract';
import {
  and,
  count,
  eq,
  gt,
  isNull,
  lt,
  recoveryCodes,
  signInChallenges,
  signInEvents,
  sql,
  type Db,
} from '@stratus/db';

/** Replaces the account's recovery codes with these hashes (the old set stops working). */
export async function replaceRecoveryCodes(
  db: Db,
  { userId, codeHashes }: { userId: string; codeHashes: string[] },
): Promise<void> {
  await deleteRecoveryCodes(db, userId);
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function deleteRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/**
 * Uses the code with this hash: one conditional UPDATE, so of any number of requests presenting
 * the same code at once exactly one is told yes.
 */
export async function useRecoveryCode(
  db: Db,
  { userId, codeHash }: { userId: string; codeHash: string },
): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.total ?? 0;
}

export async function insertSignInChallenge(
  db: Db,
  challenge: {
    userId: string;
    tokenHash: string;
    lifetimeSeconds: number;
    userAgent: string | undefined;
    ip: string;
  },
): Promise<void> {
  await db.insert(signInChallenges).values({
    userId: challenge.userId,
    tokenHash: challenge.tokenHash,
    // Database time, as the check reads it.
    expiresAt: sql`now() + make_interval(secs => ${challenge.lifetimeSeconds})`,
    userAgent: challenge.userAgent?.slice(0, 512),
    ip: challenge.ip,
  });
}

/** Whether a challenge is still good: not used, not expired, fewer wrong codes than allowed. */
function liveChallenge(tokenHash: string, maxFailures: number) {
  return and(
    eq(signInChallenges.tokenHash, tokenHash),
    isNull(signInChallenges.usedAt),
    gt(signInChallenges.expiresAt, sql`now()`),
    lt(signInChallenges.failures, maxFailures),
  );
}

/** The account a live challenge belongs to, or undefined. */
export async function findLiveSignInChallenge(
  db: Db,
  { tokenHash, maxFailures }: { tokenHash: string; maxFailures: number },
): Promise<{ id: string; userId: string } | undefined> {
  const [found] = await db
    .select({ id: signInChallenges.id, userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(liveChallenge(tokenHash, maxFailures));
  return found;
}

/**
 * Uses a live challenge: one conditional UPDATE, so a challenge opens at most one session however
 * many requests present it at once.
 */
export async function useSignInChallenge(
  db: Db,
  { tokenHash, maxFailures }: { tokenHash: string; maxFailures: number },
): Promise<boolean> {
  const used = await db
    .update(signInChallenges)
    .set({ usedAt: sql`now()` })
    .where(liveChallenge(tokenHash, maxFailures))
    .returning({ id: signInChallenges.id });
  return used.length > 0;
}

/** Counts a wrong code against the challenge. */
export async function countSignInChallengeFailure(db: Db, challengeId: string): Promise<void> {
  await db
    .update(signInChallenges)
    .set({ failures: sql`${signInChallenges.failures} + 1` })
    .where(eq(signInChallenges.id, challengeId));
}

/** Challenges past their expiry, for the pruning job. */
export async function deleteExpiredSignInChallenges(db: Db): Promise<number> {
  const deleted = await db
    .delete(signInChallenges)
    .where(lt(signInChallenges.expiresAt, sql`now() - interval '1 day'`))
    .returning({ id: signInChallenges.id });
  return deleted.length;
}

export async function insertSignInEvent(
  db: Db,
  event: {
    userId: string;
    outcome: SignInOutcome;
    secondFactor?: SecondFactorKind | null;
    ip: string;
    userAgent: string | undefined;
  },
): Promise<void> {
  await db.insert(signInEvents).values({
    userId: event.userId,
    outcome: event.outcome,
    secondFactor: event.secondFactor ?? null,
    ip: event.ip,
    userAgent: event.userAgent?.slice(0, 512),
  });
}
