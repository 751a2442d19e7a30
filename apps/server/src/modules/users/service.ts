import { randomUUID } from 'node:crypto';
import { defaultLocale, type Locale, type UserProfile } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeOtherSessions } from '../auth/repo.ts';
import { claimSignInAttempt, settleSignInAttempt } from '../auth/throttle.ts';
import { generateApiToken, hashToken, type TokenCipher } from '../auth/tokens.ts';
import { insertWallet } from '../wallet/repo.ts';
import { findUserById, insertUser, updateUser, type UserRow } from './repo.ts';

function sealApiToken(cipher: TokenCipher, userId: string) {
  const apiToken = generateApiToken();
  return {
    apiToken,
    apiTokenHash: hashToken(apiToken),
    apiTokenCiphertext: cipher.encrypt(apiToken, userId),
  };
}

/**
 * Creates an account with its personal API token and its wallet (balance 0). Pass a transaction
 * so the wallet and whatever the caller adds (a session) commit together with the user.
 */
export async function createUser({
  tx,
  cipher,
  email,
  passwordHash,
  name = '',
  role = 'customer',
  language = defaultLocale,
}: {
  tx: Tx;
  cipher: TokenCipher;
  email: string;
  passwordHash: string;
  name?: string;
  role?: UserRow['role'];
  language?: Locale;
}): Promise<UserRow> {
  // The id is chosen here so the token's ciphertext can be bound to it before the insert.
  const id = randomUUID();
  const { apiTokenHash, apiTokenCiphertext } = sealApiToken(cipher, id);
  const user = await insertUser(tx, {
    id,
    email,
    passwordHash,
    name,
    role,
    language,
    apiTokenHash,
    apiTokenCiphertext,
  });
  if (!user) throw new AppError('emailTaken');
  await insertWallet(tx, user.id);
  return user;
}

export function toUserProfile(user: UserRow, cipher: TokenCipher): UserProfile {
  let apiToken = '';
  try {
    apiToken = cipher.decrypt(user.apiTokenCiphertext, user.id);
  } catch {
    // Encrypted under another SECRET_KEY: the token still authenticates by its hash, but cannot
    // be shown; rotating it gives the user a visible one again.
  }
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    language: user.language,
    apiToken,
    createdAt: user.createdAt.toISOString(),
  };
}

async function requireUser(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized');
  return user;
}

export async function getProfile({
  db,
  cipher,
  userId,
}: {
  db: Db;
  cipher: TokenCipher;
  userId: string;
}): Promise<UserProfile> {
  return toUserProfile(await requireUser(db, userId), cipher);
}

export async function updateProfile({
  db,
  cipher,
  userId,
  changes,
}: {
  db: Db;
  cipher: TokenCipher;
  userId: string;
  changes: { name?: string; language?: UserRow['language'] };
}): Promise<UserProfile> {
  const edits = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as typeof changes;
  const user = Object.keys(edits).length
    ? await updateUser(db, userId, edits)
    : await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized');
  return toUserProfile(user, cipher);
}

/**
 * Changes the password and revokes every other session (an attacker's included); the session
 * making the change stays signed in. Wrong current passwords count as failed sign-ins.
 */
export async function changePassword({
  db,
  config,
  userId,
  keepSessionId,
  address,
  currentPassword,
  newPassword,
}: {
  db: Db;
  config: Config;
  userId: string;
  keepSessionId: string | null;
  address: string;
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  const user = await requireUser(db, userId);
  const attempt = await claimSignInAttempt({ db, config, email: user.email, address });
  const valid = await verifyPassword(user.passwordHash, currentPassword);
  await settleSignInAttempt({ db, attempt, succeeded: valid });
  if (!valid) throw new AppError('currentPasswordIncorrect');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash });
    await revokeOtherSessions(tx, { userId, keepSessionId });
  });
}

export async function rotateApiToken({
  db,
  cipher,
  userId,
}: {
  db: Db;
  cipher: TokenCipher;
  userId: string;
}): Promise<string> {
  const { apiToken, apiTokenHash, apiTokenCiphertext } = sealApiToken(cipher, userId);
  const user = await updateUser(db, userId, { apiTokenHash, apiTokenCiphertext });
  if (!user) throw new AppError('unauthorized');
  return apiToken;
}
