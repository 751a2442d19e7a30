// Queries behind the customer-access side of metering: sub-users' bytes, the bytes drawn from
// each package per hour, and when allowlist entries last admitted a connection.
import {
  dynamicProxyAccounts,
  eq,
  inArray,
  ipAllowlistEntries,
  sql,
  subUsers,
  trafficPackageUsageHourly,
  type Db,
  type Tx,
} from '@stratus/db';

/** Owner of each of `subUserIds` that exists and whose owner holds a dynamic account. */
export async function findSubUserOwners(
  db: Db,
  subUserIds: string[],
): Promise<Map<string, string>> {
  if (subUserIds.length === 0) return new Map();
  const rows = await db
    .select({ id: subUsers.id, userId: subUsers.userId })
    .from(subUsers)
    .innerJoin(dynamicProxyAccounts, eq(dynamicProxyAccounts.userId, subUsers.userId))
    .where(inArray(subUsers.id, subUserIds));
  return new Map(rows.map((row) => [row.id, row.userId]));
}

/**
 * Adds bytes to sub-users' used counts, in id order (one lock order for concurrent batches).
 * The cap is not enforced here: the gateway refuses at the cap, and what moved before it
 * learned of it was still used.
 */
export async function addSubUserUsedBytes(tx: Tx, used: Map<string, bigint>): Promise<void> {
  for (const [id, bytes] of [...used.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await tx
      .update(subUsers)
      .set({ usedBytes: sql`${subUsers.usedBytes} + ${bytes}` })
      .where(eq(subUsers.id, id));
  }
}

export interface PackageHourUsage {
  hour: Date;
  packageId: string;
  userId: string;
  bytes: bigint;
}

/** Adds bytes drawn from packages to their hour rows; callers sort by package then hour. */
export async function addPackageUsageHourly(tx: Tx, rows: PackageHourUsage[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(trafficPackageUsageHourly)
    .values(rows)
    .onConflictDoUpdate({
      target: [trafficPackageUsageHourly.packageId, trafficPackageUsageHourly.hour],
      set: { bytes: sql`${trafficPackageUsageHourly.bytes} + excluded.bytes` },
    });
}

/**
 * Moves each entry's last use to the reported time unless a later one is stored; entries that
 * no longer exist are skipped (a use reported after the customer removed the entry).
 */
export async function markAllowlistEntriesUsed(
  tx: Tx,
  uses: { entryId: string; at: Date }[],
): Promise<void> {
  const latest = new Map<string, Date>();
  for (const { entryId, at } of uses) {
    const known = latest.get(entryId);
    if (!known || at > known) latest.set(entryId, at);
  }
  for (const [entryId, date] of [...latest.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const at = sql`${date.toISOString()}::timestamptz`;
    await tx
      .update(ipAllowlistEntries)
      .set({
        lastUsedAt: sql`greatest(coalesce(${ipAllowlistEntries.lastUsedAt}, ${at}), ${at})`,
      })
      .where(eq(ipAllowlistEntries.id, entryId));
  }
}
