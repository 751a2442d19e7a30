// Confirming an account's address: the link mailed at sign-up (and again on request, at most
// once a minute), and the one endpoint that takes the token of either kind of address link, a
// sign-up's verification or a change of address.
import { EMAIL_LINK_VALID_HOURS } from '@stratus/contract';
import { isUniqueViolation, type Db, type Tx } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { mailIdentity, queueMail } from '../messages/public.ts';
import { lockUser, updateUser } from '../users/public.ts';
import type { UserRow } from '../users/public.ts';
import { assertEmailLinkNotTooSoon, emailLinkUrl, HOUR_MS } from './email-links.ts';
import { confirmEmailChange } from './email-change.ts';
import { consumeEmailToken, issueEmailToken } from './email-tokens-repo.ts';

/**
 * Issues a verification token for the account's current address and queues its mail in the
 * caller's transaction, in the account's language. Older verification links stop working.
 */
export async function queueVerificationMail(
  tx: Tx,
  { user, now = new Date() }: { user: UserRow; now?: Date },
): Promise<void> {
  const token = await issueEmailToken(tx, {
    userId: user.id,
    purpose: 'email_verification',
    email: user.email,
    validForMs: EMAIL_LINK_VALID_HOURS * HOUR_MS,
    now,
  });
  await queueMail(tx, {
    userId: user.id,
    to: user.email,
    locale: user.language,
    template: 'account.verify_email',
    brand: mailIdentity().brand,
    values: { email: user.email, hours: EMAIL_LINK_VALID_HOURS },
    actionUrl: emailLinkUrl(token),
  });
}

/** Mails the verification link again: refused once confirmed, or within a minute of the last. */
export async function resendVerificationEmail({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('unauthorized');
    if (user.emailVerifiedAt) throw new AppError('emailAlreadyVerified');
    const now = new Date();
    await assertEmailLinkNotTooSoon(tx, { userId, purpose: 'email_verification', now });
    await queueVerificationMail(tx, { user, now });
  });
}

export interface EmailConfirmation {
  outcome: 'verified' | 'changed';
  email: string;
}

/**
 * Takes the token of a mailed address link. A sign-up's verification token confirms the address
 * it was mailed to, while the account still has it; a change-of-address token moves the account
 * to its new address (`confirmEmailChange`). Either is used up only when it takes effect.
 */
export async function verifyEmail({
  db,
  token,
}: {
  db: Db;
  token: string;
}): Promise<EmailConfirmation> {
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const verification = await consumeEmailToken(tx, {
        token,
        purpose: 'email_verification',
        now,
      });
      if (verification) {
        const user = await lockUser(tx, verification.userId);
        if (!user || user.email !== verification.email) throw new AppError('emailLinkInvalid');
        if (!user.emailVerifiedAt) await updateUser(tx, user.id, { emailVerifiedAt: now });
        return { outcome: 'verified' as const, email: user.email };
      }
      const change = await consumeEmailToken(tx, { token, purpose: 'email_change', now });
      if (!change?.email) throw new AppError('emailLinkInvalid');
      await confirmEmailChange(tx, { userId: change.userId, email: change.email, now });
      return { outcome: 'changed' as const, email: change.email };
    });
  } catch (error) {
    // Another account took the address between the check and the write.
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('emailInUse');
    throw error;
  }
}
