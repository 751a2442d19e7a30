import {
  and,
  asc,
  eq,
  gt,
  inArray,
  ipAddresses,
  lte,
  or,
  preparedPerDatabase,
  proxyInstances,
  regions,
  sql,
  type Db,
  type Tx,
  type SQL,
} from '@stratus/db';

export type InstanceRow = typeof proxyInstances.$inferSelect;
export type NewInstanceRow = typeof proxyInstances.$inferInsert;

/** An instance with the address it serves on and that address's region. */
export interface InstanceDetail {
  instance: InstanceRow;
  ip: typeof ipAddresses.$inferSelect;
  region: typeof regions.$inferSelect;
}

function selectDetails(db: Db) {
  return db
    .select({ instance: proxyInstances, ip: ipAddresses, region: regions })
    .from(proxyInstances)
    .innerJoin(ipAddresses, eq(ipAddresses.id, proxyInstances.ipAddressId))
    .innerJoin(regions, eq(regions.id, ipAddresses.regionId));
}

export interface InstanceFilter {
  userId: string;
  status?: InstanceRow['status'];
  country?: string;
  keyword?: string;
  /** Active instances expiring after `now` and no later than `expiringBefore`. */
  expiringBefore?: Date;
  now?: Date;
  ids?: string[];
}

/** `%`, `_` and `\` in a keyword are matched literally, not as LIKE wildcards. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function instanceConditions(filter: InstanceFilter): SQL | undefined {
  const pattern = filter.keyword ? likePattern(filter.keyword) : undefined;
  return and(
    eq(proxyInstances.userId, filter.userId),
    filter.status ? eq(proxyInstances.status, filter.status) : undefined,
    filter.country ? eq(regions.country, filter.country.toUpperCase()) : undefined,
    pattern
      ? or(
          sql`${ipAddresses.address} ilike ${pattern}`,
          sql`${proxyInstances.username} ilike ${pattern}`,
          sql`${proxyInstances.remark} ilike ${pattern}`,
        )
      : undefined,
    filter.expiringBefore
      ? and(
          eq(proxyInstances.status, 'active'),
          gt(proxyInstances.expiresAt, filter.now ?? new Date()),
          lte(proxyInstances.expiresAt, filter.expiringBefore),
        )
      : undefined,
    filter.ids ? inArray(proxyInstances.id, filter.ids) : undefined,
  );
}

/** Matching instances, soonest expiry first. */
export async function listInstanceDetails(
  db: Db,
  filter: InstanceFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<InstanceDetail[]> {
  if (filter.ids?.length === 0) return [];
  return selectDetails(db)
    .where(instanceConditions(filter))
    .orderBy(asc(proxyInstances.expiresAt), asc(proxyInstances.id))
    .limit(limit)
    .offset(offset);
}

export async function countInstances(db: Db, filter: InstanceFilter): Promise<number> {
  if (filter.ids?.length === 0) return 0;
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(proxyInstances)
    .innerJoin(ipAddresses, eq(ipAddresses.id, proxyInstances.ipAddressId))
    .innerJoin(regions, eq(regions.id, ipAddresses.regionId))
    .where(instanceConditions(filter));
  return Number(row?.total ?? 0);
}

export async function findInstanceDetail(
  db: Db,
  { userId, instanceId }: { userId: string; instanceId: string },
): Promise<InstanceDetail | undefined> {
  const [row] = await selectDetails(db).where(
    and(eq(proxyInstances.id, instanceId), eq(proxyInstances.userId, userId)),
  );
  return row;
}

/** The caller's instances among `instanceIds`, unlocked (quotes). */
export async function listUserInstanceDetails(
  db: Db,
  { userId, instanceIds }: { userId: string; instanceIds: string[] },
): Promise<InstanceDetail[]> {
  return selectDetails(db)
    .where(and(eq(proxyInstances.userId, userId), inArray(proxyInstances.id, instanceIds)))
    .orderBy(asc(proxyInstances.id));
}

/** The caller's instances among `instanceIds`, locked for the rest of `tx` (renewals). */
export async function lockInstanceDetails(
  tx: Tx,
  { userId, instanceIds }: { userId: string; instanceIds: string[] },
): Promise<InstanceDetail[]> {
  return selectDetails(tx)
    .where(and(eq(proxyInstances.userId, userId), inArray(proxyInstances.id, instanceIds)))
    .orderBy(asc(proxyInstances.id))
    .for('update', { of: [proxyInstances, ipAddresses] });
}

export async function listInstanceDetailsByIds(
  db: Db,
  instanceIds: string[],
): Promise<InstanceDetail[]> {
  if (instanceIds.length === 0) return [];
  return selectDetails(db)
    .where(inArray(proxyInstances.id, instanceIds))
    .orderBy(asc(proxyInstances.expiresAt), asc(proxyInstances.id));
}

/** What a purchase gives a new instance; the other columns take their defaults. */
export type PurchasedInstanceRow = Pick<
  NewInstanceRow,
  | 'userId'
  | 'ipAddressId'
  | 'orderId'
  | 'username'
  | 'password'
  | 'vmessId'
  | 'protocols'
  | 'autoRenew'
  | 'expiresAt'
>;

/** Inserts a purchase's instances; answers them as stored. One (most purchases) is prepared. */
export async function insertInstances(
  tx: Tx,
  rows: PurchasedInstanceRow[],
): Promise<InstanceRow[]> {
  const [onlyRow] = rows;
  if (onlyRow && rows.length === 1) {
    const { userId, ipAddressId, orderId, username, password, vmessId, protocols } = onlyRow;
    return insertOneInstance(tx).execute({
      userId,
      ipAddressId,
      orderId,
      username,
      password,
      vmessId,
      protocols,
      autoRenew: onlyRow.autoRenew ?? false,
      expiresAt: onlyRow.expiresAt,
    });
  }
  return tx.insert(proxyInstances).values(rows).returning();
}

// Prepared (prepared.ts): every purchase of one IP runs it.
const insertOneInstance = preparedPerDatabase((tx: Tx) =>
  tx
    .insert(proxyInstances)
    .values({
      userId: sql.placeholder('userId'),
      ipAddressId: sql.placeholder('ipAddressId'),
      orderId: sql.placeholder('orderId'),
      username: sql.placeholder('username'),
      password: sql.placeholder('password'),
      vmessId: sql.placeholder('vmessId'),
      protocols: sql.placeholder('protocols'),
      autoRenew: sql.placeholder('autoRenew'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .returning()
    .prepare('insert_purchased_instance'),
);

export async function updateInstance(
  db: Db,
  {
    userId,
    instanceId,
    changes,
  }: {
    userId: string;
    instanceId: string;
    changes: Partial<
      Pick<
        InstanceRow,
        'remark' | 'autoRenew' | 'renewalWarning' | 'password' | 'status' | 'expiresAt'
      >
    >;
  },
): Promise<InstanceRow | undefined> {
  const [row] = await db
    .update(proxyInstances)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(proxyInstances.id, instanceId), eq(proxyInstances.userId, userId)))
    .returning();
  return row;
}

/**
 * Takes back `days` a refunded renewal added: a live instance's expiry moves back by them, never
 * earlier than `now` (the expiry job then ends it as any other). An expired instance already
 * lost the days and is left alone.
 */
export async function takeBackRenewedDays(
  tx: Tx,
  { instanceId, days, now }: { instanceId: string; days: number; now: Date },
): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  await tx
    .update(proxyInstances)
    .set({
      expiresAt: sql`greatest(${at}, ${proxyInstances.expiresAt} - make_interval(days => ${days}))`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(proxyInstances.id, instanceId), eq(proxyInstances.status, 'active')));
}

/**
 * Whether another instance was created on this IP after `instance`: then the address went back
 * to the pool and on to someone else, and the old instance can no longer claim it.
 */
export async function hasLaterInstanceOnIp(
  db: Db,
  {
    ipAddressId,
    instanceId,
    createdAt,
  }: { ipAddressId: string; instanceId: string; createdAt: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: proxyInstances.id })
    .from(proxyInstances)
    .where(
      and(
        eq(proxyInstances.ipAddressId, ipAddressId),
        sql`${proxyInstances.id} <> ${instanceId}`,
        sql`(${proxyInstances.status} = 'active' or ${proxyInstances.createdAt} > ${createdAt.toISOString()}::timestamptz)`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
