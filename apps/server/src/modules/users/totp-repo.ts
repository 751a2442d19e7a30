// An account's TOTP columns: the encrypted secret, when it was confirmed, and the last time step
// a code was accepted for (so a code works once).
import { and, eq, isNotNull, isNull, lt, or, sql, users, type Db } from '@stratus/db';

/**
 * Stores a new, unconfirmed secret (replacing an unconfirmed one); false when the account has a
 * confirmed one, which only switching off removes.
 */
export async function storePendingTotpSecret(
  db: Db,
  { userId, ciphertext }: { userId: string; ciphertext: string },
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ totpSecretCiphertext: ciphertext, totpConfirmedAt: null, totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpConfirmedAt)))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** Marks the pending secret confirmed; false when there is none (or it is confirmed already). */
export async function markTotpConfirmed(db: Db, userId: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ totpConfirmedAt: sql`now()` })
    .where(
      and(
        eq(users.id, userId),
        isNull(users.totpConfirmedAt),
        isNotNull(users.totpSecretCiphertext),
      ),
    )
    .returning({ id: users.id });
  return updated.length > 0;
}

/** Forgets the secret, confirmed or not; false when the account had no confirmed one. */
export async function clearTotp(db: Db, userId: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ totpSecretCiphertext: null, totpConfirmedAt: null, totpLastStep: null })
    .where(and(eq(users.id, userId), isNotNull(users.totpConfirmedAt)))
    .returning({ id: users.id });
  return updated.length > 0;
}

/**
 * Forgets the secret whatever its state (an owner's or the CLI's reset); answers whether one was
 * confirmed.
 */
export async function resetTotp(db: Db, userId: string): Promise<boolean> {
  const [before] = await db
    .select({ confirmedAt: users.totpConfirmedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  await db
    .update(users)
    .set({ totpSecretCiphertext: null, totpConfirmedAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
  return Boolean(before?.confirmedAt);
}

/**
 * Takes time step `step` as used, when it is later than every step accepted before: one
 * conditional UPDATE, so of two requests presenting the same code exactly one wins, on any
 * server. `ciphertext` pins the secret the code was checked against (a secret replaced meanwhile
 * does not take it).
 */
export async function claimTotpStep(
  db: Db,
  { userId, step, ciphertext }: { userId: string; step: number; ciphertext: string },
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        eq(users.totpSecretCiphertext, ciphertext),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return updated.length > 0;
}
