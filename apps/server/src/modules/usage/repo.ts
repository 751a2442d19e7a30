// Queries behind usage metering: delivered batches, hourly usage rows and the traffic packages
// dynamic usage draws down.
import {
  and,
  asc,
  dynamicProxyAccounts,
  eq,
  ne,
  gte,
  inArray,
  ipAddresses,
  lt,
  proxyInstances,
  sql,
  trafficPackages,
  usageBatches,
  usageHourly,
  type Db,
  type Tx,
} from '@stratus/db';
import { usablePackages } from '../traffic/public.ts';
import type { UsageKind } from '@stratus/contract';

export type TrafficPackageRow = typeof trafficPackages.$inferSelect;
export type UsageHourlyRow = typeof usageHourly.$inferSelect;

/**
 * Records that `tx` applies this batch; false when the node delivered it before. A concurrent
 * transaction inserting the same key makes this insert wait for it: after its commit the conflict
 * answers false, after its rollback the batch is ours. So of several deliveries exactly one wins.
 */
export async function claimUsageBatch(
  tx: Tx,
  values: { nodeId: string; batchId: string; recordCount: number },
): Promise<boolean> {
  const rows = await tx
    .insert(usageBatches)
    .values(values)
    .onConflictDoNothing()
    .returning({ batchId: usageBatches.batchId });
  return rows.length > 0;
}

/** Records the bytes and interval of a batch just claimed (`claimUsageBatch`). */
export async function setUsageBatchClaim(
  tx: Tx,
  {
    nodeId,
    batchId,
    bytes,
    from,
    to,
  }: { nodeId: string; batchId: string; bytes: bigint; from: Date; to: Date },
): Promise<void> {
  await tx
    .update(usageBatches)
    .set({ bytes, intervalFrom: from, intervalTo: to })
    .where(and(eq(usageBatches.nodeId, nodeId), eq(usageBatches.batchId, batchId)));
}

/**
 * The node's other batches whose intervals overlap `from`..`to`, taken together with this one
 * (`bytes`): their bytes and the span from the earliest start to the latest end. The node's
 * advisory lock is taken first, so two of its batches are summed one after the other and the
 * later one counts the earlier.
 */
