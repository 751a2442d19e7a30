import { hasPermission, isStaffRole, type StaffMember, type StaffRole } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { announceChange, authChanged, deliverChangeLocally } from '../../change-notifications.ts';
import type { TokenCipher } from '../../tokens.ts';
import {
  assertPasswordChoice,
  deleteRecoveryCodes,
  generatePassword,
  hashPassword,
  revokeAllSessions,
} from '../auth/public.ts';
import { recordAudit, type StaffActor } from '../audit/public.ts';
import {
  createUser,
  findUserByEmail,
  queueSecurityNotice,
  deletePasskeysOfUser,
  resetTotp,
  updateUser,
} from '../users/public.ts';
import {
  countStaff,
  findStaffMember,
  listStaffMembers,
  lockOwnerIds,
  lockUserByEmail,
  lockUserById,
  type StaffMemberRow,
} from './repo.ts';

function toStaffMember(row: StaffMemberRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    twoStepEnabled: row.totpConfirmedAt !== null || row.hasPasskey,
  };
}

/** The staff member with this id, read in `db` (a transaction sees its own change). */
async function requireStaffMember(db: Db, userId: string): Promise<StaffMember> {
  const row = await findStaffMember(db, userId);
  if (!row || !isStaffRole(row.role)) throw new AppError('staffMemberNotFound');
  return toStaffMember({ ...row, role: row.role });
}

export async function listStaff({ db }: { db: Db }): Promise<{ items: StaffMember[] }> {
  return { items: (await listStaffMembers(db)).map(toStaffMember) };
}

export interface AddStaffOutcome {
  member: StaffMember;
  /** True when no account had the email and one was created. */
  accountCreated: boolean;
  /** The new account's generated password, to show once; undefined when none was generated. */
  generatedPassword: string | undefined;
}

/**
 * Makes `email` staff with `role`: gives the existing (customer) account the role, or creates an
 * account (with its wallet) using `password` or, when none is given, a generated password the
 * caller shows once. Staff already is refused (`staffAlreadyStaff`: their role is changed with
 * `changeStaffRole`). The very first staff member is always `owner`, so someone can manage the
 * staff. Audited as `staff.create`. `POST /admin/staff` and `npm run admin -- create-operator`
 * both come here.
 */
export async function addStaffMember({
  db,
  cipher,
  email,
  password,
  role,
  actor,
}: {
  db: Db;
  cipher: TokenCipher;
  /** Normalised (trimmed, lower case), as the contract's email schema leaves it. */
  email: string;
  password?: string;
  role: StaffRole;
  actor: StaffActor;
}): Promise<AddStaffOutcome> {
  const existing = await findUserByEmail(db, email);
  if (existing && isStaffRole(existing.role)) {
    throw new AppError('staffAlreadyStaff', { email, role: existing.role });
  }
  if (password && !existing) assertPasswordChoice({ password, email, field: 'password' });
  // Hashing takes a while: done before the transaction, for the account it will most likely create.
  let generatedPassword = existing || password ? undefined : generatePassword();
  let passwordHash = existing ? undefined : await hashPassword(password ?? generatedPassword ?? '');
  const outcome = await db.transaction(async (tx) => {
    const account = await lockUserByEmail(tx, email);
    if (account && isStaffRole(account.role)) {
      throw new AppError('staffAlreadyStaff', { email, role: account.role });
    }
    const granted: StaffRole = (await countStaff(tx)) === 0 ? 'owner' : role;
    if (account) {
      await updateUser(tx, account.id, { role: granted });
      await announceChange(tx, authChanged(account.id));
      await recordAudit({
        tx,
        actor,
        action: 'staff.create',
        target: { type: 'user', id: account.id },
        changes: { role: { before: account.role, after: granted } },
      });
      return {
        member: await requireStaffMember(tx, account.id),
        accountCreated: false,
        generatedPassword: undefined,
      };
    }
    if (passwordHash === undefined) {
      // The account seen before the transaction is gone: create one after all.
      if (password) assertPasswordChoice({ password, email, field: 'password' });
      generatedPassword = password ? undefined : generatePassword();
      passwordHash = await hashPassword(password ?? generatedPassword ?? '');
    }
    // An owner vouches for the address of a staff account: no verification link is mailed.
    const user = await createUser({
      tx,
      cipher,
      email,
      passwordHash,
      role: granted,
      emailVerified: true,
    });
    await recordAudit({
      tx,
      actor,
      action: 'staff.create',
      target: { type: 'user', id: user.id },
      changes: { email: { before: null, after: email }, role: { before: null, after: granted } },
    });
    return {
      member: await requireStaffMember(tx, user.id),
      accountCreated: true,
      generatedPassword,
    };
  });
  // An existing account's sessions now carry a staff role, on this server at once.
  if (!outcome.accountCreated) deliverChangeLocally(db, authChanged(outcome.member.id));
  return outcome;
}

/**
 * Sets a staff member's role (`customer` takes the staff role away; the account stays). Refused
 * for the actor's own account and when it would leave no owner. The owners' rows are locked
 * first, so concurrent demotions see each other: of two owners demoting each other at once, one
 * is refused. Nothing changes and nothing is recorded when the role is already `role`.
 */
