// Queries behind the traffic history's package filter (the draw-down writes these rows).
import {
  and,
  asc,
  eq,
  gte,
  lt,
  sql,
  trafficPackages,
  trafficPackageUsageHourly,
  type Db,
} from '@stratus/db';
import type { HourTotal } from './repo.ts';

export async function isPackageOwnedBy(
  db: Db,
  { packageId, userId }: { packageId: string; userId: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: trafficPackages.id })
    .from(trafficPackages)
    .where(and(eq(trafficPackages.id, packageId), eq(trafficPackages.userId, userId)));
  return rows.length > 0;
}

/**
 * Bytes drawn from one of the caller's packages per hour, oldest first. A package meters total
 * bytes, not a direction: they are answered as `bytesDown`, with `bytesUp` 0.
 */
export async function sumPackageUsageByHour(
  db: Db,
  filter: { userId: string; packageId: string; from: Date; to: Date },
): Promise<HourTotal[]> {
  const rows = await db
    .select({
      hour: trafficPackageUsageHourly.hour,
      bytes: sql<string>`${trafficPackageUsageHourly.bytes}::text`,
    })
    .from(trafficPackageUsageHourly)
    .where(
      and(
        eq(trafficPackageUsageHourly.userId, filter.userId),
        eq(trafficPackageUsageHourly.packageId, filter.packageId),
        gte(trafficPackageUsageHourly.hour, filter.from),
        lt(trafficPackageUsageHourly.hour, filter.to),
      ),
    )
    .orderBy(asc(trafficPackageUsageHourly.hour));
  return rows.map((row) => ({ hour: row.hour, bytesUp: 0n, bytesDown: BigInt(row.bytes) }));
}
