// The tokens of mailed links (password reset, address verification, change of address): 32
// random bytes handed out once in the link, kept only as their SHA-256.
import { randomBytes } from 'node:crypto';
import {
  and,
  emailTokens,
  eq,
  gt,
  isNull,
  lt,
  type Db,
  type EmailTokenPurpose,
  type Tx,
  users,
} from '@stratus/db';
import { hashToken } from '../../tokens.ts';

export type EmailTokenRow = typeof emailTokens.$inferSelect;

/**
 * Makes a token for `purpose`, valid `validForMs` from `now`, and voids the account's unused
 * tokens of the same purpose: only the newest link works. Answers the token itself, which is
 * stored nowhere and goes only into the mail.
 */
export async function issueEmailToken(
  tx: Tx,
  {
    userId,
    purpose,
    email = null,
    validForMs,
    now = new Date(),
  }: {
    userId: string;
    purpose: EmailTokenPurpose;
    email?: string | null;
    validForMs: number;
    now?: Date;
  },
): Promise<string> {
  // One issue per account at a time: two at once would each void only what they saw and both
  // stay usable. The second waits here, then voids the first's token with a fresh snapshot.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    );
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailTokens).values({
    userId,
    purpose,
    email,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + validForMs),
    createdAt: now,
  });
  return token;
}

/**
 * Uses a token: in one statement, so of two requests with the same link only one gets the row.
 * Undefined when the token is unknown, of another purpose, used (or voided) or expired.
 */
export async function consumeEmailToken(
  tx: Tx | Db,
  { token, purpose, now = new Date() }: { token: string; purpose: EmailTokenPurpose; now?: Date },
): Promise<EmailTokenRow | undefined> {
  const [used] = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning();
  return used;
}

/** Deletes tokens that expired before `before`; answers how many went. */
export async function pruneEmailTokensBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(emailTokens)
    .where(lt(emailTokens.expiresAt, before))
    .returning({ id: emailTokens.id });
  return deleted.length;
}
