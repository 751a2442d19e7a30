// Step-up: a session proves its factor again, so endpoints marked `stepUp` (money, access) take
// it for STEP_UP_FRESH_SECONDS. A code, a recovery code or a passkey where the account has a
// second factor, the password where it has none; wrong ones count like wrong ones at sign-in.
import type { CeremonyOptions, PasskeyAuthenticationResponse } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import type { Config } from '../../config.ts';
import { announceChange, authChanged, deliverChangeLocally } from '../../change-notifications.ts';
import { AppError } from '../../errors.ts';
import type { TokenCipher } from '../../tokens.ts';
import {
  accountFactorsOf,
  findPasskeyByCredentialId,
  listPasskeysOfUser,
  recordPasskeyUse,
  requireUser,
  type UserRow,
} from '../users/public.ts';
import { verifyPassword } from './passwords.ts';
import { markSessionSteppedUp } from './repo.ts';
import { proofOfCode, withSecondFactor } from './second-factor.ts';
import type { Authentication } from './service.ts';
import { claimSecondFactorAttempt, claimSignInAttempt, settleSignInAttempt } from './throttle.ts';
import {
  checkAssertion,
  startAssertionCeremony,
  useCeremonyOf,
  type RelyingParty,
} from './webauthn.ts';

/** What the caller offers: a code of the app or a recovery code, a passkey, or the password. */
export type StepUpProof =
  { code: string } | { password: string } | { passkey: PasskeyAuthenticationResponse };

/** Options to step the presenting session up with one of its account's passkeys. */
export async function startPasskeyStepUp({
  db,
  rp,
  auth,
}: {
  db: Db;
  rp: RelyingParty;
  auth: Authentication;
}): Promise<CeremonyOptions> {
  const { sessionId, userId } = auth;
  if (auth.method !== 'session' || !sessionId) throw new AppError('stepUpNotNeeded');
  const allowed = await listPasskeysOfUser(db, userId);
  if (allowed.length === 0) throw new AppError('passkeyNotFound');
  return startAssertionCeremony(db, { rp, purpose: 'step_up', userId, allowed, sessionId });
}

/**
 * Proves a passkey of the account for this session's step-up: the ceremony (issued to this
 * session) is used whatever the answer; `mark` runs in that transaction only when it proved.
 * Counted under the account's second-factor limit.
 */
async function withPasskey({
  db,
  rp,
  user,
  sessionId,
  response,
  mark,
}: {
  db: Db;
  rp: RelyingParty;
  user: UserRow;
  sessionId: string;
  response: PasskeyAuthenticationResponse;
  mark: (tx: Tx) => Promise<void>;
}): Promise<void> {
  const attempt = await claimSecondFactorAttempt({ db, userId: user.id });
  const proved = await db
    .transaction(async (tx) => {
      const ceremony = await useCeremonyOf(tx, { response, purpose: 'step_up' });
      if (ceremony.sessionId !== sessionId) return false;
      const passkey = await findPasskeyByCredentialId(tx, response.id);
      if (!passkey || passkey.userId !== user.id) return false;
      const checked = await checkAssertion({
        rp,
        challenge: ceremony.challenge,
        response,
        passkey,
        requireUserVerification: false,
      });
      if (!checked) return false;
      const used = await recordPasskeyUse(tx, {
        id: passkey.id,
        previousCount: passkey.signCount,
        newCount: checked.newCounter,
      });
      if (!used) return false;
      await mark(tx);
      return true;
    })
    .catch(async (error: unknown) => {
      await settleSignInAttempt({ db, attempt, succeeded: true });
      throw error;
    });
  await settleSignInAttempt({ db, attempt, succeeded: proved });
  if (!proved) throw new AppError('passkeyVerificationFailed');
}

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
  rp,
}: {
  db: Db;
  config: Config;
  cipher: TokenCipher;
  auth: Authentication;
  proof: StepUpProof;
  address: string;
  /** The relying party, needed for a passkey only (its absence in production is an error then). */
  rp: () => RelyingParty;
}): Promise<void> {
  const { sessionId, userId } = auth;
  if (auth.method !== 'session' || !sessionId) throw new AppError('stepUpNotNeeded');
  const user = await requireUser(db, userId);
  const change = authChanged(userId);
  const mark = async (tx: Tx) => {
    if (!(await markSessionSteppedUp(tx, sessionId))) throw new AppError('unauthorized');
    await announceChange(tx, change);
  };
  const factors = await accountFactorsOf(db, user);
  if ('passkey' in proof) {
    if (!factors.includes('passkey')) throw new AppError('passkeyVerificationFailed');
    await withPasskey({ db, rp: rp(), user, sessionId, response: proof.passkey, mark });
  } else if ('code' in proof) {
    if (factors.length === 0) throw new AppError('twoStepNotEnabled');
    const codeProof = proofOfCode(proof.code);
    // A passkey-only account has recovery codes but no app (a pending one proves nothing).
    if (codeProof.kind === 'totp' && !factors.includes('totp')) {
      throw new AppError('stepUpPasskeyRequired', {}, { field: 'code' });
    }
    await withSecondFactor({ db, user, cipher, proof: codeProof, change: mark });
  } else {
    // An account with a second factor proves it: its password alone is what a thief may have.
    if (factors.includes('totp')) {
      throw new AppError('stepUpCodeRequired', {}, { field: 'password' });
    }
    if (factors.includes('passkey')) {
      throw new AppError('stepUpPasskeyRequired', {}, { field: 'password' });
    }
    const attempt = await claimSignInAttempt({ db, config, email: user.email, address });
    const valid = await verifyPassword(user.passwordHash, proof.password);
    await settleSignInAttempt({ db, attempt, succeeded: valid });
    if (!valid) throw new AppError('currentPasswordIncorrect', {}, { field: 'password' });
    await db.transaction(mark);
  }
  deliverChangeLocally(db, change);
}
