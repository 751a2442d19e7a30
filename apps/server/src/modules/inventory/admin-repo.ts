// Queries of the operator console's inventory: the pool with its nodes, regions and live
// instances, one address's history and instances, and the locked status changes.
import {
  and,
  asc,
  desc,
  eq,
  gatewayNodes,
  inArray,
  ipAddressEvents,
  ipAddresses,
  proxyInstances,
  regions,
  sql,
  users,
  type Db,
  type IpAddressStatus,
  type LineTypeKind,
  type SQL,
  type Tx,
} from '@stratus/db';
import type { IpTransition } from './ip-status.ts';
import { fromStatesOf, toStatusOf } from './ip-transition-sql.ts';
import { announceChange, catalogChanged } from '../../change-notifications.ts';

export interface IpFilter {
  nodeName?: string;
  /** Country and city code of the region; `null` for a region text that names none. */
  region?: { country: string; city: string } | null;
  lineType?: LineTypeKind;
  status?: IpAddressStatus;
  /** Addresses inside this block (PostgreSQL `inet` containment). */
  block?: string;
  /** This address exactly. */
  address?: string;
  /** Part of the address, `%`/`_` literal. */
  addressPattern?: string;
  /** Only quarantined addresses a live instance still uses. */
  flagged?: boolean;
  ids?: string[];
}

const liveInstanceJoin = and(
  eq(proxyInstances.ipAddressId, ipAddresses.id),
  eq(proxyInstances.status, 'active'),
);

function ipConditions(filter: IpFilter): SQL | undefined {
  return and(
    filter.nodeName !== undefined ? eq(gatewayNodes.name, filter.nodeName) : undefined,
    filter.region === null ? sql`false` : undefined,
    filter.region
      ? and(eq(regions.country, filter.region.country), eq(regions.cityCode, filter.region.city))
      : undefined,
    filter.lineType ? eq(ipAddresses.lineType, filter.lineType) : undefined,
    filter.status ? eq(ipAddresses.status, filter.status) : undefined,
    // Every stored address was checked at import, so the cast cannot fail.
    filter.block ? sql`${ipAddresses.address}::inet <<= ${filter.block}::inet` : undefined,
    filter.address ? eq(ipAddresses.address, filter.address) : undefined,
    filter.addressPattern ? sql`${ipAddresses.address} ilike ${filter.addressPattern}` : undefined,
    filter.flagged
      ? and(eq(ipAddresses.status, 'quarantined'), sql`${proxyInstances.id} is not null`)
      : undefined,
    filter.ids ? inArray(ipAddresses.id, filter.ids) : undefined,
  );
}

function selectIps(db: Db) {
  return (
    db
      .select({
        ip: ipAddresses,
        nodeName: gatewayNodes.name,
        region: regions,
        liveInstanceId: proxyInstances.id,
        liveCustomerId: proxyInstances.userId,
        liveCustomerEmail: users.email,
        liveExpiresAt: proxyInstances.expiresAt,
      })
      .from(ipAddresses)
      .innerJoin(gatewayNodes, eq(gatewayNodes.id, ipAddresses.nodeId))
      .innerJoin(regions, eq(regions.id, ipAddresses.regionId))
      // At most one live instance per address (a partial unique index holds it).
      .leftJoin(proxyInstances, liveInstanceJoin)
      .leftJoin(users, eq(users.id, proxyInstances.userId))
  );
}

export type IpRow = Awaited<ReturnType<typeof listIpRows>>[number];

/** Matching addresses in address order (as addresses, not as text: 10.0.0.2 before 10.0.0.10). */
export async function listIpRows(
  db: Db,
  filter: IpFilter,
  { limit, offset }: { limit: number; offset: number },
) {
  if (filter.ids?.length === 0) return [];
  return selectIps(db)
    .where(ipConditions(filter))
    .orderBy(sql`${ipAddresses.address}::inet`, asc(ipAddresses.id))
    .limit(limit)
    .offset(offset);
}

