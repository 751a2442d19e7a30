// Two-step verification of the signed-in account: enrolling an authenticator app, switching it
// off, and replacing the recovery codes. Codes are checked (and spent) by the auth module.
import { AppError } from '../../errors.ts';
import type { Db } from '@stratus/db';
import type { TokenCipher } from '../../tokens.ts';
import {
  countUnusedRecoveryCodes,
  deleteRecoveryCodes,
  encryptTotpSecret,
  issueRecoveryCodes,
  newTotpSecret,
  proofOfCode,
  totpUrl,
  withSecondFactor,
} from '../auth/public.ts';
import {
  clearTotp,
  markTotpConfirmed,
  queueSecurityNotice,
  requireUser,
  storePendingTotpSecret,
} from '../users/public.ts';

interface SecurityServices {
  db: Db;
  cipher: TokenCipher;
  userId: string;
}

export async function getTwoStepStatus({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const user = await requireUser(db, userId);
  if (!user.totpConfirmedAt) return { enabled: false, recoveryCodesLeft: 0 };
  return { enabled: true, recoveryCodesLeft: await countUnusedRecoveryCodes(db, userId) };
}

/**
 * A new secret for the account, kept encrypted and unconfirmed (sign-in does not ask for it yet);
 * an earlier unconfirmed one is replaced. `issuer` names the service in the app.
 */
export async function startTotpEnrolment({
  db,
  cipher,
  userId,
  issuer,
}: SecurityServices & { issuer: string }): Promise<{ secret: string; otpauthUrl: string }> {
  const user = await requireUser(db, userId);
  if (user.totpConfirmedAt) throw new AppError('twoStepAlreadyEnabled');
  const secret = newTotpSecret();
  const stored = await storePendingTotpSecret(db, {
    userId,
    ciphertext: encryptTotpSecret(cipher, userId, secret),
  });
  // Confirmed meanwhile by another request.
  if (!stored) throw new AppError('twoStepAlreadyEnabled');
  return { secret, otpauthUrl: totpUrl({ secret, issuer, label: user.email }) };
}

/**
 * Confirms the pending secret by a current code of the app: from now sign-in asks for it. Answers
 * the recovery codes, shown once; the owner is mailed a notice.
 */
export async function confirmTotpEnrolment({
  db,
  cipher,
  userId,
  code,
}: SecurityServices & { code: string }): Promise<{ recoveryCodes: string[] }> {
  const user = await requireUser(db, userId);
  if (user.totpConfirmedAt) throw new AppError('twoStepAlreadyEnabled');
  if (!user.totpSecretCiphertext) throw new AppError('twoStepNotEnabled');
  const recoveryCodes = await withSecondFactor({
    db,
    user,
    cipher,
    proof: { kind: 'totp', code },
    change: async (tx) => {
      if (!(await markTotpConfirmed(tx, userId))) throw new AppError('twoStepAlreadyEnabled');
      await queueSecurityNotice(tx, { user, change: 'totp_enabled' });
      return issueRecoveryCodes(tx, userId);
    },
  });
  return { recoveryCodes };
}

/**
 * Switches two-step verification off by a current code or a recovery code: the secret and the
 * recovery codes are deleted; the owner is mailed a notice.
 */
export async function disableTotp({
  db,
  cipher,
  userId,
  code,
}: SecurityServices & { code: string }): Promise<void> {
  const user = await requireUser(db, userId);
  if (!user.totpConfirmedAt) throw new AppError('twoStepNotEnabled');
  await withSecondFactor({
    db,
    user,
    cipher,
    proof: proofOfCode(code),
    change: async (tx) => {
      if (!(await clearTotp(tx, userId))) throw new AppError('twoStepNotEnabled');
      await deleteRecoveryCodes(tx, userId);
      await queueSecurityNotice(tx, { user, change: 'totp_disabled' });
    },
  });
}

/**
 * New recovery codes by a current code or a recovery code (the one given is spent with the old
 * set); answers them, shown once; the owner is mailed a notice.
 */
export async function regenerateRecoveryCodes({
  db,
  cipher,
  userId,
  code,
}: SecurityServices & { code: string }): Promise<{ recoveryCodes: string[] }> {
  const user = await requireUser(db, userId);
  if (!user.totpConfirmedAt) throw new AppError('twoStepNotEnabled');
  const recoveryCodes = await withSecondFactor({
    db,
    user,
    cipher,
    proof: proofOfCode(code),
    change: async (tx) => {
      await queueSecurityNotice(tx, { user, change: 'recovery_codes' });
      return issueRecoveryCodes(tx, userId);
    },
  });
  return { recoveryCodes };
}
