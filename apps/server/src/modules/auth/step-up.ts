// Step-up: a session proves its factor again, so endpoints marked `stepUp` (money, access) take
// it for STEP_UP_FRESH_SECONDS. A code (or recovery code) where the account has two-step
// verification, the password where it has not; wrong ones count like wrong ones at sign-in.
import type { Db, Tx } from '@stratus/db';
import type { Config } from '../../config.ts';
import { announceChange, authChanged, deliverChangeLocally } from '../../change-notifications.ts';
import { AppError } from '../../errors.ts';
import type { TokenCipher } from '../../tokens.ts';
import { requireUser } from '../users/public.ts';
import { verifyPassword } from './passwords.ts';
import { markSessionSteppedUp } from './repo.ts';
import { proofOfCode, withSecondFactor } from './second-factor.ts';
import type { Authentication } from './service.ts';
import { claimSignInAttempt, settleSignInAttempt } from './throttle.ts';

/** What the caller offers: a code of the app or a recovery code, or the password. */
export type StepUpProof = { code: string } | { password: string };

/**
 * Marks the presenting session as stepped up now, after checking the proof. The cached
 * authentications of the account are dropped on every server (the change bus), so the next
 * request reads the new moment.
 */
export async function stepUpSession({
  db,
  config,
  cipher,
  auth,
  proof,
  address,
}: {
  db: Db;
  config: Config;
  cipher: TokenCipher;
  auth: Authentication;
  proof: StepUpProof;
  address: string;
}): Promise<void> {
  const { sessionId, userId } = auth;
  if (auth.method !== 'session' || !sessionId) throw new AppError('stepUpNotNeeded');
  const user = await requireUser(db, userId);
  const change = authChanged(userId);
  const mark = async (tx: Tx) => {
    if (!(await markSessionSteppedUp(tx, sessionId))) throw new AppError('unauthorized');
    await announceChange(tx, change);
  };
  if ('code' in proof) {
    if (!user.totpConfirmedAt) throw new AppError('twoStepNotEnabled');
    await withSecondFactor({ db, user, cipher, proof: proofOfCode(proof.code), change: mark });
  } else {
    // An account with an authenticator proves it: its password alone is what a thief may have.
    if (user.totpConfirmedAt) throw new AppError('stepUpCodeRequired', {}, { field: 'password' });
    const attempt = await claimSignInAttempt({ db, config, email: user.email, address });
    const valid = await verifyPassword(user.passwordHash, proof.password);
    await settleSignInAttempt({ db, attempt, succeeded: valid });
    if (!valid) throw new AppError('currentPasswordIncorrect', {}, { field: 'password' });
    await db.transaction(mark);
  }
  deliverChangeLocally(db, change);
}
