// The second factor: TOTP codes (RFC 6238: SHA-1, 6 digits, 30 s, one step either side) and
// single-use recovery codes. A code is accepted once: the account keeps the last time step it
// accepted and takes only later ones.
import { randomInt } from 'node:crypto';
import { RECOVERY_CODES_COUNT, type SecondFactorKind } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import * as OTPAuth from 'otpauth';
import { AppError } from '../../errors.ts';
import { hashToken, type TokenCipher } from '../../tokens.ts';
import { claimTotpStep, type UserRow } from '../users/public.ts';
import { replaceRecoveryCodes, useRecoveryCode } from './second-factor-repo.ts';
import { claimSecondFactorAttempt, settleSignInAttempt } from './throttle.ts';

const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Steps accepted either side of now: clocks of phones drift. */
const TOTP_WINDOW = 1;

/** What proves the factor: an authenticator code, or a recovery code. */
export interface SecondFactorProof {
  kind: Extract<SecondFactorKind, 'totp' | 'recovery_code'>;
  code: string;
}

/** A 6-digit code is the app's; anything else is taken as a recovery code. */
export function proofOfCode(code: string): SecondFactorProof {
  return /^\d{6}$/.test(code) ? { kind: 'totp', code } : { kind: 'recovery_code', code };
}

/** The associated data a TOTP secret is encrypted under: the account, apart from its API token. */
function totpContext(userId: string): string {
  return `totp:${userId}`;
}

export function encryptTotpSecret(cipher: TokenCipher, userId: string, secret: string): string {
  return cipher.encrypt(secret, totpContext(userId));
}

/** A new random secret (160 bits, as RFC 4226 recommends) in base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function totpUrl({
  secret,
  issuer,
  label,
}: {
  secret: string;
  issuer: string;
  label: string;
}): string {
  return totpOf(secret, { issuer, label }).toString();
}

function totpOf(secret: string, names: { issuer?: string; label?: string } = {}): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    ...names,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The time step `code` is right for within the window around `now`, or null. */
export function matchingTotpStep(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/**
 * Whether `code` is a right code of the account's secret (confirmed or pending) not accepted
 * before; a right one is taken as used.
 */
async function proveTotp(
  db: Db,
  { user, cipher, code }: { user: UserRow; cipher: TokenCipher; code: string },
): Promise<boolean> {
  const ciphertext = user.totpSecretCiphertext;
  if (!ciphertext) return false;
  const secret = cipher.decrypt(ciphertext, totpContext(user.id));
  const step = matchingTotpStep(secret, code, Date.now());
  if (step === null) return false;
  return claimTotpStep(db, { userId: user.id, step, ciphertext });
}

/** Recovery codes as shown: ten letters and digits without look-alikes, `abcde-12345`. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const characters = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  ).join('');
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
}

/** The hash a recovery code is stored as: case, spaces and dashes do not matter. */
export function hashRecoveryCode(code: string): string {
  return hashToken(`recovery:${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`);
}

/** A new set of recovery codes for the account, replacing the old; answers them (shown once). */
export async function issueRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODES_COUNT) codes.add(newRecoveryCode());
  await replaceRecoveryCodes(db, { userId, codeHashes: [...codes].map(hashRecoveryCode) });
  return [...codes];
}

/**
 * Whether the proof is right, taking the code as used when it is (inside `db`, which may be the
 * caller's transaction: rolled back, the code is not spent).
 */
export async function checkSecondFactor(
  db: Db,
  { user, cipher, proof }: { user: UserRow; cipher: TokenCipher; proof: SecondFactorProof },
): Promise<boolean> {
  if (proof.kind === 'totp') return proveTotp(db, { user, cipher, code: proof.code });
  return useRecoveryCode(db, { userId: user.id, codeHash: hashRecoveryCode(proof.code) });
}

/**
 * Proves the factor for a change to the account (confirming, switching off, new recovery codes):
 * counted under the account's second-factor limit, `secondFactorIncorrect` when wrong. `change`
 * runs in the transaction that spends the code, so a change that fails leaves the code unspent.
 */
export async function withSecondFactor<T>({
  db,
  user,
  cipher,
  proof,
  change,
}: {
  db: Db;
  user: UserRow;
  cipher: TokenCipher;
  proof: SecondFactorProof;
  change: (tx: Tx) => Promise<T>;
}): Promise<T> {
  const attempt = await claimSecondFactorAttempt({ db, userId: user.id });
  const outcome = await db
    .transaction(async (tx) => {
      if (!(await checkSecondFactor(tx, { user, cipher, proof })))
        return { proved: false as const };
      return { proved: true as const, value: await change(tx) };
    })
    .catch(async (error: unknown) => {
      // Not a wrong code: the slot is not held against the account.
      await settleSignInAttempt({ db, attempt, succeeded: true });
      throw error;
    });
  await settleSignInAttempt({ db, attempt, succeeded: outcome.proved });
  if (!outcome.proved) throw new AppError('secondFactorIncorrect', {}, { field: 'code' });
  return outcome.value;
}
