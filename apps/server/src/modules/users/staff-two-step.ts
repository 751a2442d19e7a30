// Staff must use two-step verification (STAFF_2FA_ROLES): by when a member has to switch it on
// before the operator console refuses them. The admin guard and the profile both ask here.
import { isStaffRole, STAFF_TWO_STEP_GRACE_DAYS, type AccountFactor } from '@stratus/contract';
import type { Db } from '@stratus/db';
import type { StaffTwoStepPolicy } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { accountFactorsOf } from './passkey-repo.ts';
import { findUserById, type UserRow } from './repo.ts';

const GRACE_MS = STAFF_TWO_STEP_GRACE_DAYS * 24 * 3600 * 1000;

/**
 * The time after which the account may not use the operator console without a second factor
 * (an authenticator app or a passkey, `factors`): the grace counted from joining or from the
 * policy's start, the later. Null when the account need not have one (a customer, a role not
 * listed) or has one already.
 */
export function twoStepRequiredBy(
  user: Pick<UserRow, 'role' | 'createdAt'>,
  factors: readonly AccountFactor[],
  policy: StaffTwoStepPolicy,
): Date | null {
  if (factors.length > 0 || !isStaffRole(user.role) || !policy.roles.includes(user.role)) {
    return null;
  }
  const from = Math.max(user.createdAt.getTime(), policy.requiredFrom?.getTime() ?? 0);
  return new Date(from + GRACE_MS);
}

/**
 * Refuses (`staffTwoStepRequired`) a staff member past their deadline without two-step
 * verification; the admin guard asks it on every operator call (one read by primary key).
 */
export async function assertStaffTwoStepInTime({
  db,
  policy,
  userId,
}: {
  db: Db;
  policy: StaffTwoStepPolicy;
  userId: string;
}): Promise<void> {
  if (policy.roles.length === 0) return;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized');
  // The app is on the row; passkeys are asked for only once the deadline has passed without it.
  const deadline = twoStepRequiredBy(user, user.totpConfirmedAt ? ['totp'] : [], policy);
  if (!deadline || deadline.getTime() > Date.now()) return;
  if ((await accountFactorsOf(db, user)).length === 0) throw new AppError('staffTwoStepRequired');
}
