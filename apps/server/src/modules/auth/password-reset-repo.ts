// The one write of a password reset that no other path makes: the new password together with the
// proof the link gave that the person reads the account's inbox.
import {
  and,
  emailTokens,
  eq,
  gt,
  isNull,
  sql,
  users,
  type Db,
  type EmailTokenPurpose,
  type Tx,
} from '@stratus/db';
import { hashToken } from '../../tokens.ts';
import type { UserRow } from '../users/public.ts';

/** Sets the password and marks the address verified if it was not yet; undefined: no such user. */
export async function setResetPassword(
  tx: Tx,
  { userId, passwordHash }: { userId: string; passwordHash: string },
): Promise<UserRow | undefined> {
  const [user] = await tx
    .update(users)
    .set({
      passwordHash,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

/** No account's id: what a rehearsal of issuing a link for an unknown address works against. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * The statements `issueEmailToken` runs, against no account: the lock, the voiding and an insert
 * that finds no account to insert for. An ask for an address without an account does this, so it
 * costs what an ask for an account does.
 */
export async function rehearseEmailTokenIssue(
  tx: Tx,
  { tokenHash, expiresAt, now }: { tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, NO_ACCOUNT))
    .for('no key update');
  await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.userId, NO_ACCOUNT),
        eq(emailTokens.purpose, 'password_reset'),
        isNull(emailTokens.usedAt),
      ),
    );
  await tx.execute(sql`
    insert into ${emailTokens} (user_id, purpose, email, token_hash, expires_at, created_at)
    select ${users.id}, 'password_reset', ${users.email}, ${tokenHash}, ${expiresAt}, ${now}
    from ${users} where ${users.id} = ${NO_ACCOUNT}`);
}

/** Whether `token` would be used by `consumeEmailToken` now: known, of `purpose`, unused, live. */
export async function isUsableEmailToken(
  db: Db,
  { token, purpose, now }: { token: string; purpose: EmailTokenPurpose; now: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    );
  return row !== undefined;
}
