import { and, desc, eq, orders, sql, type Db, type SQL } from '@stratus/db';
import type { OrderRow } from '../checkout/public.ts';

export interface OrderFilter {
  userId: string;
  type?: OrderRow['type'];
  status?: OrderRow['status'];
}

function orderConditions(filter: OrderFilter): SQL | undefined {
  return and(
    eq(orders.userId, filter.userId),
    filter.type ? eq(orders.type, filter.type) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
  );
}

/** Matching orders, newest first. */
export async function listOrders(
  db: Db,
  filter: OrderFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(orderConditions(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

export async function countOrders(db: Db, filter: OrderFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .where(orderConditions(filter));
  return Number(row?.total ?? 0);
}
