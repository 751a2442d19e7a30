// Signing in with a passkey: as the second factor of a sign-in whose password was right (the
// challenge `login` answered), or without a password, where a passkey that verified its user
// (a PIN, a fingerprint) is both factors.
import type { CeremonyOptions, PasskeyAuthenticationResponse, Session } from '@stratus/contract';
import { AppError } from '../../errors.ts';
import { hashToken } from '../../tokens.ts';
import {
  accountFactorsOf,
  findPasskeyByCredentialId,
  listPasskeysOfUser,
  recordPasskeyUse,
  requireUser,
  toUserProfile,
} from '../users/public.ts';
import {
  countSignInChallengeFailure,
  findLiveSignInChallenge,
  useSignInChallenge,
} from './second-factor-repo.ts';
import {
  openSignedInSession,
  recordSignIn,
  SIGN_IN_CHALLENGE_MAX_FAILURES,
  type AccountServices,
  type ClientInfo,
} from './service.ts';
import {
  claimAddressSignInAttempt,
  claimSecondFactorAttempt,
  settleSignInAttempt,
} from './throttle.ts';
import {
  checkAssertion,
  startAssertionCeremony,
  useCeremonyOf,
  type RelyingParty,
} from './webauthn.ts';

/**
 * Options for a passkey sign-in: with a sign-in `challenge`, the account's passkeys (the second
 * factor); without, any discoverable passkey of this site.
 */
export async function startPasskeySignIn({
  db,
  rp,
  challenge,
}: Pick<AccountServices, 'db'> & {
  rp: RelyingParty;
  challenge: string | undefined;
}): Promise<{ options: CeremonyOptions }> {
  if (challenge === undefined) {
    return {
      options: await startAssertionCeremony(db, {
        rp,
        purpose: 'sign_in',
        userId: null,
        allowed: [],
      }),
    };
  }
  const found = await findLiveSignInChallenge(db, {
    tokenHash: hashToken(challenge),
    maxFailures: SIGN_IN_CHALLENGE_MAX_FAILURES,
  });
  if (!found) throw new AppError('signInChallengeInvalid');
  const allowed = await listPasskeysOfUser(db, found.userId);
  if (allowed.length === 0) throw new AppError('passkeyNotFound');
  const options = await startAssertionCeremony(db, {
    rp,
    purpose: 'sign_in',
    userId: found.userId,
    allowed,
    signInChallengeId: found.id,
  });
  return { options };
}

/** What became of a checked assertion, decided inside the transaction that used its ceremony. */
type Outcome =
  | { kind: 'signedIn'; token: string }
  | { kind: 'wrong' }
  | { kind: 'challengeGone' }
  | { kind: 'disabled' };

/**
 * Finishes a passkey sign-in. The ceremony is used first, in the transaction that opens the
 * session (and, for a second factor, uses the sign-in challenge too): a replayed answer finds it
 * used. A wrong answer commits only that use, counts under the account's second-factor limit
 * (an unknown passkey under the address's sign-in limit) and is recorded in the history.
 */
export async function signInWithPasskey({
  db,
  config,
  cipher,
  rp,
  challenge,
  response,
  client,
}: Omit<AccountServices, 'proofs'> & {
  rp: RelyingParty;
  challenge: string | undefined;
  response: PasskeyAuthenticationResponse;
  client: ClientInfo;
}): Promise<Session> {
  const signInChallenge =
    challenge === undefined
      ? undefined
      : {
          tokenHash: hashToken(challenge),
          maxFailures: SIGN_IN_CHALLENGE_MAX_FAILURES,
        };
  const found = signInChallenge && (await findLiveSignInChallenge(db, signInChallenge));
  if (signInChallenge && !found) throw new AppError('signInChallengeInvalid');
  const passkey = await findPasskeyByCredentialId(db, response.id);
  if (!passkey || (found && passkey.userId !== found.userId)) {
    // Nobody's, or another account's: no account's limit can count it, the address's does.
    const attempt = await claimAddressSignInAttempt({ db, config, address: client.ip });
    await useCeremonyOf(db, { response, purpose: 'sign_in' }).catch(() => undefined);
    await settleSignInAttempt({ db, attempt, succeeded: false });
    if (found) {
      await countSignInChallengeFailure(db, found.id);
      await recordSignIn(db, found.userId, client, 'second_factor_failed', 'passkey');
    }
    throw new AppError('passkeyVerificationFailed');
  }
  const user = await requireUser(db, passkey.userId);
  const attempt = await claimSecondFactorAttempt({ db, userId: user.id }).catch(
    async (error: unknown) => {
      await recordSignIn(db, user.id, client, 'throttled');
      throw error;
    },
  );
  const outcome = await db
    .transaction(async (tx): Promise<Outcome> => {
      const ceremony = await useCeremonyOf(tx, { response, purpose: 'sign_in' });
      // A ceremony belongs to one sign-in: a second factor's to its challenge, a passwordless
      // one to none.
      if ((ceremony.signInChallengeId ?? undefined) !== found?.id) return { kind: 'wrong' };
      const checked = await checkAssertion({
        rp,
        challenge: ceremony.challenge,
        response,
        passkey,
        requireUserVerification: !found,
      });
      if (!checked) return { kind: 'wrong' };
      const used = await recordPasskeyUse(tx, {
        id: passkey.id,
        previousCount: passkey.signCount,
        newCount: checked.newCounter,
      });
      if (!used) return { kind: 'wrong' };
      if (user.disabledAt) return { kind: 'disabled' };
      if (signInChallenge && !(await useSignInChallenge(tx, signInChallenge))) {
        return { kind: 'challengeGone' };
      }
      const token = await openSignedInSession(tx, {
        config,
        user,
        client,
        secondFactor: 'passkey',
      });
      return { kind: 'signedIn', token };
    })
    .catch(async (error: unknown) => {
      // Not a wrong passkey (an expired ceremony, a fault): the slot is not held against anyone.
      await settleSignInAttempt({ db, attempt, succeeded: true });
      throw error;
    });
  await settleSignInAttempt({ db, attempt, succeeded: outcome.kind !== 'wrong' });
  switch (outcome.kind) {
    case 'wrong':
      if (found) await countSignInChallengeFailure(db, found.id);
      await recordSignIn(db, user.id, client, 'second_factor_failed', 'passkey');
      throw new AppError('passkeyVerificationFailed');
    case 'disabled':
      throw new AppError('accountDisabled');
    case 'challengeGone':
      throw new AppError('signInChallengeInvalid');
    case 'signedIn':
      return {
        token: outcome.token,
        user: toUserProfile(user, await accountFactorsOf(db, user), cipher, config),
      };
  }
}