async function setStaffRole({
  tx,
  actor,
  userId,
  role,
  action,
}: {
  tx: Tx;
  actor: StaffActor;
  userId: string;
  role: StaffRole | 'customer';
  action: 'staff.update' | 'staff.remove';
}): Promise<void> {
  if (actor.kind === 'staff' && actor.userId === userId) throw new AppError('staffOwnRoleChange');
  const owners = await lockOwnerIds(tx);
  const target = await lockUserById(tx, userId);
  if (!target || !isStaffRole(target.role)) throw new AppError('staffMemberNotFound');
  if (target.role === role) return;
  if (target.role === 'owner' && owners.every((ownerId) => ownerId === target.id)) {
    throw new AppError('staffLastOwner');
  }
  if (actor.kind === 'staff') {
    // The guard read the actor's role when the request came in; a demotion that committed since
    // (another owner's, waited for on the locks above) takes the right away at once.
    const current = await lockUserById(tx, actor.userId);
    if (!current || !hasPermission(current.role, 'staff.manage')) {
      throw new AppError('staffPermissionMissing', { role: current?.role ?? 'customer' });
    }
  }
  await updateUser(tx, target.id, { role });
  await announceChange(tx, authChanged(target.id));
  await recordAudit({
    tx,
    actor,
    action,
    target: { type: 'user', id: target.id },
    changes: { role: { before: target.role, after: role } },
  });
}

/** Changes a staff member's role; audited as `staff.update`. */
export async function changeStaffRole({
  db,
  actor,
  userId,
  role,
}: {
  db: Db;
  actor: StaffActor;
  userId: string;
  role: StaffRole;
}): Promise<StaffMember> {
  const member = await db.transaction(async (tx) => {
    await setStaffRole({ tx, actor, userId, role, action: 'staff.update' });
    return requireStaffMember(tx, userId);
  });
  deliverChangeLocally(db, authChanged(userId));
  return member;
}

/** Takes the staff role away (the account stays, as a customer); audited as `staff.remove`. */
export async function removeStaffMember({
  db,
  actor,
  userId,
}: {
  db: Db;
  actor: StaffActor;
  userId: string;
}): Promise<void> {
  await db.transaction((tx) =>
    setStaffRole({ tx, actor, userId, role: 'customer', action: 'staff.remove' }),
  );
  deliverChangeLocally(db, authChanged(userId));
}

type LockedAccount = NonNullable<Awaited<ReturnType<typeof lockUserById>>>;

/**
 * Forgets the account's second factors (the app's secret, its passkeys, recovery codes) and signs
 * out all its sessions in `tx`, audited as `staff.reset_2fa` and mailed to the person as a
 * `security.changed` notice. The caller delivers `authChanged` locally after the commit.
 */
async function resetTwoStepOf(tx: Tx, actor: StaffActor, account: LockedAccount): Promise<void> {
  const hadTotp = await resetTotp(tx, account.id);
  const passkeysRemoved = await deletePasskeysOfUser(tx, account.id);
  const wasEnabled = hadTotp || passkeysRemoved > 0;
  await deleteRecoveryCodes(tx, account.id);
  const revokedSessions = await revokeAllSessions({ tx, userId: account.id });
  await recordAudit({
    tx,
    actor,
    action: 'staff.reset_2fa',
    target: { type: 'user', id: account.id },
    changes: {
      twoStepEnabled: { before: wasEnabled, after: false },
      sessions: { before: revokedSessions, after: 0 },
    },
  });
  await queueSecurityNotice(tx, { user: account, change: 'two_step_reset' });
}

/**
 * An owner resets a member's two-step verification (they lost their phone): the member signs in
 * with the password alone and switches it on again. Not for the owner's own account (they switch
 * it off in their profile, with a code).
 */
export async function resetStaffTwoStep({
  db,
  actor,
  userId,
}: {
  db: Db;
  actor: StaffActor;
  userId: string;
}): Promise<StaffMember> {
  if (actor.kind === 'staff' && actor.userId === userId) {
    throw new AppError('staffOwnTwoStepReset');
  }
  const member = await db.transaction(async (tx) => {
    const target = await lockUserById(tx, userId);
    if (!target || !isStaffRole(target.role)) throw new AppError('staffMemberNotFound');
    await resetTwoStepOf(tx, actor, target);
    return requireStaffMember(tx, userId);
  });
  deliverChangeLocally(db, authChanged(userId));
  return member;
}

/**
 * `npm run admin -- reset-2fa <email>`: the same reset for any account (the last owner locked
 * out), audited as the CLI. Answers false when no account has the email.
 */
export async function resetTwoStepByEmail({
  db,
  actor,
  email,
}: {
  db: Db;
  actor: StaffActor;
  /** Normalised (trimmed, lower case). */
  email: string;
}): Promise<boolean> {
  const userId = await db.transaction(async (tx) => {
    const account = await lockUserByEmail(tx, email);
    if (!account) return null;
    await resetTwoStepOf(tx, actor, account);
    return account.id;
  });
  if (userId) deliverChangeLocally(db, authChanged(userId));
  return userId !== null;
}
