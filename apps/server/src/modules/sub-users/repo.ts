// Queries behind sub-users: always scoped by the owning customer.
import { and, asc, eq, sql, subUsers, users, type Db, type Tx } from '@stratus/db';

export type SubUserRow = typeof subUsers.$inferSelect;

export async function listSubUserRows(db: Db, userId: string): Promise<SubUserRow[]> {
  return db
    .select()
    .from(subUsers)
    .where(eq(subUsers.userId, userId))
    .orderBy(asc(subUsers.createdAt), asc(subUsers.id));
}

/** Locks the owner's row until `tx` ends (concurrent creations take turns), then counts. */
export async function countSubUsersLocked(tx: Tx, userId: string): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(subUsers)
    .where(eq(subUsers.userId, userId));
  return row?.count ?? 0;
}

export async function insertSubUser(
  tx: Tx,
  values: {
    userId: string;
    name: string;
    username: string;
    password: string;
    capBytes: bigint | null;
  },
): Promise<SubUserRow> {
  const [row] = await tx.insert(subUsers).values(values).returning();
  if (!row) throw new Error('sub-user insert returned no row');
  return row;
}

/** Applies `changes` to the owner's sub-user; undefined when they have none with that id. */
export async function updateSubUserRow(
  db: Db,
  {
    userId,
    id,
    changes,
  }: {
    userId: string;
    id: string;
    changes: Partial<Pick<SubUserRow, 'name' | 'capBytes' | 'enabled' | 'password'>>;
  },
): Promise<SubUserRow | undefined> {
  const [row] = await db
    .update(subUsers)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(subUsers.id, id), eq(subUsers.userId, userId)))
    .returning();
  return row;
}

export async function deleteSubUserRow(
  db: Db,
  { userId, id }: { userId: string; id: string },
): Promise<boolean> {
  const deleted = await db
    .delete(subUsers)
    .where(and(eq(subUsers.id, id), eq(subUsers.userId, userId)))
    .returning({ id: subUsers.id });
  return deleted.length > 0;
}

/** Whether the owner has this sub-user (the traffic history filters by it). */
export async function isSubUserOwnedBy(
  db: Db,
  { userId, id }: { userId: string; id: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: subUsers.id })
    .from(subUsers)
    .where(and(eq(subUsers.id, id), eq(subUsers.userId, userId)));
  return rows.length > 0;
}
