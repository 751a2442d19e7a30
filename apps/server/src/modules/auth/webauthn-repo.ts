// WebAuthn ceremonies awaiting the browser's answer: the SHA-256 of each challenge issued, what it
// is for and whose it is. Each is used once, within its lifetime.
import { and, eq, gt, isNull, lt, sql, webauthnChallenges, type Db } from '@stratus/db';
import type { WebauthnCeremonyPurpose } from '@stratus/db';

export type WebauthnCeremonyRow = typeof webauthnChallenges.$inferSelect;

export async function insertWebauthnCeremony(
  db: Db,
  ceremony: {
    challengeHash: string;
    purpose: WebauthnCeremonyPurpose;
    userId: string | null;
    signInChallengeId?: string | null;
    sessionId?: string | null;
    lifetimeSeconds: number;
  },
): Promise<void> {
  await db.insert(webauthnChallenges).values({
    challengeHash: ceremony.challengeHash,
    purpose: ceremony.purpose,
    userId: ceremony.userId,
    signInChallengeId: ceremony.signInChallengeId ?? null,
    sessionId: ceremony.sessionId ?? null,
    // Database time, as the check reads it.
    expiresAt: sql`now() + make_interval(secs => ${ceremony.lifetimeSeconds})`,
  });
}

/**
 * Uses the live ceremony of this challenge and purpose: one conditional UPDATE, so an answer is
 * taken once however many requests present it. Undefined when unknown, used or expired.
 */
export async function useWebauthnCeremony(
  db: Db,
  { challengeHash, purpose }: { challengeHash: string; purpose: WebauthnCeremonyPurpose },
): Promise<WebauthnCeremonyRow | undefined> {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(webauthnChallenges.challengeHash, challengeHash),
        eq(webauthnChallenges.purpose, purpose),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Ceremonies a day past their expiry, for the pruning job. */
export async function deleteExpiredWebauthnCeremonies(db: Db): Promise<number> {
  const deleted = await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, sql`now() - interval '1 day'`))
    .returning({ id: webauthnChallenges.id });
  return deleted.length;
}
