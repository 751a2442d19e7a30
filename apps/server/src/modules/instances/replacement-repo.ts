// Queries of IP replacement and of the per-instance figures the IP list shows beside it.
import {
  and,
  eq,
  gte,
  inArray,
  instanceReplacements,
  ipAddresses,
  proxyInstances,
  sql,
  staticIpPlans,
  usageHourly,
  type Db,
  type Tx,
} from '@stratus/db';
import { vmessUnservedOn } from '../nodes/public.ts';

/**
 * Locks the caller's instance row for the rest of `tx`, alone: the row it joins (its address)
 * changes in a replacement, so the details are read afresh after the lock, never with it.
 */
export async function lockOwnInstance(
  tx: Tx,
  { userId, instanceId }: { userId: string; instanceId: string },
): Promise<boolean> {
  const rows = await tx
    .select({ id: proxyInstances.id })
    .from(proxyInstances)
    .where(and(eq(proxyInstances.id, instanceId), eq(proxyInstances.userId, userId)))
    .for('update');
  return rows.length > 0;
}

export interface ReplacementQuota {
  /** The plan's replacements per month; 0 when the plan is gone. */
  perMonth: number;
  /** Replacements counted against it since the start of the month. */
  used: number;
  planId: string | null;
}

/**
 * The monthly quota of each instance's plan (its address's region and line type) and the
 * non-free replacements each made since `monthStart`, in one query.
 */
export async function listReplacementQuotas(
  db: Db,
  { instanceIds, monthStart }: { instanceIds: string[]; monthStart: Date },
): Promise<Map<string, ReplacementQuota>> {
  if (instanceIds.length === 0) return new Map();
  const rows = await db
    .select({
      instanceId: proxyInstances.id,
      planId: staticIpPlans.id,
      perMonth: staticIpPlans.replacementsPerMonth,
      used: sql<number>`(select count(*)::int from ${instanceReplacements}
        where ${instanceReplacements.instanceId} = ${proxyInstances.id}
          and not ${instanceReplacements.free}
          and ${instanceReplacements.createdAt} >= ${monthStart.toISOString()}::timestamptz)`,
    })
    .from(proxyInstances)
    .innerJoin(ipAddresses, eq(ipAddresses.id, proxyInstances.ipAddressId))
    .leftJoin(
      staticIpPlans,
      and(
        eq(staticIpPlans.regionId, ipAddresses.regionId),
        eq(staticIpPlans.lineType, ipAddresses.lineType),
      ),
    )
    .where(inArray(proxyInstances.id, instanceIds));
  return new Map(
    rows.map((row) => [
      row.instanceId,
      { perMonth: row.perMonth ?? 0, used: Number(row.used), planId: row.planId },
    ]),
  );
}

/** Bytes up + down per instance since `since`, in one grouped query. */
export async function sumInstanceUsageSince(
  db: Db,
  { instanceIds, since }: { instanceIds: string[]; since: Date },
): Promise<Map<string, bigint>> {
  if (instanceIds.length === 0) return new Map();
  const rows = await db
    .select({
      instanceId: usageHourly.subjectId,
      bytes: sql<string>`sum(${usageHourly.bytesUp} + ${usageHourly.bytesDown})::text`,
    })
    .from(usageHourly)
    .where(
      and(
        eq(usageHourly.kind, 'static'),
        inArray(usageHourly.subjectId, instanceIds),
        gte(usageHourly.hour, since),
      ),
    )
    .groupBy(usageHourly.subjectId);
  return new Map(rows.map((row) => [row.instanceId, BigInt(row.bytes)]));
}

/** Of these instances, those whose address sits on a node that cannot serve vmess now. */
export async function listVmessUnservedInstances(
  db: Db,
  instanceIds: string[],
): Promise<Set<string>> {
  if (instanceIds.length === 0) return new Set();
  const rows = await db
    .select({ id: proxyInstances.id })
    .from(proxyInstances)
    .innerJoin(ipAddresses, eq(ipAddresses.id, proxyInstances.ipAddressId))
    .where(and(inArray(proxyInstances.id, instanceIds), vmessUnservedOn(ipAddresses.nodeId)));
  return new Set(rows.map((row) => row.id));
}

/** Points the instance at its new address. */
export async function moveInstanceToAddress(
  tx: Tx,
  { instanceId, ipAddressId }: { instanceId: string; ipAddressId: string },
): Promise<void> {
  await tx
    .update(proxyInstances)
    .set({ ipAddressId, updatedAt: sql`now()` })
    .where(eq(proxyInstances.id, instanceId));
}

export async function insertReplacement(
  tx: Tx,
  row: typeof instanceReplacements.$inferInsert,
): Promise<void> {
  await tx.insert(instanceReplacements).values(row);
}
