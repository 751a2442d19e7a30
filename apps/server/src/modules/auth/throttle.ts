import type { Db } from '@stratus/db';
import type { Config } from '../../config.ts';
import { AppError } from '../../plugins/errors.ts';
import { countRecentAttempts, recordAttempts } from './repo.ts';

/**
 * Sign-in and sign-up throttling. The counts live in `auth_attempts`, so every API server behind
 * a load balancer sees the same numbers. Concurrent attempts may overshoot a limit by a few; the
 * limits are about slowing guessing down, not exact quotas.
 */
export async function assertSignInAllowed({
  db,
  config,
  email,
  address,
}: {
  db: Db;
  config: Config;
  email: string;
  address: string;
}): Promise<void> {
  const { loginPerAccount, loginPerAddress } = config.throttle;
  const [accountFailures, addressFailures] = await Promise.all([
    countRecentAttempts(db, {
      kind: 'login_account',
      key: email,
      windowMinutes: loginPerAccount.windowMinutes,
      failedOnly: true,
    }),
    countRecentAttempts(db, {
      kind: 'login_address',
      key: address,
      windowMinutes: loginPerAddress.windowMinutes,
      failedOnly: true,
    }),
  ]);
  // One answer for both limits, so it does not tell whether the account exists.
  if (accountFailures >= loginPerAccount.max || addressFailures >= loginPerAddress.max) {
    throw new AppError('tooManySignInAttempts');
  }
}

export async function recordSignIn({
  db,
  email,
  address,
  succeeded,
}: {
  db: Db;
  email: string;
  address: string;
  succeeded: boolean;
}): Promise<void> {
  await recordAttempts(db, [
    { kind: 'login_account', key: email, succeeded },
    { kind: 'login_address', key: address, succeeded },
  ]);
}

/** Counts every sign-up from the address, successful or not, and refuses past the limit. */
export async function assertSignUpAllowed({
  db,
  config,
  address,
}: {
  db: Db;
  config: Config;
  address: string;
}): Promise<void> {
  const limit = config.throttle.registerPerAddress;
  const attempts = await countRecentAttempts(db, {
    kind: 'register_address',
    key: address,
    windowMinutes: limit.windowMinutes,
    failedOnly: false,
  });
  if (attempts >= limit.max) throw new AppError('tooManyRegistrations');
  await recordAttempts(db, [{ kind: 'register_address', key: address, succeeded: true }]);
}
