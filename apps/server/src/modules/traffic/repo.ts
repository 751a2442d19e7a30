import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  lte,
  orders,
  sql,
  trafficPackages,
  trafficPlans,
  type Db,
  type Tx,
  type SQL,
} from '@stratus/db';

export type TrafficPlanRow = typeof trafficPlans.$inferSelect;
export type TrafficPackageRow = typeof trafficPackages.$inferSelect;
export type TrafficPackageStatusKind = TrafficPackageRow['status'];

/**
 * Plans on sale (a hidden one is left out at once: nothing is cached) in the operators' sort
 * order, then smallest first.
 */
export async function listActiveTrafficPlans(db: Db): Promise<TrafficPlanRow[]> {
  return db
    .select()
    .from(trafficPlans)
    .where(eq(trafficPlans.active, true))
    .orderBy(asc(trafficPlans.sortOrder), asc(trafficPlans.gb), asc(trafficPlans.validityDays));
}

/**
 * The plan, read `FOR KEY SHARE`: inside a purchase it stays until commit, so an operator
 * deleting the plan waits for the purchase and then counts its package.
 */
export async function findTrafficPlan(db: Db, planId: string): Promise<TrafficPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(trafficPlans)
    .where(eq(trafficPlans.id, planId))
    .for('key share');
  return row;
}

export async function trafficPlansExist(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: trafficPlans.id }).from(trafficPlans).limit(1);
  return row !== undefined;
}

export async function insertTrafficPackage(
  tx: Tx,
  traffic: Pick<
    TrafficPackageRow,
    'userId' | 'orderId' | 'planId' | 'gb' | 'totalBytes' | 'expiresAt'
  >,
): Promise<TrafficPackageRow> {
  const [row] = await tx.insert(trafficPackages).values(traffic).returning();
  if (!row) throw new Error('traffic package insert returned no row');
  return row;
}

/** A package with its order's number and its status as seen at the time of reading. */
export interface TrafficPackageView extends TrafficPackageRow {
  orderNo: string;
  effectiveStatus: TrafficPackageStatusKind;
}

function selectPackageViews(db: Db, now: Date) {
  return db
    .select({
      row: trafficPackages,
      orderNo: orders.orderNo,
      effectiveStatus: effectiveStatusSql(now),
    })
    .from(trafficPackages)
    .innerJoin(orders, eq(orders.id, trafficPackages.orderId));
}

function toView({
  row,
  orderNo,
  effectiveStatus,
}: {
  row: TrafficPackageRow;
  orderNo: string;
  effectiveStatus: TrafficPackageStatusKind;
}): TrafficPackageView {
  return { ...row, orderNo, effectiveStatus };
}

/** The package a traffic order bought (one per order), if it is this user's. */
export async function findTrafficPackageOfOrder(
  db: Db,
  { userId, orderId, now }: { userId: string; orderId: string; now: Date },
): Promise<TrafficPackageView | undefined> {
  const [row] = await selectPackageViews(db, now).where(
    and(eq(trafficPackages.orderId, orderId), eq(trafficPackages.userId, userId)),
  );
  return row && toView(row);
}

/**
 * The status a reader sees at `now`: an active package past its expiry is already `expired`,
 * whether or not the expiry job has flipped it yet.
 */
export function effectiveStatusSql(now: Date): SQL<TrafficPackageStatusKind> {
  return sql<TrafficPackageStatusKind>`case when ${trafficPackages.status} = 'active' and ${trafficPackages.expiresAt} <= ${timestamp(now)} then 'expired' else ${trafficPackages.status} end`;
}

/** A time as a query parameter both drivers read the same way. */
function timestamp(at: Date): SQL {
  return sql`${at.toISOString()}::timestamptz`;
}

function isActiveAt(now: Date): SQL {
  return sql`(${trafficPackages.status} = 'active' and ${trafficPackages.expiresAt} > ${timestamp(now)})`;
}

export interface TrafficPackageFilter {
  userId: string;
  status?: TrafficPackageStatusKind;
  now: Date;
}

function packageConditions({ userId, status, now }: TrafficPackageFilter): SQL | undefined {
  return and(
    eq(trafficPackages.userId, userId),
    status ? sql`${effectiveStatusSql(now)} = ${status}` : undefined,
  );
}

