// An account's passkeys: the WebAuthn credentials it signs in with (their public keys, signature
// counters and names). The users module keeps them, as it keeps the TOTP columns: sign-in,
// step-up and the passkeys module all read and write them through here.
import type { AccountFactor } from '@stratus/contract';
import { and, asc, count, eq, passkeys, sql, type Db } from '@stratus/db';
import type { UserRow } from './repo.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;

export async function listPasskeysOfUser(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeysOfUser(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return row?.total ?? 0;
}

/** The passkey with this credential id (base64url), whoever's it is. */
export async function findPasskeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** Stores a new passkey; undefined when its credential is registered already (anyone's). */
export async function insertPasskey(
  db: Db,
  passkey: Pick<
    PasskeyRow,
    | 'userId'
    | 'name'
    | 'credentialId'
    | 'publicKey'
    | 'signCount'
    | 'transports'
    | 'deviceType'
    | 'backedUp'
  >,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .insert(passkeys)
    .values(passkey)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return row;
}

export async function renamePasskeyOfUser(
  db: Db,
  { userId, id, name }: { userId: string; id: string; name: string },
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function deletePasskeyOfUser(
  db: Db,
  { userId, id }: { userId: string; id: string },
): Promise<boolean> {
  const deleted = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return deleted.length > 0;
}

/** Removes every passkey of the account (an owner's or the CLI's reset); answers how many. */
export async function deletePasskeysOfUser(db: Db, userId: string): Promise<number> {
  const deleted = await db
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ id: passkeys.id });
  return deleted.length;
}

/**
 * Records a use: the authenticator's new signature counter and the time. Conditional on the
 * counter read before the check, so of two answers checked against the same counter at once only
 * one is taken (the other looks like a cloned authenticator, and is refused).
 */
export async function recordPasskeyUse(
  db: Db,
  { id, previousCount, newCount }: { id: string; previousCount: number; newCount: number },
): Promise<boolean> {
  const updated = await db
    .update(passkeys)
    .set({ signCount: newCount, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.id, id), eq(passkeys.signCount, previousCount)))
    .returning({ id: passkeys.id });
  return updated.length > 0;
}

/**
 * The factors the account has beside its password: a confirmed authenticator app, passkeys. The
 * one answer to "has a second factor" for sign-in, step-up, the staff obligation and the profile.
 */
export async function accountFactorsOf(
  db: Db,
  user: Pick<UserRow, 'id' | 'totpConfirmedAt'>,
): Promise<AccountFactor[]> {
  const factors: AccountFactor[] = user.totpConfirmedAt ? ['totp'] : [];
  if ((await countPasskeysOfUser(db, user.id)) > 0) factors.push('passkey');
  return factors;
}
