// Changing an account's address: asked for with the current password, confirmed by a link
// mailed to the new address; only then does the account move, and the old address is told.
import {
  EMAIL_LINK_VALID_HOURS,
  securityChangeLabels,
  type SecurityChange,
} from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { mailIdentity, mailLink, queueMail } from '../messages/public.ts';
import { findUserByEmail, lockUser, requireUser, updateUser } from '../users/public.ts';
import { assertEmailLinkNotTooSoon, emailLinkUrl, HOUR_MS } from './email-links.ts';
import { issueEmailToken } from './email-tokens-repo.ts';
import { verifyPassword } from './passwords.ts';
import { claimSignInAttempt, settleSignInAttempt } from './throttle.ts';

/**
 * Mails a confirmation link to `email`, the account's new address to be; the account keeps its
 * address until the link is opened. The password is checked as a sign-in is (a wrong one counts
 * against the same limits); the new address must be free, and links go out at most once a minute.
 */
export async function requestEmailChange({
  db,
  config,
  userId,
  address,
  email,
  password,
}: {
  db: Db;
  config: Config;
  userId: string;
  /** The caller's network address, for the sign-in limits. */
  address: string;
  email: string;
  password: string;
}): Promise<{ pendingEmail: string }> {
  const user = await requireUser(db, userId);
  if (email === user.email) throw new AppError('emailUnchanged', {}, { field: 'email' });
  const attempt = await claimSignInAttempt({ db, config, email: user.email, address });
  const valid = await verifyPassword(user.passwordHash, password);
  await settleSignInAttempt({ db, attempt, succeeded: valid });
  if (!valid) throw new AppError('currentPasswordIncorrect', {}, { field: 'password' });
  if (await findUserByEmail(db, email)) throw new AppError('emailInUse', {}, { field: 'email' });
  await db.transaction(async (tx) => {
    const locked = await lockUser(tx, userId);
    if (!locked) throw new AppError('unauthorized');
    const now = new Date();
    await assertEmailLinkNotTooSoon(tx, { userId, purpose: 'email_change', now });
    const token = await issueEmailToken(tx, {
      userId,
      purpose: 'email_change',
      email,
      validForMs: EMAIL_LINK_VALID_HOURS * HOUR_MS,
      now,
    });
    await queueMail(tx, {
      userId,
      to: email,
      locale: locked.language,
      template: 'account.email_change',
      brand: mailIdentity().brand,
      values: { email, hours: EMAIL_LINK_VALID_HOURS },
      actionUrl: emailLinkUrl(token),
    });
  });
  return { pendingEmail: email };
}

/**
 * Moves the account to `email`, confirmed by the link just used, in the caller's transaction:
 * the address becomes the account's (and confirmed), and a `security.changed` notice goes to the
 * old one, so an owner whose account was taken over learns of it.
 */
export async function confirmEmailChange(
  tx: Tx,
  { userId, email, now }: { userId: string; email: string; now: Date },
): Promise<void> {
  const user = await lockUser(tx, userId);
  if (!user) throw new AppError('emailLinkInvalid');
  const holder = await findUserByEmail(tx, email);
  if (holder && holder.id !== userId) throw new AppError('emailInUse');
  await updateUser(tx, userId, { email, emailVerifiedAt: now });
  const change: SecurityChange = 'email';
  await queueMail(tx, {
    userId,
    to: user.email,
    locale: user.language,
    template: 'security.changed',
    brand: mailIdentity().brand,
    values: { change: securityChangeLabels[user.language][change] },
    data: { change },
    actionUrl: mailLink('/console/overview'),
  });
}