/** Matching packages: active ones by soonest expiry, then the rest newest first. */
export async function listTrafficPackages(
  db: Db,
  filter: TrafficPackageFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<TrafficPackageView[]> {
  const active = isActiveAt(filter.now);
  const rows = await selectPackageViews(db, filter.now)
    .where(packageConditions(filter))
    .orderBy(
      sql`case when ${active} then 0 else 1 end`,
      sql`case when ${active} then ${trafficPackages.expiresAt} end asc`,
      desc(trafficPackages.createdAt),
      desc(trafficPackages.id),
    )
    .limit(limit)
    .offset(offset);
  return rows.map(toView);
}

export async function countTrafficPackages(db: Db, filter: TrafficPackageFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(trafficPackages)
    .where(packageConditions(filter));
  return Number(row?.total ?? 0);
}

/** Count and bytes of a user's packages active at `now`. */
export async function summariseActiveTrafficPackages(
  db: Db,
  { userId, now }: { userId: string; now: Date },
): Promise<{ activePackages: number; totalBytes: bigint; remainingBytes: bigint }> {
  // Sums go out as text: bigint sums are numeric, which drivers hand back in different shapes.
  const [row] = await db
    .select({
      activePackages: sql<number>`count(*)::int`,
      totalBytes: sql<string>`coalesce(sum(${trafficPackages.totalBytes}), 0)::text`,
      remainingBytes: sql<string>`coalesce(sum(${trafficPackages.totalBytes} - ${trafficPackages.usedBytes}), 0)::text`,
    })
    .from(trafficPackages)
    .where(and(eq(trafficPackages.userId, userId), isActiveAt(now)));
  return {
    activePackages: Number(row?.activePackages ?? 0),
    totalBytes: BigInt(row?.totalBytes ?? 0),
    remainingBytes: BigInt(row?.remainingBytes ?? 0),
  };
}

/**
 * Expires up to `limit` active packages whose expiry is at or before `now`, claimed with
 * `FOR UPDATE SKIP LOCKED` so servers running the job at once take disjoint rows (and a usage
 * draw-down holding a package is skipped, not waited for). Returns the expired packages' ids.
 */
export async function expireDueTrafficPackages(
  tx: Tx,
  { now, limit }: { now: Date; limit: number },
): Promise<string[]> {
  const due = await tx
    .select({ id: trafficPackages.id })
    .from(trafficPackages)
    .where(and(eq(trafficPackages.status, 'active'), lte(trafficPackages.expiresAt, now)))
    .orderBy(asc(trafficPackages.expiresAt), asc(trafficPackages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  const ids = due.map((row) => row.id);
  await tx
    .update(trafficPackages)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(inArray(trafficPackages.id, ids), eq(trafficPackages.status, 'active')));
  return ids;
}

/**
 * Ends the packages a refunded order bought: each still active becomes `expired` now (its
 * remaining bytes can no longer be drawn). Exhausted and expired packages are left as they are.
 */
export async function endTrafficPackagesOfOrder(
  tx: Tx,
  { orderId, now }: { orderId: string; now: Date },
): Promise<void> {
  await tx
    .update(trafficPackages)
    .set({
      status: 'expired',
      expiresAt: sql`least(${trafficPackages.expiresAt}, ${timestamp(now)})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(trafficPackages.orderId, orderId), eq(trafficPackages.status, 'active')));
}

/** A package traffic may draw from: active and not yet expired. */
export function usablePackages(now: Date): SQL | undefined {
  return and(eq(trafficPackages.status, 'active'), gt(trafficPackages.expiresAt, now));
}

const toBigInt = (value: unknown): bigint => BigInt(value as string | number | bigint);

export interface PackageSummary {
  activePackages: number;
  totalBytes: bigint;
  remainingBytes: bigint;
}

/** Count, total and remaining bytes of the user's active, unexpired packages. */
export async function summariseUsablePackages(
  db: Db,
  { userId, now }: { userId: string; now: Date },
): Promise<PackageSummary> {
  const [row] = await db
    .select({
      activePackages: sql<number>`count(*)::int`.mapWith(Number),
      totalBytes: sql<bigint>`coalesce(sum(${trafficPackages.totalBytes}), 0)::text`.mapWith(
        toBigInt,
      ),
      remainingBytes:
        sql<bigint>`coalesce(sum(${trafficPackages.totalBytes} - ${trafficPackages.usedBytes}), 0)::text`.mapWith(
          toBigInt,
        ),
    })
    .from(trafficPackages)
    .where(and(eq(trafficPackages.userId, userId), usablePackages(now)));
  return row ?? { activePackages: 0, totalBytes: 0n, remainingBytes: 0n };
}
