// Queries behind the IP allowlist: the caller's entries, the count under the account lock, and
// which entry of the caller's own list a new block overlaps.
import { and, asc, eq, ipAllowlistEntries, sql, users, type Db, type Tx } from '@stratus/db';

export type AllowlistEntryRow = typeof ipAllowlistEntries.$inferSelect;

export async function listAllowlistEntries(db: Db, userId: string): Promise<AllowlistEntryRow[]> {
  return db
    .select()
    .from(ipAllowlistEntries)
    .where(eq(ipAllowlistEntries.userId, userId))
    .orderBy(asc(ipAllowlistEntries.createdAt), asc(ipAllowlistEntries.id));
}

/**
 * Locks the user's row until `tx` ends, then counts their entries: two concurrent adds take
 * turns, so the second sees the first's entry and the limit holds.
 */
export async function countAllowlistEntriesLocked(tx: Tx, userId: string): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(ipAllowlistEntries)
    .where(eq(ipAllowlistEntries.userId, userId));
  return row?.count ?? 0;
}

export async function insertAllowlistEntry(
  tx: Tx,
  values: { userId: string; cidr: string; note: string },
): Promise<AllowlistEntryRow> {
  const [row] = await tx.insert(ipAllowlistEntries).values(values).returning();
  if (!row) throw new Error('allowlist insert returned no row');
  return row;
}

/** The caller's own entry that `cidr` overlaps, if any. */
export async function findOwnOverlap(
  db: Db,
  { userId, cidr }: { userId: string; cidr: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ cidr: ipAllowlistEntries.cidr })
    .from(ipAllowlistEntries)
    .where(
      and(
        eq(ipAllowlistEntries.userId, userId),
        sql`(${ipAllowlistEntries.cidr})::inet && (${cidr})::inet`,
      ),
    )
    .limit(1);
  return row?.cidr;
}

/** Deletes the caller's entry; false when they have none with that id. */
/** Deletes the user's entry `id`; answers its block, or undefined when there was none. */
export async function deleteAllowlistEntry(
  db: Db,
  { userId, id }: { userId: string; id: string },
): Promise<string | undefined> {
  const [deleted] = await db
    .delete(ipAllowlistEntries)
    .where(and(eq(ipAllowlistEntries.id, id), eq(ipAllowlistEntries.userId, userId)))
    .returning({ cidr: ipAllowlistEntries.cidr });
  return deleted?.cidr;
}
