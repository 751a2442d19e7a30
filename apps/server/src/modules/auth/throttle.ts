import type { AuthAttemptKind, Db, Tx } from '@stratus/db';
import type { AttemptLimit, Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { keyedLocksOf } from './keyed-locks.ts';
import {
  attemptLockIds,
  countRecentAttempts,
  insertAttempts,
  isKnownSignInAddress,
  recentAttemptsExpiry,
  settleAttempts,
  tryLockAttemptKeys,
} from './repo.ts';

/**
 * Sign-in and sign-up throttling. The counts live in `auth_attempts`, so every API server behind
 * a load balancer sees the same numbers. An attempt first claims a slot under every limit that
 * applies, in one transaction holding an advisory lock per key: counting and recording are one
 * step, so however many attempts arrive at once, at most the limit of them go on to a password
 * check (or a sign-up).
 *
 * A burst on one account must not tie up the connection pool while its claims queue: on this
 * server they wait their turn per key in memory (`KeyedLocks`), and the transaction only tries
 * the advisory locks; held by another server, it ends and is tried again after a short pause.
 */

/** Pauses between tries while another server holds a key: short, growing, with jitter. */
const RETRY_BASE_MS = 5;
const RETRY_MAX_MS = 100;
/** After this long without the locks (another server's burst), the attempt is refused. */
const CLAIM_PATIENCE_MS = 10_000;

interface LimitedKey {
  kind: AuthAttemptKind;
  key: string;
  limit: AttemptLimit;
}

/** A sign-in that holds its slots; settle it once the password has been checked. */
export interface SignInAttempt {
  attemptIds: number[];
  /** Failures left before a limit pauses sign-in, should this attempt fail (0: this one pauses it). */
  failuresLeft: number;
  /** How long that limit would pause sign-in, in seconds, should this attempt fail. */
  pauseSeconds: number;
}

/** Minutes for the person reading: whole minutes, rounded up, never 0. */
export function minutesOf(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

type Claim =
  | { claimed: true; attemptIds: number[]; failuresLeft: number; pauseSeconds: number }
  | { claimed: false; retryAfterSeconds: number };

/**
 * Claims a slot under each limit, or none when any of them is used up (then: when the last of
 * those opens again). Sign-ins count attempts not known to have succeeded and start unsettled;
 * sign-ups count, and are recorded as, every one.
 */
async function claimSlots(
  db: Db,
  {
    keys,
    signIn,
    withClaim,
  }: {
    keys: LimitedKey[];
    signIn: boolean;
    /** Work that commits with the claim, in its transaction, only when the slots were claimed. */
    withClaim?: (tx: Tx) => Promise<void>;
  },
): Promise<Claim> {
  const turns = attemptLockIds(keys).map(String);
  return keyedLocksOf(db).run(turns, async () => {
    const giveUpAt = performance.now() + CLAIM_PATIENCE_MS;
    for (let tries = 0; ; tries += 1) {
      const claim = await tryClaimSlots(db, { keys, signIn, withClaim });
      if (claim) return claim;
      if (performance.now() > giveUpAt) throw new AppError('rateLimited');
      const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** tries);
      await sleep(ceiling / 2 + Math.random() * (ceiling / 2));
    }
  });
}

/** One try at claiming, in one transaction; null when another server holds a key's lock. */
async function tryClaimSlots(
  db: Db,
  {
    keys,
    signIn,
    withClaim,
  }: { keys: LimitedKey[]; signIn: boolean; withClaim?: (tx: Tx) => Promise<void> },
): Promise<Claim | null> {
  return db.transaction(async (tx) => {
    if (!(await tryLockAttemptKeys(tx, keys))) return null;
    let retryAfterSeconds = 0;
    let failuresLeft = Number.POSITIVE_INFINITY;
    let pauseSeconds = 0;
    for (const { kind, key, limit } of keys) {
      const expiries = await recentAttemptsExpiry(tx, {
        kind,
        key,
        windowMinutes: limit.windowMinutes,
        unsuccessfulOnly: signIn,
      });
      const used = expiries.length;
      if (used >= limit.max) {
        // A slot opens when enough of the oldest have left the window to bring the count under.
        retryAfterSeconds = Math.max(retryAfterSeconds, expiries[used - limit.max] ?? 0);
        continue;
      }
      const left = limit.max - used - 1;
      if (left < failuresLeft) {
        failuresLeft = left;
        // Once used up, the limit opens when its oldest counted attempt (or this one, when it is
        // the first) leaves the window.
        pauseSeconds = expiries[0] ?? limit.windowMinutes * 60;
      }
    }
    if (retryAfterSeconds > 0) return { claimed: false, retryAfterSeconds };
    const attemptIds = await insertAttempts(
      tx,
      keys.map(({ kind, key }) => ({ kind, key, succeeded: signIn ? null : true })),
    );
    await withClaim?.(tx);
    return { claimed: true, attemptIds, failuresLeft, pauseSeconds };
  });
}

/**
 * Claims a sign-in attempt before the password is checked. Three limits apply: per account from
 * this address (so an attacker locks the account out only for their own address, and the owner
 * elsewhere still signs in), per address across accounts, and a higher ceiling per account against
 * guessing spread over many addresses. An address the account opened a session from in the last
 * 90 days is not held to that ceiling: guessing from elsewhere does not lock the owner out at
 * home (its own two limits still hold). A refusal says when the limit opens again.
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
  const knownAddress = await isKnownSignInAddress(db, { email, address });
  const claim = await claimSlots(db, {
    signIn: true,
    keys: [
      // Addresses hold no `|`, so the last one in the key separates the two parts.
      { kind: 'login_account_address', key: `${email}|${address}`, limit: loginPerAccountAddress },
      { kind: 'login_address', key: address, limit: loginPerAddress },
      ...(knownAddress
        ? []
        : [{ kind: 'login_account' as const, key: email, limit: loginPerAccount }]),
    ],
  });
  // One answer for every limit, so it does not tell whether the account exists.
  if (!claim.claimed) {
    throw new AppError('tooManySignInAttempts', {
      minutes: minutesOf(claim.retryAfterSeconds),
    });
  }
  return {
    attemptIds: claim.attemptIds,
    failuresLeft: claim.failuresLeft,
    pauseSeconds: claim.pauseSeconds,
  };
}

/**
 * Claims a sign-in attempt under the address's limit alone: a passkey nobody has (or another
 * account's) names no account whose limits could count it. Settle it as failed.
 */
export async function claimAddressSignInAttempt({
  db,
  config,
  address,
}: {
  db: Db;
  config: Config;
  address: string;
}): Promise<SignInAttempt> {
  const claim = await claimSlots(db, {
    signIn: true,
    keys: [{ kind: 'login_address', key: address, limit: config.throttle.loginPerAddress }],
  });
  if (!claim.claimed) {
    throw new AppError('tooManySignInAttempts', { minutes: minutesOf(claim.retryAfterSeconds) });
  }
  return {
    attemptIds: claim.attemptIds,
    failuresLeft: claim.failuresLeft,
    pauseSeconds: claim.pauseSeconds,
  };
}

/**
 * The answer to a wrong password: plain while failures are left, a warning on the last one before
 * the pause, and on the failure that starts it, how long it lasts. Counted per email whether the
 * account exists or not, so the words tell nothing about which accounts exist.
 */
export function wrongPasswordError(attempt: SignInAttempt): AppError {
  const minutes = minutesOf(attempt.pauseSeconds);
  if (attempt.failuresLeft === 0) return new AppError('signInPausedAfterFailure', { minutes });
  if (attempt.failuresLeft === 1) return new AppError('invalidCredentialsLastTry', { minutes });
  return new AppError('invalidCredentials');
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
  const claim = await claimSlots(db, {
    signIn: false,
    keys: [{ kind: 'register_address', key: address, limit: config.throttle.registerPerAddress }],
  });
  if (!claim.claimed) throw new AppError('tooManyRegistrations');
}

/**
 * Claims a password-reset ask: first under the per-address limit (refused past it, with the
 * usual `rateLimited`), then under the per-email one, in whose transaction `mail` runs (issuing
 * the link and queueing its mail), so a known email costs one commit as an unknown one does.
 * Past the per-email limit the ask is answered as any other but mails nothing, so the answer
 * never tells whether an account exists. Both are counted for every email, known or not.
 */
export async function claimPasswordResetAttempt({
  db,
  config,
  email,
  address,
  mail,
}: {
  db: Db;
  config: Config;
  email: string;
  address: string;
  mail: (tx: Tx) => Promise<void>;
}): Promise<void> {
  const { passwordResetPerAddress, passwordResetPerEmail } = config.throttle;
  const byAddress = await claimSlots(db, {
    signIn: false,
    keys: [{ kind: 'password_reset_address', key: address, limit: passwordResetPerAddress }],
  });
  if (!byAddress.claimed) throw new AppError('rateLimited');
  await claimSlots(db, {
    signIn: false,
    keys: [{ kind: 'password_reset_email', key: email, limit: passwordResetPerEmail }],
    withClaim: mail,
  });
}

/** What a proof of work may be asked before. */
export type ProofOfWorkAsk = 'signIn' | 'signUp' | 'passwordReset';

/** The rule itself: a proof is asked once any of the counts has reached `after`. */
export function proofOfWorkNeeded(counts: readonly number[], after: number): boolean {
  return counts.some((counted) => counted >= after);
}

/**
 * Whether the next ask needs a proof of work: after `proofOfWork.after` failed sign-ins from the
 * address; for a sign-in, also as many on the account (by email, from every address, whether or
 * not it exists: the answer must not tell); for a sign-up or a reset ask, also as many sign-ups
 * or reset asks from the address. Counted in the windows of the limits that count them; the
 * limits themselves still refuse past their own maxima.
 */
export async function isProofOfWorkRequired({
  db,
  config,
  ask,
  address,
  email,
}: {
  db: Db;
  config: Config;
  ask: ProofOfWorkAsk;
  address: string;
  /** The normalised email a sign-in names. */
  email?: string;
}): Promise<boolean> {
  const { throttle } = config;
  const failedFromAddress = countRecentAttempts(db, {
    kind: 'login_address',
    key: address,
    windowMinutes: throttle.loginPerAddress.windowMinutes,
    unsuccessfulOnly: true,
  });
  let asksOfTheKind: Promise<number>;
  if (ask === 'signIn') {
    asksOfTheKind = countRecentAttempts(db, {
      kind: 'login_account_address',
      // Addresses hold no `|`: every key of the account starts so (claimSignInAttempt).
      keyPrefix: `${email ?? ''}|`,
      windowMinutes: throttle.loginPerAccount.windowMinutes,
      unsuccessfulOnly: true,
    });
  } else {
    const limit = ask === 'signUp' ? throttle.registerPerAddress : throttle.passwordResetPerAddress;
    asksOfTheKind = countRecentAttempts(db, {
      kind: ask === 'signUp' ? 'register_address' : 'password_reset_address',
      key: address,
      windowMinutes: limit.windowMinutes,
      unsuccessfulOnly: false,
    });
  }
  const counts = await Promise.all([failedFromAddress, asksOfTheKind]);
  return proofOfWorkNeeded(counts, config.proofOfWork.after);
}

/**
 * Wrong second-factor codes on one account, across its challenges and its own confirmations:
 * 10 in 15 minutes. A 6-digit code has a million values and three are right at any time, so this
 * keeps guessing hopeless while a person who mistypes a few times goes on.
 */
export const SECOND_FACTOR_PER_ACCOUNT: AttemptLimit = { max: 10, windowMinutes: 15 };

/**
 * Claims a second-factor attempt on the account before its code is checked; settle it with
 * `settleSignInAttempt`. Refused past the limit with how long until it opens.
 */
export async function claimSecondFactorAttempt({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<SignInAttempt> {
  const claim = await claimSlots(db, {
    signIn: true,
    keys: [{ kind: 'second_factor_account', key: userId, limit: SECOND_FACTOR_PER_ACCOUNT }],
  });
  if (!claim.claimed) {
    throw new AppError('tooManySecondFactorAttempts', {
      minutes: minutesOf(claim.retryAfterSeconds),
    });
  }
  return {
    attemptIds: claim.attemptIds,
    failuresLeft: claim.failuresLeft,
    pauseSeconds: claim.pauseSeconds,
  };
}
