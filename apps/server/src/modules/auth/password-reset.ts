// Password reset by a mailed link: asked for by email (the same answer whether or not an account
// has it), used once within 30 minutes to set a new password, which signs every session out.
import { randomBytes } from 'node:crypto';
import { PASSWORD_RESET_VALID_MINUTES } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { hashToken } from '../../tokens.ts';
import { announceChange, authChanged, deliverChangeLocally } from '../../change-notifications.ts';
import { mailIdentity, mailLink, queueMail } from '../messages/public.ts';
import { findUserByEmail, queueSecurityNotice, type UserRow } from '../users/public.ts';
import { consumeEmailToken, issueEmailToken } from './email-tokens-repo.ts';
import { assertPasswordChoice } from './password-choice.ts';
import {
  isUsableEmailToken,
  rehearseEmailTokenIssue,
  setResetPassword,
} from './password-reset-repo.ts';
import { hashPassword } from './passwords.ts';
import { passProofOfWorkGate, type ProofsOfWork } from './proof-of-work.ts';
import { revokeLiveSessions } from './repo.ts';
import { claimPasswordResetAttempt } from './throttle.ts';

const VALID_FOR_MS = PASSWORD_RESET_VALID_MINUTES * 60_000;

/** Ends a rehearsal: its savepoint rolls back. */
class RehearsalOver extends Error {}

/** The console page a reset link opens: `/portal/reset?token=…`. */
export function passwordResetPath(token: string): string {
  return `/portal/reset?${new URLSearchParams({ token }).toString()}`;
}

/** Issues a link (voiding older ones) and queues its mail, in the account's language. */
async function issueResetLink(
  tx: Tx,
  { user, now }: { user: Pick<UserRow, 'id' | 'email' | 'language'>; now: Date },
): Promise<void> {
  const token = await issueEmailToken(tx, {
    userId: user.id,
    purpose: 'password_reset',
    email: user.email,
    validForMs: VALID_FOR_MS,
    now,
  });
  await queueResetMail(tx, { to: user, token });
}

/** Queues the reset mail with the link of `token`, in the recipient's language. */
async function queueResetMail(
  tx: Tx,
  { to, token }: { to: Pick<UserRow, 'email' | 'language'>; token: string },
): Promise<void> {
  await queueMail(tx, {
    // Not the account's: the inbox lists a user's messages, and a session (perhaps a stolen one)
    // must not read a link that sets the password. The mail goes to the address only.
    userId: null,
    to: to.email,
    locale: to.language,
    template: 'account.password_reset',
    brand: mailIdentity().brand,
    values: { email: to.email, minutes: PASSWORD_RESET_VALID_MINUTES },
    // The link's token is a credential: the inbox and webhooks never carry it.
    data: { validMinutes: PASSWORD_RESET_VALID_MINUTES },
    actionUrl: mailLink(passwordResetPath(token)),
  });
}

/**
 * Asks for a reset link. Whatever the email, the caller gets the same answer: an enabled account
 * within its hourly allowance is mailed a fresh link (voiding older ones), in its own language,
 * queued in the transaction that issues the token; an unknown or disabled one, or one past its
 * allowance, is mailed nothing. Past the per-address limit the ask is refused (`rateLimited`).
 */
export async function requestPasswordReset({
  db,
  config,
  proofs,
  email,
  address,
  proofOfWork,
  now = new Date(),
}: {
  db: Db;
  config: Config;
  proofs: ProofsOfWork;
  email: string;
  address: string;
  /** The solved challenge asked for after repeated asks (`passProofOfWorkGate`). */
  proofOfWork?: string;
  now?: Date;
}): Promise<void> {
  await passProofOfWorkGate({
    db,
    config,
    proofs,
    ask: 'passwordReset',
    address,
    proofOfWork,
  });
  // Looked up first, for every email: the work before the answer is the same whether or not
  // an account has it (the mail's few statements join the claim's transaction, not a commit
  // of their own).
  const user = await findUserByEmail(db, email);
  await claimPasswordResetAttempt({
    db,
    config,
    email,
    address,
    mail: async (tx) => {
      if (user && !user.disabledAt) {
        await issueResetLink(tx, { user, now });
        return;
      }
      // The same statements for an address without an account, in a savepoint rolled back:
      // answering sooner would tell which addresses have accounts.
      await tx
        .transaction(async (rehearsal) => {
          const token = randomBytes(32).toString('base64url');
          await rehearseEmailTokenIssue(rehearsal, {
            tokenHash: hashToken(token),
            expiresAt: new Date(now.getTime() + VALID_FOR_MS),
            now,
          });
          await queueResetMail(rehearsal, { to: { email, language: 'zh-CN' }, token });
          throw new RehearsalOver();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RehearsalOver)) throw error;
        });
    },
  });
}

/**
 * Sets a new password with a reset link's token, in one transaction: the token is used (once, and
 * only the newest of the account's, within its 30 minutes, while the account keeps the address it
 * was mailed to and is enabled), the password changes, the address counts as verified (the link
 * proved the inbox), every session is revoked and a `security.changed` notice is queued. The
 * personal API token stays. Any fault of the link is one answer, `passwordResetLinkInvalid`.
 */
export async function confirmPasswordReset({
  db,
  token,
  password,
  now = new Date(),
}: {
  db: Db;
  token: string;
  password: string;
  now?: Date;
}): Promise<void> {
  // Hashing takes tens of milliseconds and megabytes: only for a link that may work (nobody gets
  // the server hashing for made-up tokens), and before the transaction, as sign-up does. The
  // transaction then uses the token for good; the rules that need the account (its email's name
  // part) are checked there, before anything is written.
  if (!(await isUsableEmailToken(db, { token, purpose: 'password_reset', now }))) {
    throw new AppError('passwordResetLinkInvalid');
  }
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, { token, purpose: 'password_reset', now });
    const user = used && (await findUserByEmail(tx, used.email ?? ''));
    if (!used || !user || user.id !== used.userId || user.disabledAt) {
      throw new AppError('passwordResetLinkInvalid');
    }
    // Throwing rolls the token's use back: a refused password leaves the link working.
    assertPasswordChoice({ password, email: user.email, field: 'password' });
    await setResetPassword(tx, { userId: user.id, passwordHash });
    await revokeLiveSessions(tx, user.id);
    await queueSecurityNotice(tx, { user, change: 'password' });
    await announceChange(tx, authChanged(user.id));
    return user.id;
  });
  // This server's session cache forgets the revoked sessions at once; others on the notification.
  deliverChangeLocally(db, authChanged(userId));
}
