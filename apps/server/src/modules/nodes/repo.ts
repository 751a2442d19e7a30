// Queries behind a gateway node's credential snapshot.
import {
  and,
  asc,
  dynamicProxyAccounts,
  eq,
  gt,
  ipAddresses,
  ipAllowlistEntries,
  isNull,
  notInArray,
  or,
  proxyInstances,
  regions,
  sql,
  subUsers,
  trafficPackages,
  users,
  type Db,
  type SQL,
} from '@stratus/db';

export interface StaticCredentialRow {
  instanceId: string;
  userId: string;
  ip: string;
  port: number;
  vmessPort: number;
  username: string;
  password: string;
  protocols: string[];
  vmessId: string;
  expiresAt: Date;
}

/** Live instances on the node's IPs, of customers who are not disabled. */
export async function listStaticCredentials(
  db: Db,
  { nodeId, now }: { nodeId: string; now: Date },
): Promise<StaticCredentialRow[]> {
  return db
    .select({
      instanceId: proxyInstances.id,
      userId: proxyInstances.userId,
      ip: ipAddresses.address,
      port: ipAddresses.port,
      vmessPort: ipAddresses.vmessPort,
      username: proxyInstances.username,
      password: proxyInstances.password,
      protocols: proxyInstances.protocols,
      vmessId: proxyInstances.vmessId,
      expiresAt: proxyInstances.expiresAt,
    })
    .from(proxyInstances)
    .innerJoin(ipAddresses, eq(ipAddresses.id, proxyInstances.ipAddressId))
    .innerJoin(users, eq(users.id, proxyInstances.userId))
    .where(
      and(
        eq(ipAddresses.nodeId, nodeId),
        eq(proxyInstances.status, 'active'),
        // The expiry job may run late; an instance past its time is not served meanwhile.
        gt(proxyInstances.expiresAt, now),
        isNull(users.disabledAt),
      ),
    )
    .orderBy(asc(proxyInstances.id));
}

export interface DynamicAccountSnapshotRow {
  userId: string;
  account: string;
  password: string;
  remainingBytes: bigint;
}

/**
 * Every dynamic account of a customer who is not disabled, with what their usable packages have
 * left (0 when none: the node then refuses the account as exhausted rather than unknown).
 */
export async function listDynamicAccounts(
  db: Db,
  { now }: { now: Date },
): Promise<DynamicAccountSnapshotRow[]> {
  const remaining = db
    .select({
      userId: trafficPackages.userId,
      remainingBytes:
        sql<string>`sum(${trafficPackages.totalBytes} - ${trafficPackages.usedBytes})`.as(
          'remaining_bytes',
        ),
    })
    .from(trafficPackages)
    .where(and(eq(trafficPackages.status, 'active'), gt(trafficPackages.expiresAt, now)))
    .groupBy(trafficPackages.userId)
    .as('remaining');
  return db
    .select({
      userId: dynamicProxyAccounts.userId,
      account: dynamicProxyAccounts.account,
      password: dynamicProxyAccounts.password,
      remainingBytes: sql<bigint>`coalesce(${remaining.remainingBytes}, 0)::text`.mapWith(
        (value: string) => BigInt(value),
      ),
    })
    .from(dynamicProxyAccounts)
    .innerJoin(users, eq(users.id, dynamicProxyAccounts.userId))
    .leftJoin(remaining, eq(remaining.userId, dynamicProxyAccounts.userId))
    .where(isNull(users.disabledAt))
    .orderBy(asc(dynamicProxyAccounts.userId));
}

export interface DynamicEgressRow {
  ip: string;
  country: string;
  city: string;
}

/**
 * The node's addresses dynamic traffic may leave from: one definition for the snapshot the node
 * serves from and for the usage it may charge.
 */
function inDynamicPoolOf(nodeId: string): SQL | undefined {
  return and(
    eq(ipAddresses.nodeId, nodeId),
    notInArray(ipAddresses.status, ['quarantined', 'retired']),
  );
}

