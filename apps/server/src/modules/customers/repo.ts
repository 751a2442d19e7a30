// Queries behind the operator console's customer list and customer page: one statement per page
// of customers, their figures aggregated in SQL (no query per row).
import {
  and,
  count,
  desc,
  eq,
  ilike,
  ipAddresses,
  isNotNull,
  isNull,
  or,
  orders,
  payments,
  proxyInstances,
  sessions,
  sql,
  trafficPackages,
  users,
  wallets,
  type Db,
  type SQL,
  type Tx,
} from '@stratus/db';

export type CustomerStatusFilter = 'active' | 'disabled';

export interface CustomerFilter {
  keyword?: string;
  status?: CustomerStatusFilter;
  /** Exactly this customer (the customer page). */
  id?: string;
}

/** A customer with the figures the list shows. */
export interface CustomerSummaryRow {
  id: string;
  email: string;
  name: string;
  language: (typeof users.$inferSelect)['language'];
  disabledAt: Date | null;
  createdAt: Date;
  balanceFen: bigint;
  liveIps: number;
  trafficLeftBytes: bigint;
  lastSignInAt: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%`, `_` and `\` in a keyword match themselves, not any text. */
function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The keyword matches part of the email or name, or exactly: the customer's id, an address one
 * of their static IPs had (expired ones too: support is often asked about a past IP), one of
 * their order numbers or one of their payment numbers. The exact matches use the unique indexes
 * on address, order number and payment number.
 */
function keywordCondition(keyword: string): SQL | undefined {
  const pattern = containsPattern(keyword);
  return or(
    ilike(users.email, pattern),
    ilike(users.name, pattern),
    UUID.test(keyword) ? eq(users.id, keyword.toLowerCase()) : undefined,
    sql`${users.id} in (select ${proxyInstances.userId} from ${proxyInstances} inner join ${ipAddresses} on ${ipAddresses.id} = ${proxyInstances.ipAddressId} where ${ipAddresses.address} = ${keyword})`,
    sql`${users.id} in (select ${orders.userId} from ${orders} where ${orders.orderNo} = ${keyword})`,
    sql`${users.id} in (select ${payments.userId} from ${payments} where ${payments.paymentNo} = ${keyword.toUpperCase()})`,
  );
}

function customerConditions(filter: CustomerFilter): SQL | undefined {
  return and(
    // Staff are listed on the staff page; they are never customers here.
    eq(users.role, 'customer'),
    filter.id ? eq(users.id, filter.id) : undefined,
    filter.status === 'active' ? isNull(users.disabledAt) : undefined,
    filter.status === 'disabled' ? isNotNull(users.disabledAt) : undefined,
    filter.keyword ? keywordCondition(filter.keyword) : undefined,
  );
}

// Per-row figures as correlated subqueries over indexed columns (user id first): the page of at
// most 100 rows is read in one statement. Sums go out as text: bigint sums are numeric, which the
// two drivers hand back in different shapes.
const liveIps = sql<number>`(select count(*)::int from ${proxyInstances} where ${proxyInstances.userId} = ${users.id} and ${proxyInstances.status} = 'active' and ${proxyInstances.expiresAt} > now())`;
const trafficLeftBytes = sql<string>`(select coalesce(sum(${trafficPackages.totalBytes} - ${trafficPackages.usedBytes}), 0)::text from ${trafficPackages} where ${trafficPackages.userId} = ${users.id} and ${trafficPackages.status} = 'active' and ${trafficPackages.expiresAt} > now())`;
// Read as the column it aggregates, so both drivers hand back a Date (or null: never signed in).
const lastSignInAt =
  sql<Date | null>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id})`.mapWith(
    sessions.createdAt,
  );

/** Matching customers with their figures, newest sign-up first. */
export async function listCustomerSummaries(
  db: Db,
  filter: CustomerFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<CustomerSummaryRow[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      language: users.language,
      disabledAt: users.disabledAt,
      createdAt: users.createdAt,
      balanceFen: sql<string>`coalesce(${wallets.balanceFen}, 0)::text`,
      liveIps,
      trafficLeftBytes,
      lastSignInAt,
    })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(customerConditions(filter))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    ...row,
    balanceFen: BigInt(row.balanceFen),
    liveIps: Number(row.liveIps),
    trafficLeftBytes: BigInt(row.trafficLeftBytes),
  }));
}

export async function countCustomers(db: Db, filter: CustomerFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(customerConditions(filter));
  return row?.total ?? 0;
}

export type UserRow = typeof users.$inferSelect;

/** The customer's row, locked until `tx` ends: two operators acting at once take turns. */
export async function lockCustomer(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'customer')))
    .for('update');
  return row;
}

/** The customer's row (role `customer` only), or undefined. */
export async function findCustomer(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'customer')));
  return row;
}

export async function setCustomerDisabled(
  tx: Tx,
  { id, disabled }: { id: string; disabled: boolean },
): Promise<void> {
  await tx
    .update(users)
    .set({ disabledAt: disabled ? sql`now()` : null, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}
