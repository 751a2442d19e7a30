// Sub-users: dynamic-proxy logins of their own under one customer, metered apart (the gateway
// reports them as kind `sub_user`), optionally capped, drawing from the customer's packages.
import { BYTES_PER_GB, MAX_SUB_USERS, type SubUser } from '@stratus/contract';
import { isUniqueViolation, type Db } from '@stratus/db';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import {
  generateDynamicAccountName,
  generateDynamicPassword,
  ensureDynamicAccount,
} from '../dynamic/public.ts';
import { toJsonBytes } from '../../json-bytes.ts';
import {
  countSubUsersLocked,
  deleteSubUserRow,
  insertSubUser,
  listSubUserRows,
  updateSubUserRow,
  type SubUserRow,
} from './repo.ts';

// The traffic history checks a sub-user filter against its owner.

/** Usernames drawn before giving up (a clash is already about one in 1e14). */
const USERNAME_ATTEMPTS = 5;
const NAME_KEY = 'sub_users_user_id_name_key';
/** Sub-user and account names share one namespace: either index (or the trigger) may refuse. */
const LOGIN_KEYS = ['sub_users_username_key', 'proxy_login_names_key'];

/** Bytes of a cap in GB with at most two decimals (exact: hundredths of a GB, in bigint). */
export function capGbToBytes(capGb: number): bigint {
  return (BigInt(Math.round(capGb * 100)) * BigInt(BYTES_PER_GB)) / 100n;
}

/** The cap in GB, rounded to hundredths as it was entered. */
export function capBytesToGb(capBytes: bigint): number {
  return Math.round((Number(capBytes) * 100) / BYTES_PER_GB) / 100;
}

function toSubUser(row: SubUserRow, config: Config): SubUser {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    password: row.password,
    capGb: row.capBytes === null ? null : capBytesToGb(row.capBytes),
    usedBytes: toJsonBytes(row.usedBytes),
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    host: config.dynamicProxy.host,
    port: config.dynamicProxy.port,
  };
}

export async function listSubUsers({
  db,
  config,
  userId,
}: {
  db: Db;
  config: Config;
  userId: string;
}): Promise<{ items: SubUser[]; max: number }> {
  const rows = await listSubUserRows(db, userId);
  return { items: rows.map((row) => toSubUser(row, config)), max: MAX_SUB_USERS };
}

export async function createSubUser({
  db,
  config,
  userId,
  name,
  capGb,
}: {
  db: Db;
  config: Config;
  userId: string;
  name: string;
  capGb: number | null;
}): Promise<SubUser> {
  // Sub-users hang off the dynamic account: create it the way the dynamic page does.
  await ensureDynamicAccount(db, userId);
  for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt += 1) {
    try {
      const row = await db.transaction(async (tx) => {
        const count = await countSubUsersLocked(tx, userId);
        if (count >= MAX_SUB_USERS)
          throw new AppError('subUserLimitReached', { max: MAX_SUB_USERS });
        return insertSubUser(tx, {
          userId,
          name,
          username: generateDynamicAccountName(),
          password: generateDynamicPassword(),
          capBytes: capGb === null ? null : capGbToBytes(capGb),
        });
      });
      return toSubUser(row, config);
    } catch (error) {
      if (isUniqueViolation(error, NAME_KEY)) throw new AppError('subUserNameTaken', { name });
      // A username clash draws another one.
      if (!LOGIN_KEYS.some((key) => isUniqueViolation(error, key))) throw error;
    }
  }
  throw new AppError('subUserLoginTaken');
}

export async function updateSubUser({
  db,
  config,
  userId,
  id,
  changes,
}: {
  db: Db;
  config: Config;
  userId: string;
  id: string;
  changes: { name?: string; capGb?: number | null; enabled?: boolean; resetPassword?: true };
}): Promise<SubUser> {
  const { name, capGb, enabled, resetPassword } = changes;
  try {
    const row = await updateSubUserRow(db, {
      userId,
      id,
      changes: {
        ...(name === undefined ? {} : { name }),
        ...(capGb === undefined ? {} : { capBytes: capGb === null ? null : capGbToBytes(capGb) }),
        ...(enabled === undefined ? {} : { enabled }),
        ...(resetPassword ? { password: generateDynamicPassword() } : {}),
      },
    });
    // Another customer's sub-user answers exactly like a missing one.
    if (!row) throw new AppError('subUserNotFound');
    return toSubUser(row, config);
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error, NAME_KEY)) {
      throw new AppError('subUserNameTaken', { name });
    }
    throw error;
  }
}

export async function deleteSubUser({
  db,
  userId,
  id,
}: {
  db: Db;
  userId: string;
  id: string;
}): Promise<null> {
  if (!(await deleteSubUserRow(db, { userId, id }))) throw new AppError('subUserNotFound');
  return null;
}