/** The node's addresses that dynamic traffic may leave from (the same pool the console offers). */
export async function listDynamicEgress(
  db: Db,
  { nodeId }: { nodeId: string },
): Promise<DynamicEgressRow[]> {
  return db
    .select({ ip: ipAddresses.address, country: regions.country, city: regions.cityCode })
    .from(ipAddresses)
    .innerJoin(regions, eq(regions.id, ipAddresses.regionId))
    .where(inDynamicPoolOf(nodeId))
    .orderBy(asc(ipAddresses.address));
}

/** Whether the node serves dynamic proxies at all: its snapshot's pool is not empty. */
export async function hasDynamicPool(db: Db, nodeId: string): Promise<boolean> {
  const rows = await db
    .select({ id: ipAddresses.id })
    .from(ipAddresses)
    .where(inDynamicPoolOf(nodeId))
    .limit(1);
  return rows.length > 0;
}

/** `exists (subquery)`; drizzle wraps an embedded query in parentheses. */
const exists = (query: { getSQL(): SQL }): SQL => sql`exists ${query}`;

export interface AllowlistSnapshotRow {
  entryId: string;
  userId: string;
  cidr: string;
}

/**
 * Allowlist blocks of the customers the node serves, who are not disabled: those with a live
 * instance on one of its IPs and, when it has a dynamic pool, every dynamic-account holder.
 */
export async function listAllowlistEntries(
  db: Db,
  { nodeId, now, servesDynamic }: { nodeId: string; now: Date; servesDynamic: boolean },
): Promise<AllowlistSnapshotRow[]> {
  const liveInstanceHere = db
    .select({ id: proxyInstances.id })
    .from(proxyInstances)
    .innerJoin(ipAddresses, eq(ipAddresses.id, proxyInstances.ipAddressId))
    .where(
      and(
        eq(proxyInstances.userId, ipAllowlistEntries.userId),
        eq(ipAddresses.nodeId, nodeId),
        eq(proxyInstances.status, 'active'),
        gt(proxyInstances.expiresAt, now),
      ),
    );
  const dynamicHolder = db
    .select({ userId: dynamicProxyAccounts.userId })
    .from(dynamicProxyAccounts)
    .where(eq(dynamicProxyAccounts.userId, ipAllowlistEntries.userId));
  return db
    .select({
      entryId: ipAllowlistEntries.id,
      userId: ipAllowlistEntries.userId,
      cidr: ipAllowlistEntries.cidr,
    })
    .from(ipAllowlistEntries)
    .innerJoin(users, eq(users.id, ipAllowlistEntries.userId))
    .where(
      and(
        isNull(users.disabledAt),
        servesDynamic
          ? or(exists(liveInstanceHere), exists(dynamicHolder))
          : exists(liveInstanceHere),
      ),
    )
    .orderBy(asc(ipAllowlistEntries.id));
}

export interface SubUserSnapshotRow {
  subUserId: string;
  userId: string;
  username: string;
  password: string;
  capBytes: bigint | null;
  usedBytes: bigint;
}

/** Enabled sub-users of dynamic-account holders who are not disabled. */
export async function listEnabledSubUsers(db: Db): Promise<SubUserSnapshotRow[]> {
  return db
    .select({
      subUserId: subUsers.id,
      userId: subUsers.userId,
      username: subUsers.username,
      password: subUsers.password,
      capBytes: subUsers.capBytes,
      usedBytes: subUsers.usedBytes,
    })
    .from(subUsers)
    .innerJoin(users, eq(users.id, subUsers.userId))
    .innerJoin(dynamicProxyAccounts, eq(dynamicProxyAccounts.userId, subUsers.userId))
    .where(and(eq(subUsers.enabled, true), isNull(users.disabledAt)))
    .orderBy(asc(subUsers.id));
}
