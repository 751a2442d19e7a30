import { staffRoles, type StaffRole } from '@stratus/contract';
import {
  asc,
  count,
  eq,
  inArray,
  passkeys,
  sessions,
  sql,
  users,
  type Db,
  type Tx,
} from '@stratus/db';

/** A staff account and when it last signed in. */
export interface StaffMemberRow {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  createdAt: Date;
  /** Creation time of the newest session (API-token calls open none); null when never. */
  lastSignInAt: Date | null;
  disabledAt: Date | null;
  totpConfirmedAt: Date | null;
  /** At least one passkey: a second factor as the app is. */
  hasPasskey: boolean;
}

const staffMemberColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  createdAt: users.createdAt,
  lastSignInAt: sql<Date | null>`max(${sessions.createdAt})`.mapWith(sessions.createdAt),
  disabledAt: users.disabledAt,
  totpConfirmedAt: users.totpConfirmedAt,
  hasPasskey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`,
};

const isStaff = inArray(users.role, [...staffRoles]);

/** Every staff account, earliest first. */
export async function listStaffMembers(db: Db): Promise<StaffMemberRow[]> {
  const rows = await db
    .select(staffMemberColumns)
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .where(isStaff)
    .groupBy(users.id)
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows as StaffMemberRow[];
}

/** One account as a staff member (its role may be `customer` when it is not staff). */
export async function findStaffMember(db: Db, userId: string) {
  const [row] = await db
    .select(staffMemberColumns)
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .where(eq(users.id, userId))
    .groupBy(users.id);
  return row;
}

export async function countStaff(tx: Tx): Promise<number> {
  const [row] = await tx.select({ total: count() }).from(users).where(isStaff);
  return row?.total ?? 0;
}

/**
 * Locks every owner's row (in id order, so two callers never deadlock) and answers their ids. A
 * demotion holding these locks sees the owners as committed after any demotion that ran first:
 * two owners demoting each other at once cannot both pass the "one owner stays" check.
 */
export async function lockOwnerIds(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'owner'))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** The account's id and role, its row locked for the rest of the transaction. */
export async function lockUserById(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, role: users.role, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** The account with this (normalised) email, its row locked for the rest of the transaction. */
export async function lockUserByEmail(tx: Tx, email: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, role: users.role, language: users.language })
    .from(users)
    .where(eq(users.email, email))
    .for('update');
  return row;
}