export async function countIpRows(db: Db, filter: IpFilter): Promise<number> {
  if (filter.ids?.length === 0) return 0;
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(ipAddresses)
    .innerJoin(gatewayNodes, eq(gatewayNodes.id, ipAddresses.nodeId))
    .innerJoin(regions, eq(regions.id, ipAddresses.regionId))
    .leftJoin(proxyInstances, liveInstanceJoin)
    .where(ipConditions(filter));
  return Number(row?.total ?? 0);
}

/** Addresses per status over the whole pool, and the quarantined ones still in use. */
export async function countIpsByStatus(
  db: Db,
): Promise<{ counts: { status: IpAddressStatus; addresses: number }[]; flagged: number }> {
  const [counts, [flagged]] = await Promise.all([
    db
      .select({ status: ipAddresses.status, addresses: sql<number>`count(*)::int` })
      .from(ipAddresses)
      .groupBy(ipAddresses.status),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(ipAddresses)
      .innerJoin(proxyInstances, liveInstanceJoin)
      .where(eq(ipAddresses.status, 'quarantined')),
  ]);
  return {
    counts: counts.map((row) => ({ status: row.status, addresses: Number(row.addresses) })),
    flagged: Number(flagged?.total ?? 0),
  };
}

export async function listNodeNames(db: Db) {
  return db
    .select({ id: gatewayNodes.id, name: gatewayNodes.name })
    .from(gatewayNodes)
    .orderBy(asc(gatewayNodes.name));
}

export async function listRegions(db: Db) {
  return db
    .select()
    .from(regions)
    .orderBy(asc(regions.sortOrder), asc(regions.country), asc(regions.cityCode));
}

/** The address's status changes, newest first. */
export async function listIpEvents(db: Db, ipAddressId: string) {
  return db
    .select()
    .from(ipAddressEvents)
    .where(eq(ipAddressEvents.ipAddressId, ipAddressId))
    .orderBy(desc(ipAddressEvents.createdAt), desc(ipAddressEvents.id));
}

/** Every instance created on the address, newest first, with its customer's email. */
export async function listIpInstances(db: Db, ipAddressId: string) {
  return db
    .select({ instance: proxyInstances, customerEmail: users.email })
    .from(proxyInstances)
    .innerJoin(users, eq(users.id, proxyInstances.userId))
    .where(eq(proxyInstances.ipAddressId, ipAddressId))
    .orderBy(desc(proxyInstances.createdAt), desc(proxyInstances.id));
}

/**
 * The addresses, locked for the rest of `tx` in id order (so two bulk changes queue instead of
 * deadlocking). A purchase claiming one of them holds it until it commits, so what this reads
 * is what was sold: a quarantine cannot slip between a purchase's claim and its allocation.
 */
export async function lockIps(tx: Tx, ids: string[]) {
  return tx
    .select()
    .from(ipAddresses)
    .where(inArray(ipAddresses.id, ids))
    .orderBy(asc(ipAddresses.id))
    .for('update');
}

/** Which of the addresses a live instance uses. */
export async function findLiveInstanceIps(tx: Tx, ids: string[]): Promise<Set<string>> {
  const rows = await tx
    .select({ ipAddressId: proxyInstances.ipAddressId })
    .from(proxyInstances)
    .where(and(inArray(proxyInstances.ipAddressId, ids), eq(proxyInstances.status, 'active')));
  return new Set(rows.map((row) => row.ipAddressId));
}

/**
 * Makes one operator's change of the transition table to a locked address, with its reason (the
 * triggers record the change and its time). The caller checked the change (`nextIpStatus`):
 * an address in a state the transition does not leave is a bug, and throws.
 */
export async function setIpStatusWithReason(
  tx: Tx,
  { id, transition, reason }: { id: string; transition: IpTransition; reason: string | null },
): Promise<void> {
  const changed = await tx
    .update(ipAddresses)
    .set({ ...toStatusOf(transition), statusReason: reason, coolingUntil: null })
    .where(and(eq(ipAddresses.id, id), fromStatesOf(transition)))
    .returning({ id: ipAddresses.id });
  if (changed.length !== 1) throw new Error(`address ${id} is in no state ${transition} leaves`);
  await announceChange(tx, catalogChanged);
}