export async function sumOverlappingBatches(
  tx: Tx,
  {
    nodeId,
    batchId,
    bytes,
    from,
    to,
  }: { nodeId: string; batchId: string; bytes: bigint; from: Date; to: Date },
): Promise<{ bytes: bigint; from: Date; to: Date }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`usage:${nodeId}`}, 0))`);
  const [row] = await tx
    .select({
      bytes: sql<string>`coalesce(sum(${usageBatches.bytes}), 0)::text`,
      fromMs: sql<
        string | null
      >`(extract(epoch from min(${usageBatches.intervalFrom})) * 1000)::text`,
      toMs: sql<string | null>`(extract(epoch from max(${usageBatches.intervalTo})) * 1000)::text`,
    })
    .from(usageBatches)
    .where(
      and(
        eq(usageBatches.nodeId, nodeId),
        ne(usageBatches.batchId, batchId),
        sql`${usageBatches.intervalFrom} < ${to.toISOString()}::timestamptz`,
        sql`${usageBatches.intervalTo} > ${from.toISOString()}::timestamptz`,
      ),
    );
  const earliest = row?.fromMs ? new Date(Number(row.fromMs)) : from;
  const latest = row?.toMs ? new Date(Number(row.toMs)) : to;
  return {
    bytes: bytes + BigInt(row?.bytes ?? '0'),
    from: earliest < from ? earliest : from,
    to: latest > to ? latest : to,
  };
}

export interface InstancePlacement {
  userId: string;
  /** The node serving the instance's IP. */
  nodeId: string;
}

/** Owner and node of each instance id that exists. */
export async function findInstancePlacements(
  db: Db,
  instanceIds: string[],
): Promise<Map<string, InstancePlacement>> {
  if (instanceIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: proxyInstances.id,
      userId: proxyInstances.userId,
      nodeId: ipAddresses.nodeId,
    })
    .from(proxyInstances)
    .innerJoin(ipAddresses, eq(ipAddresses.id, proxyInstances.ipAddressId))
    .where(inArray(proxyInstances.id, instanceIds));
  return new Map(rows.map(({ id, ...placement }) => [id, placement]));
}

/** Those of `userIds` that have a dynamic-proxy account (only those can use dynamic proxies). */
export async function findDynamicAccountHolders(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: dynamicProxyAccounts.userId })
    .from(dynamicProxyAccounts)
    .where(inArray(dynamicProxyAccounts.userId, userIds));
  return new Set(rows.map((row) => row.userId));
}

/**
 * Locks the active, unexpired packages of `userIds` FOR UPDATE, by user, then soonest expiry.
 * Rows are locked in that one global order, so two batches touching the same users queue
 * instead of deadlocking.
 */
export async function lockUsablePackages(
  tx: Tx,
  { userIds, now }: { userIds: string[]; now: Date },
): Promise<TrafficPackageRow[]> {
  if (userIds.length === 0) return [];
  return tx
    .select()
    .from(trafficPackages)
    .where(and(inArray(trafficPackages.userId, userIds), usablePackages(now)))
    .orderBy(asc(trafficPackages.userId), asc(trafficPackages.expiresAt), asc(trafficPackages.id))
    .for('update');
}

/** Sets a package's used bytes; a package with nothing left becomes `exhausted`. */
export async function setPackageUsedBytes(
  tx: Tx,
  { id, usedBytes, exhausted }: { id: string; usedBytes: bigint; exhausted: boolean },
): Promise<void> {
  await tx
    .update(trafficPackages)
    .set({ usedBytes, ...(exhausted ? { status: 'exhausted' as const } : {}) })
    .where(eq(trafficPackages.id, id));
}

/** The most an hour row's bytes up or down may reach: beyond it JSON numbers are no longer exact. */
const MAX_HOURLY_BYTES = sql.raw(String(Number.MAX_SAFE_INTEGER));

/**
 * Adds the rows' bytes to their hour rows. Callers pass rows sorted by their key, so concurrent
 * batches take the row locks in the same order, and rows each at most Number.MAX_SAFE_INTEGER.
 * A row whose sum would pass that is left as it was (the sum is compared in numeric, so bigint
 * cannot overflow first); false then, and the caller rolls back.
 */
export async function addHourlyUsage(tx: Tx, rows: UsageHourlyRow[]): Promise<boolean> {
  if (rows.length === 0) return true;
  const written = await tx
    .insert(usageHourly)
    .values(rows)
    .onConflictDoUpdate({
      target: [usageHourly.hour, usageHourly.kind, usageHourly.subjectId],
      set: {
        bytesUp: sql`${usageHourly.bytesUp} + excluded.bytes_up`,
        bytesDown: sql`${usageHourly.bytesDown} + excluded.bytes_down`,
        overageBytes: sql`${usageHourly.overageBytes} + excluded.overage_bytes`,
      },
      setWhere: sql`${usageHourly.bytesUp}::numeric + excluded.bytes_up <= ${MAX_HOURLY_BYTES}
        and ${usageHourly.bytesDown}::numeric + excluded.bytes_down <= ${MAX_HOURLY_BYTES}`,
    })
    .returning({ hour: usageHourly.hour });
  return written.length === rows.length;
}

export interface UsageFilter {
  userId: string;
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  kind?: UsageKind;
  subjectId?: string;
}

export interface HourTotal {
  hour: Date;
  bytesUp: bigint;
  bytesDown: bigint;
}

const toBigInt = (value: unknown): bigint => BigInt(value as string | number | bigint);

/** The caller's usage summed per hour (over subjects), oldest first. */
export async function sumUsageByHour(db: Db, filter: UsageFilter): Promise<HourTotal[]> {
  return db
    .select({
      hour: usageHourly.hour,
      bytesUp: sql<bigint>`sum(${usageHourly.bytesUp})::text`.mapWith(toBigInt),
      bytesDown: sql<bigint>`sum(${usageHourly.bytesDown})::text`.mapWith(toBigInt),
    })
    .from(usageHourly)
    .where(
      and(
        eq(usageHourly.userId, filter.userId),
        gte(usageHourly.hour, filter.from),
        lt(usageHourly.hour, filter.to),
        filter.kind ? eq(usageHourly.kind, filter.kind) : undefined,
        filter.subjectId ? eq(usageHourly.subjectId, filter.subjectId) : undefined,
      ),
    )
    .groupBy(usageHourly.hour)
    .orderBy(asc(usageHourly.hour));
}

export async function isInstanceOwnedBy(
  db: Db,
  { instanceId, userId }: { instanceId: string; userId: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: proxyInstances.id })
    .from(proxyInstances)
    .where(and(eq(proxyInstances.id, instanceId), eq(proxyInstances.userId, userId)));
  return rows.length > 0;
}
