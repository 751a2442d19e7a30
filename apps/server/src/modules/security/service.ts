// Two-step verification of the signed-in account: enrolling an authenticator app, switching it
// off, and replacing the recovery codes. Codes are checked (and spent) by the auth module.
import type { AccountFactor } from '@stratus/contract';
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
  accountFactorsOf,
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
}): Promise<{ enabled: boolean; factors: AccountFactor[]; recoveryCodesLeft: number }> {
  const user = await requireUser(db, userId);
  const factors = await accountFactorsOf(db, user);
  return {
    enabled: factors.includes('totp'),
    factors,
    recoveryCodesLeft: factors.length > 0 ? await countUnusedRecoveryCodes(db, userId) : 0,
  };
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
 * Switches two-step verification off by a current code or a recovery code: the secret is deleted,
 * and the recovery codes with it unless a passkey still needs them; the owner is mailed a notice.
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
      if ((await accountFactorsOf(tx, { id: userId, totpConfirmedAt: null })).length === 0) {
        await deleteRecoveryCodes(tx, userId);
      }
      await queueSecurityNotice(tx, { user, change: 'totp_disabled' });
    },
  });
}

/**
 * New recovery codes by a current code or a recovery code (the one given is spent with the old
 * set); answers them, shown once; the owner is mailed a notice. A passkey-only account proves it
 * with a recovery code.
 */
export async function regenerateRecoveryCodes({
  db,
  cipher,
  userId,
  code,
}: SecurityServices & { code: string }): Promise<{ recoveryCodes: string[] }> {
  const user = await requireUser(db, userId);
  const factors = await accountFactorsOf(db, user);
  if (factors.length === 0) throw new AppError('twoStepNotEnabled');
  const proof = proofOfCode(code);
  if (proof.kind === 'totp' && !factors.includes('totp')) {
    throw new AppError('secondFactorIncorrect', {}, { field: 'code' });
  }
  const recoveryCodes = await withSecondFactor({
    db,
    user,
    cipher,
    proof,
    change: async (tx) => {
      await queueSecurityNotice(tx, { user, change: 'recovery_codes' });
      return issueRecoveryCodes(tx, userId);
    },
  });
  return { recoveryCodes };
}
