// Queries of the operator console's orders: every customer's orders, refunds, renewal failures.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  ipAddresses,
  isNotNull,
  lt,
  lte,
  ne,
  or,
  orderItems,
  orderRefunds,
  orders,
  proxyInstances,
  sql,
  users,
  type Db,
  type SQL,
  type Tx,
} from '@stratus/db';
import type { TimeBounds } from '../../business-time.ts';
import type { OrderRow } from '../checkout/public.ts';

export type OrderRefundRow = typeof orderRefunds.$inferSelect;
export type CustomerRow = Pick<typeof users.$inferSelect, 'id' | 'email' | 'name' | 'disabledAt'>;

/** An order with its customer's email. */
export interface OrderWithCustomer {
  order: OrderRow;
  customerEmail: string;
}

export interface AdminOrderFilter extends TimeBounds {
  type?: OrderRow['type'];
  status?: OrderRow['status'];
  /** Part of the customer's email, or their exact user id. */
  customer?: string;
  /** Part of the order number. */
  orderNo?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%`, `_` and `\` in a keyword match themselves, not any text. */
function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function adminOrderConditions(filter: AdminOrderFilter): SQL | undefined {
  const customer = filter.customer;
  return and(
    filter.type ? eq(orders.type, filter.type) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    customer
      ? or(
          ilike(users.email, containsPattern(customer)),
          // Compared only when it is a UUID: anything else cannot be cast to the column's type.
          UUID.test(customer) ? eq(users.id, customer.toLowerCase()) : undefined,
        )
      : undefined,
    filter.orderNo ? ilike(orders.orderNo, containsPattern(filter.orderNo)) : undefined,
    filter.from ? gte(orders.createdAt, filter.from) : undefined,
    filter.to
      ? filter.toInclusive
        ? lte(orders.createdAt, filter.to)
        : lt(orders.createdAt, filter.to)
      : undefined,
  );
}

/** Matching orders of every customer, newest first. */
export async function listAdminOrders(
  db: Db,
  filter: AdminOrderFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<OrderWithCustomer[]> {
  return db
    .select({ order: orders, customerEmail: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(adminOrderConditions(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

export async function countAdminOrders(db: Db, filter: AdminOrderFilter): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(adminOrderConditions(filter));
  return row?.total ?? 0;
}

/** Any customer's order with the customer. */
export async function findOrderWithCustomer(
  db: Db,
  orderId: string,
): Promise<{ order: OrderRow; customer: CustomerRow } | undefined> {
  const [row] = await db
    .select({
      order: orders,
      customer: {
        id: users.id,
        email: users.email,
        name: users.name,
        disabledAt: users.disabledAt,
      },
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row;
}

/**
 * The order, locked for the rest of `tx`: every refund of one order queues here, so each one
 * reads the refunded amount the previous one committed.
 */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** The instances a static-IP order created, by id (the order they are locked in). */
export async function listInstanceIdsCreatedBy(tx: Tx, orderId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: proxyInstances.id })
    .from(proxyInstances)
    .where(eq(proxyInstances.orderId, orderId))
    .orderBy(asc(proxyInstances.id));
  return rows.map((row) => row.id);
}

/**
 * Of `instanceIds`, those a renewal order other than `orderId` extended and that is not fully
 * refunded: time paid for by another order, which a refund of this one must leave in place.
 */
export async function listInstanceIdsRenewedByOthers(
  tx: Tx,
  { orderId, instanceIds }: { orderId: string; instanceIds: string[] },
): Promise<Set<string>> {
  if (!instanceIds.length) return new Set();
  const rows = await tx
    .selectDistinct({ id: orderItems.instanceId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(orderItems.instanceId, instanceIds),
        ne(orderItems.orderId, orderId),
        eq(orders.type, 'renewal'),
        ne(orders.status, 'refunded'),
      ),
    );
  return new Set(rows.map((row) => row.id!));
}

/**
 * Adds `amountFen` to what the order has refunded and sets its status to match, in one
 * statement; the table's CHECK refuses a total beyond what was paid whatever the caller did.
 */
export async function addRefundedAmount(
  tx: Tx,
  { orderId, amountFen }: { orderId: string; amountFen: bigint },
): Promise<OrderRow> {
  // Both expressions read the row as it was before this UPDATE.
  const refundedFen = sql`${orders.refundedFen} + ${amountFen.toString()}::bigint`;
  const [row] = await tx
    .update(orders)
    .set({
      refundedFen,
      status: sql`case when ${refundedFen} = ${orders.totalFen} then 'refunded' else 'partially_refunded' end`,
    })
    .where(eq(orders.id, orderId))
    .returning();
  if (!row) throw new Error(`order ${orderId} vanished while locked`);
  return row;
}

export async function insertOrderRefund(
  tx: Tx,
  refund: Pick<
    OrderRefundRow,
    'orderId' | 'amountFen' | 'reason' | 'full' | 'staffId' | 'ledgerEntryId'
  >,
): Promise<OrderRefundRow> {
  const [row] = await tx.insert(orderRefunds).values(refund).returning();
  if (!row) throw new Error('refund insert returned no row');
  return row;
}

/** The refund an `Idempotency-Key` of this order already made, if any. */
export async function findRefundByKey(
  tx: Tx,
  { orderId, key }: { orderId: string; key: string },
): Promise<OrderRefundRow | undefined> {
  const [row] = await tx
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.idempotencyKey, key)));
  return row;
}

export async function setRefundKey(
  tx: Tx,
  { refundId, key, requestHash }: { refundId: string; key: string; requestHash: string },
): Promise<void> {
  await tx
    .update(orderRefunds)
    .set({ idempotencyKey: key, requestHash })
    .where(eq(orderRefunds.id, refundId));
}

/** A refund with the email of the operator who made it. */
export interface RefundWithStaff {
  refund: OrderRefundRow;
  staffEmail: string | null;
}

function selectRefunds(db: Db) {
  return db
    .select({ refund: orderRefunds, staffEmail: users.email })
    .from(orderRefunds)
    .leftJoin(users, eq(users.id, orderRefunds.staffId));
}

/** The refunds of `orderIds`, oldest first. */
export async function listOrderRefunds(db: Db, orderIds: string[]): Promise<RefundWithStaff[]> {
  if (orderIds.length === 0) return [];
  return selectRefunds(db)
    .where(inArray(orderRefunds.orderId, orderIds))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
}

export async function findOrderRefund(
  db: Db,
  refundId: string,
): Promise<RefundWithStaff | undefined> {
  const [row] = await selectRefunds(db).where(eq(orderRefunds.id, refundId));
  return row;
}

/** An instance whose last automatic renewal failed, with its customer and address. */
export interface RenewalFailureRow {
  instance: typeof proxyInstances.$inferSelect;
  customerEmail: string;
  ip: string;
}

const hasRenewalWarning = isNotNull(proxyInstances.renewalWarning);

/** Instances whose last automatic renewal failed: live ones first, soonest expiry first. */
export async function listRenewalFailures(
  db: Db,
  { limit, offset }: { limit: number; offset: number },
): Promise<RenewalFailureRow[]> {
  return db
    .select({ instance: proxyInstances, customerEmail: users.email, ip: ipAddresses.address })
    .from(proxyInstances)
    .innerJoin(users, eq(users.id, proxyInstances.userId))
    .innerJoin(ipAddresses, eq(ipAddresses.id, proxyInstances.ipAddressId))
    .where(hasRenewalWarning)
    .orderBy(
      sql`case when ${proxyInstances.status} = 'active' then 0 else 1 end`,
      asc(proxyInstances.expiresAt),
      asc(proxyInstances.id),
    )
    .limit(limit)
    .offset(offset);
}

export async function countRenewalFailures(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(proxyInstances).where(hasRenewalWarning);
  return row?.total ?? 0;
}
