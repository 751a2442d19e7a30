import { randomUUID } from 'node:crypto';
import {
  defaultLocale,
  fenToYuan,
  type AccountFactor,
  yuanToFen,
  type Locale,
  type UserProfile,
} from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { announceChange, authChanged, deliverChangeLocally } from '../../change-notifications.ts';
import { generateApiToken, hashToken, type TokenCipher } from '../../tokens.ts';
import { insertWallet } from '../wallet/public.ts';
import { accountFactorsOf } from './passkey-repo.ts';
import { queueSecurityNotice } from './security-notice.ts';
import { twoStepRequiredBy } from './staff-two-step.ts';
import type { Config } from '../../config.ts';
import {
  findUserById,
  insertReplacedApiToken,
  insertUser,
  lockApiTokenHash,
  updateUser,
  type UserRow,
} from './repo.ts';

// The user queries other modules may use (sign-in, password changes, operator promotion).

export type { UserRow };

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
  emailVerified = false,
}: {
  tx: Tx;
  cipher: TokenCipher;
  email: string;
  passwordHash: string;
  name?: string;
  role?: UserRow['role'];
  language?: Locale;
  /** The address needs no mailed link (a staff account an owner created). */
  emailVerified?: boolean;
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
    ...(emailVerified ? { emailVerifiedAt: new Date() } : {}),
  });
  if (!user) throw new AppError('emailTaken');
  await insertWallet(tx, user.id);
  return user;
}

/** What of the server's configuration a profile tells the web app. */
export type ProfileSettings = Pick<Config, 'emailVerification' | 'staffTwoStep'>;

/** The profile the web app reads; `factors` are the account's (`accountFactorsOf`). */
export function toUserProfile(
  user: UserRow,
  factors: readonly AccountFactor[],
  cipher: TokenCipher,
  settings: ProfileSettings,
): UserProfile {
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
    tourCompleted: user.tourCompletedAt !== null,
    emailVerified: user.emailVerifiedAt !== null,
    emailVerification: settings.emailVerification,
    lowBalanceThreshold:
      user.lowBalanceThresholdFen === null ? null : fenToYuan(user.lowBalanceThresholdFen),
    twoStepRequiredBy:
      twoStepRequiredBy(user, factors, settings.staffTwoStep)?.toISOString() ?? null,
  };
}

/** The signed-in caller's row; `unauthorized` when the account is gone. */
export async function requireUser(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized');
  return user;
}

export async function getProfile({
  db,
  cipher,
  settings,
  userId,
}: {
  db: Db;
  cipher: TokenCipher;
  settings: ProfileSettings;
  userId: string;
}): Promise<UserProfile> {
  const user = await requireUser(db, userId);
  return toUserProfile(user, await accountFactorsOf(db, user), cipher, settings);
}

export async function updateProfile({
  db,
  cipher,
  settings,
  userId,
  changes,
}: {
  db: Db;
  cipher: TokenCipher;
  settings: ProfileSettings;
  userId: string;
  changes: {
    name?: string;
    language?: UserRow['language'];
    tourCompleted?: true;
    /** Yuan; null switches the mark off. */
    lowBalanceThreshold?: number | null;
  };
}): Promise<UserProfile> {
  const { lowBalanceThreshold, ...rest } = changes;
  const edits = Object.fromEntries(
    Object.entries({
      ...rest,
      lowBalanceThresholdFen:
        lowBalanceThreshold === undefined
          ? undefined
          : lowBalanceThreshold === null
            ? null
            : yuanToFen(lowBalanceThreshold),
    }).filter(([, value]) => value !== undefined),
  ) as Parameters<typeof updateUser>[2];
  const user = Object.keys(edits).length
    ? await updateUser(db, userId, edits)
    : await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized');
  return toUserProfile(user, await accountFactorsOf(db, user), cipher, settings);
}

/** Replaces the personal API token and mails the owner a `security.changed` notice with it. */
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
  const change = authChanged(userId);
  await db.transaction(async (tx) => {
    // Remembered with the rotation, so a script still holding the old token is told it was
    // replaced rather than that a session expired.
    const replaced = await lockApiTokenHash(tx, userId);
    if (replaced === undefined) throw new AppError('unauthorized');
    await insertReplacedApiToken(tx, { tokenHash: replaced, userId });
    const user = await updateUser(tx, userId, { apiTokenHash, apiTokenCiphertext });
    if (user) await queueSecurityNotice(tx, { user, change: 'api_token' });
    await announceChange(tx, change);
  });
  // The old token is refused from the very next request on this server.
  deliverChangeLocally(db, change);
  return apiToken;
}
