import type { AuthAttemptKind, Db } from '@stratus/db';
import type { AttemptLimit, Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { countRecentAttempts, insertAttempts, lockAttemptKeys, settleAttempts } from './repo.ts';

/**
 * Sign-in and sign-up throttling. The counts live in `auth_attempts`, so every API server behind
 * a load balancer sees the same numbers. An attempt first claims a slot under every limit that
 * applies, in one transaction holding an advisory lock per key: counting and recording are one
 * step, so however many attempts arrive at once, at most the limit of them go on to a password
 * check (or a sign-up).
 */

interface LimitedKey {
  kind: AuthAttemptKind;
  key: string;
  limit: AttemptLimit;
}

/** A sign-in that holds its slots; settle it once the password has been checked. */
export interface SignInAttempt {
  attemptIds: number[];
}

/**
 * Claims a slot under each limit, or none when any of them is used up. Sign-ins count attempts
 * not known to have succeeded and start unsettled; sign-ups count, and are recorded as, every one.
 */
async function claimSlots(
  db: Db,
  { keys, signIn }: { keys: LimitedKey[]; signIn: boolean },
): Promise<number[] | null> {
  return db.transaction(async (tx) => {
    await lockAttemptKeys(tx, keys);
    for (const { kind, key, limit } of keys) {
      const used = await countRecentAttempts(tx, {
        kind,
        key,
        windowMinutes: limit.windowMinutes,
        unsuccessfulOnly: signIn,
      });
      if (used >= limit.max) return null;
    }
    return insertAttempts(
      tx,
      keys.map(({ kind, key }) => ({ kind, key, succeeded: signIn ? null : true })),
    );
  });
}

/**
 * Claims a sign-in attempt before the password is checked. Three limits apply: per account from
 * this address (so an attacker locks the account out only for their own address, and the owner
 * elsewhere still signs in), per address across accounts, and a higher ceiling per account against
 * guessing spread over many addresses.
 */
export async function claimSignInAttempt({
  db,
  config,
  email,
  address,
}: {
  db: Db;
  config: Config;
  email: string;
  address: string;
}): Promise<SignInAttempt> {
  const { loginPerAccount, loginPerAccountAddress, loginPerAddress } = config.throttle;
  const attemptIds = await claimSlots(db, {
    signIn: true,
    keys: [
      // Addresses hold no `|`, so the last one in the key separates the two parts.
      { kind: 'login_account_address', key: `${email}|${address}`, limit: loginPerAccountAddress },
      { kind: 'login_address', key: address, limit: loginPerAddress },
      { kind: 'login_account', key: email, limit: loginPerAccount },
    ],
  });
  // One answer for every limit, so it does not tell whether the account exists.
  if (!attemptIds) throw new AppError('tooManySignInAttempts');
  return { attemptIds };
}

/**
 * Records the outcome of the password check: a success stops counting against any limit. An
 * attempt never settled (the server stopped mid-check) keeps counting as a failure.
 */
export async function settleSignInAttempt({
  db,
  attempt,
  succeeded,
}: {
  db: Db;
  attempt: SignInAttempt;
  succeeded: boolean;
}): Promise<void> {
  await settleAttempts(db, { attemptIds: attempt.attemptIds, succeeded });
}

/** Counts every sign-up from the address, successful or not, and refuses past the limit. */
export async function claimSignUpAttempt({
  db,
  config,
  address,
}: {
  db: Db;
  config: Config;
  address: string;
}): Promise<void> {
  const claimed = await claimSlots(db, {
    signIn: false,
    keys: [{ kind: 'register_address', key: address, limit: config.throttle.registerPerAddress }],
  });
  if (!claimed) throw new AppError('tooManyRegistrations');
}
