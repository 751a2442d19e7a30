// The reminder job's reads: what is due a reminder now, page by page (keyset on the subject's
// id), and which of the reasons' keys the outbox already holds. Nothing here writes: a reminder
// is a message, written by the messages module under its unique key.
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  ipAddresses,
  isNotNull,
  ledgerEntries,
  lt,
  lte,
  messages,
  orderItems,
  orders,
  proxyInstances,
  regions,
  sql,
  trafficPackages,
  users,
  wallets,
  type Db,
  type Tx,
} from '@stratus/db';

/** An instance as its mail names it: the address, where it is, its owner, its expiry. */
export interface InstanceSubject {
  id: string;
  userId: string;
  orderId: string;
  expiresAt: Date;
  autoRenew: boolean;
  address: string;
  regionId: string;
  lineType: (typeof ipAddresses.$inferSelect)['lineType'];
  countryNameZh: string;
  countryNameEn: string;
  cityNameZh: string;
  cityNameEn: string;
}

const instanceSubject = {
  id: proxyInstances.id,
  userId: proxyInstances.userId,
  orderId: proxyInstances.orderId,
  expiresAt: proxyInstances.expiresAt,
  autoRenew: proxyInstances.autoRenew,
  address: ipAddresses.address,
  regionId: ipAddresses.regionId,
  lineType: ipAddresses.lineType,
  countryNameZh: regions.countryNameZh,
  countryNameEn: regions.countryNameEn,
  cityNameZh: regions.cityNameZh,
  cityNameEn: regions.cityNameEn,
};

function instancesWithAddress(db: Db | Tx) {
  return db
    .select(instanceSubject)
    .from(proxyInstances)
    .innerJoin(ipAddresses, eq(ipAddresses.id, proxyInstances.ipAddressId))
    .innerJoin(regions, eq(regions.id, ipAddresses.regionId));
}

/** Active instances expiring after `now` and by `until`, with the owner's balance; by id after `afterId`. */
export async function listExpiringInstances(
  db: Db,
  { now, until, afterId, limit }: { now: Date; until: Date; afterId: string; limit: number },
): Promise<(InstanceSubject & { balanceFen: bigint })[]> {
  return db
    .select({ ...instanceSubject, balanceFen: sql<string>`coalesce(${wallets.balanceFen}, 0)` })
    .from(proxyInstances)
    .innerJoin(ipAddresses, eq(ipAddresses.id, proxyInstances.ipAddressId))
    .innerJoin(regions, eq(regions.id, ipAddresses.regionId))
    .leftJoin(wallets, eq(wallets.userId, proxyInstances.userId))
    .where(
      and(
        eq(proxyInstances.status, 'active'),
        gt(proxyInstances.expiresAt, now),
        lte(proxyInstances.expiresAt, until),
        gt(proxyInstances.id, afterId),
      ),
    )
    .orderBy(asc(proxyInstances.id))
    .limit(limit)
    .then((rows) => rows.map((row) => ({ ...row, balanceFen: BigInt(row.balanceFen) })));
}

/** The instances `ids` as their mail names them. */
export async function listInstanceSubjects(db: Db | Tx, ids: string[]): Promise<InstanceSubject[]> {
  if (ids.length === 0) return [];
  return instancesWithAddress(db).where(inArray(proxyInstances.id, ids));
}

/** What a renewal order bought for `instanceId`: its days and price. */
export async function findRenewalLine(
  db: Db | Tx,
  { orderId, instanceId }: { orderId: string; instanceId: string },
): Promise<{ durationDays: number; amountFen: bigint; orderNo: string } | undefined> {
  const [row] = await db
    .select({
      durationDays: orderItems.durationDays,
      amountFen: orderItems.amountFen,
      orderNo: orders.orderNo,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.instanceId, instanceId)));
  return row;
}

/** A traffic package as its mail names it. */
export interface PackageSubject {
  id: string;
  userId: string;
  gb: number;
  totalBytes: bigint;
  usedBytes: bigint;
  expiresAt: Date;
}

const packageSubject = {
  id: trafficPackages.id,
  userId: trafficPackages.userId,
  gb: trafficPackages.gb,
  totalBytes: trafficPackages.totalBytes,
  usedBytes: trafficPackages.usedBytes,
  expiresAt: trafficPackages.expiresAt,
};

/**
 * Packages still within their time that have used at least `minPercent` of their bytes (an
 * exhausted one has used all), by id after `afterId`.
 */
export async function listPackagesPastUse(
  db: Db,
  {
    now,
    minPercent,
    afterId,
    limit,
  }: { now: Date; minPercent: number; afterId: string; limit: number },
): Promise<PackageSubject[]> {
  return db
    .select(packageSubject)
    .from(trafficPackages)
    .where(
      and(
        inArray(trafficPackages.status, ['active', 'exhausted']),
        gt(trafficPackages.expiresAt, now),
        sql`${trafficPackages.usedBytes} * 100 >= ${trafficPackages.totalBytes} * ${minPercent}`,
        gt(trafficPackages.id, afterId),
      ),
    )
    .orderBy(asc(trafficPackages.id))
    .limit(limit);
}

/** Active packages with bytes left that end after `now` and by `until`, by id after `afterId`. */
export async function listPackagesEnding(
  db: Db,
  { now, until, afterId, limit }: { now: Date; until: Date; afterId: string; limit: number },
): Promise<PackageSubject[]> {
  return db
    .select(packageSubject)
    .from(trafficPackages)
    .where(
      and(
        eq(trafficPackages.status, 'active'),
        gt(trafficPackages.expiresAt, now),
        lte(trafficPackages.expiresAt, until),
        lt(trafficPackages.usedBytes, trafficPackages.totalBytes),
        gt(trafficPackages.id, afterId),
      ),
    )
    .orderBy(asc(trafficPackages.id))
    .limit(limit);
}

/** A customer whose balance is under their own mark. */
export interface LowBalance {
  userId: string;
  balanceFen: bigint;
  thresholdFen: bigint;
  /**
   * The last ledger entry that left the balance at or above the mark (a top-up, a refund, an
   * adjustment): the crossing below it happened after this one. Null: never above since the
   * account began.
   */
  lastAboveEntryId: string | null;
}

/** Customers with a mark whose balance is under it, by id after `afterId`. */
export async function listLowBalances(
  db: Db,
  { afterId, limit }: { afterId: string; limit: number },
): Promise<LowBalance[]> {
  const lastAbove = db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, users.id),
        gte(ledgerEntries.balanceAfterFen, users.lowBalanceThresholdFen),
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(1);
  const rows = await db
    .select({
      userId: users.id,
      balanceFen: sql<string>`coalesce(${wallets.balanceFen}, 0)`,
      thresholdFen: sql<string>`${users.lowBalanceThresholdFen}`,
      lastAboveEntryId: sql<string | null>`(${lastAbove})`,
    })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(
      and(
        isNotNull(users.lowBalanceThresholdFen),
        sql`coalesce(${wallets.balanceFen}, 0) < ${users.lowBalanceThresholdFen}`,
        gt(users.id, afterId),
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((row) => ({
    userId: row.userId,
    balanceFen: BigInt(row.balanceFen),
    thresholdFen: BigInt(row.thresholdFen),
    lastAboveEntryId: row.lastAboveEntryId,
  }));
}

/** Which of `keys` the outbox holds already. */
export async function findQueuedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: messages.dedupeKey })
    .from(messages)
    .where(inArray(messages.dedupeKey, keys));
  return new Set(rows.map((row) => row.key!));
}
