// The dashboard's aggregates: each query counts or sums in SQL and answers a few rows (per
// region, per business day), never the rows themselves.
import {
  and,
  asc,
  eq,
  gatewayNodes,
  gt,
  gte,
  ipAddresses,
  lt,
  ne,
  not,
  orderRefunds,
  orders,
  payments,
  proxyInstances,
  regions,
  sql,
  usageHourly,
  users,
  type Db,
  type IpAddressStatus,
  type SQL,
} from '@stratus/db';
import { businessDaySql } from '../../business-time.ts';

type FenColumn = typeof payments.amountFen | typeof orders.totalFen | typeof orderRefunds.amountFen;

const toBigInt = (value: unknown): bigint => BigInt((value as string | number | null) ?? 0);
const countAll = () => sql<number>`count(*)::int`.mapWith(Number);
const countWhere = (condition: SQL | undefined) =>
  sql<number>`(count(*) filter (where ${condition}))::int`.mapWith(Number);
const sumOf = (column: FenColumn) =>
  sql<bigint>`coalesce(sum(${column}), 0)::text`.mapWith(toBigInt);

/** An instance that serves: `active` and not past its expiry. */
function isLive(now: Date) {
  return and(eq(proxyInstances.status, 'active'), gt(proxyInstances.expiresAt, now));
}

interface Range {
  from: Date;
  before: Date;
}

export interface CustomerCounts {
  newToday: number;
  newThisMonth: number;
  withLiveIps: number;
}

/** Customers created today and this month (up to tomorrow), and those owning a live static IP. */
export async function countCustomers(
  db: Db,
  { today, thisMonth, now }: { today: Range; thisMonth: Range; now: Date },
): Promise<CustomerCounts> {
  const within = ({ from, before }: Range) =>
    countWhere(and(gte(users.createdAt, from), lt(users.createdAt, before)));
  const [row] = await db
    .select({
      newToday: within(today),
      newThisMonth: within(thisMonth),
      withLiveIps: sql<number>`(select count(distinct ${proxyInstances.userId})::int
        from ${proxyInstances} where ${isLive(now)})`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.role, 'customer'));
  return row ?? { newToday: 0, newThisMonth: 0, withLiveIps: 0 };
}

export interface RegionIpCounts {
  regionId: string;
  country: string;
  countryNameZh: string;
  countryNameEn: string;
  cityNameZh: string;
  cityNameEn: string;
  sold: number;
  available: number;
  cooling: number;
  quarantined: number;
  total: number;
}

/**
 * Every region's addresses by state, in the catalog's order. `sold` joins the live instance on an
 * address: the partial unique index on active instances allows at most one, so nothing doubles.
 */
export async function countIpsByRegion(db: Db, { now }: { now: Date }): Promise<RegionIpCounts[]> {
  const inState = (status: IpAddressStatus) => countWhere(eq(ipAddresses.status, status));
  return db
    .select({
      regionId: regions.id,
      country: regions.country,
      countryNameZh: regions.countryNameZh,
      countryNameEn: regions.countryNameEn,
      cityNameZh: regions.cityNameZh,
      cityNameEn: regions.cityNameEn,
      sold: sql<number>`count(${proxyInstances.id})::int`.mapWith(Number),
      available: inState('available'),
      cooling: inState('cooling'),
      quarantined: inState('quarantined'),
      total: countWhere(ne(ipAddresses.status, 'retired')),
    })
    .from(regions)
    .leftJoin(ipAddresses, eq(ipAddresses.regionId, regions.id))
    .leftJoin(proxyInstances, and(eq(proxyInstances.ipAddressId, ipAddresses.id), isLive(now)))
    .groupBy(regions.id)
    .orderBy(asc(regions.sortOrder), asc(regions.country), asc(regions.cityCode));
}

export interface DailyTraffic {
  day: string;
  kind: 'static' | 'dynamic';
  bytes: bigint;
}

/** Bytes up + down per business day and kind, over usage hours starting within `range`. */
export async function sumTrafficByDay(db: Db, { from, before }: Range): Promise<DailyTraffic[]> {
  const day = businessDaySql(usageHourly.hour);
  return db
    .select({
      day,
      kind: usageHourly.kind,
      bytes:
        sql<bigint>`coalesce(sum(${usageHourly.bytesUp} + ${usageHourly.bytesDown}), 0)::text`.mapWith(
          toBigInt,
        ),
    })
    .from(usageHourly)
    .where(and(gte(usageHourly.hour, from), lt(usageHourly.hour, before)))
    .groupBy(day, usageHourly.kind);
}

export interface NodeCounts {
  online: number;
  offline: number;
  disabled: number;
}

/** Active nodes seen at or after `seenSince` (online) or not (offline), and disabled nodes. */
export async function countNodes(db: Db, { seenSince }: { seenSince: Date }): Promise<NodeCounts> {
  const active = eq(gatewayNodes.status, 'active');
  // Never seen (null) is not seen: `coalesce` keeps `not` from turning null into null.
  const seen = sql`coalesce(${gte(gatewayNodes.lastSeenAt, seenSince)}, false)`;
  const [row] = await db
    .select({
      online: countWhere(and(active, seen)),
      offline: countWhere(and(active, not(seen))),
      disabled: countWhere(eq(gatewayNodes.status, 'disabled')),
    })
    .from(gatewayNodes);
  return row ?? { online: 0, offline: 0, disabled: 0 };
}

/** Payments still pending and the fen they wait for. */
export async function sumPendingPayments(db: Db): Promise<{ count: number; sumFen: bigint }> {
  const [row] = await db
    .select({ count: countAll(), sumFen: sumOf(payments.amountFen) })
    .from(payments)
    .where(eq(payments.status, 'pending'));
  return row ?? { count: 0, sumFen: 0n };
}

export interface DailySum {
  day: string;
  count: number;
  sumFen: bigint;
}

/** Paid payments per business day of `paid_at`. */
export async function sumPaidPaymentsByDay(db: Db, { from, before }: Range): Promise<DailySum[]> {
  const day = businessDaySql(payments.paidAt);
  return db
    .select({ day, count: countAll(), sumFen: sumOf(payments.amountFen) })
    .from(payments)
    .where(
      and(eq(payments.status, 'paid'), gte(payments.paidAt, from), lt(payments.paidAt, before)),
    )
    .groupBy(day);
}

/** Orders (any type, any status: a refund is counted when it is made) per business day placed. */
export async function sumOrdersByDay(db: Db, { from, before }: Range): Promise<DailySum[]> {
  const day = businessDaySql(orders.createdAt);
  return db
    .select({ day, count: countAll(), sumFen: sumOf(orders.totalFen) })
    .from(orders)
    .where(and(gte(orders.createdAt, from), lt(orders.createdAt, before)))
    .groupBy(day);
}

/** Refunds per business day made. */
export async function sumRefundsByDay(db: Db, { from, before }: Range): Promise<DailySum[]> {
  const day = businessDaySql(orderRefunds.createdAt);
  return db
    .select({ day, count: countAll(), sumFen: sumOf(orderRefunds.amountFen) })
    .from(orderRefunds)
    .where(and(gte(orderRefunds.createdAt, from), lt(orderRefunds.createdAt, before)))
    .groupBy(day);
}
