// An order as the contract answers it (lines, the instances it created or renewed), read back
// from its rows: every purchase answers with it, and a replay answers exactly like the original.
import { fenToYuan, type Locale, type Order, type OrderItem } from '@stratus/contract';
import type { Db } from '@stratus/db';
import { AppError } from '../../errors.ts';
import {
  findOrder,
  listOrderInstances,
  listOrderItems,
  type OrderInstanceRow,
  type OrderItemRow,
  type OrderRow,
} from './order-rows.ts';

/** A line in the contract's shape: traffic lines have no region, static-IP lines no GB. */
function toOrderItem(item: OrderItemRow, locale: Locale): OrderItem {
  const english = locale === 'en-US';
  return {
    kind: item.kind,
    planId: item.planId,
    instanceId: item.instanceId,
    country: item.country,
    countryName: english ? item.countryNameEn : item.countryNameZh,
    city: english ? item.cityNameEn : item.cityNameZh,
    lineType: item.lineType,
    trafficGb: item.trafficGb,
    durationDays: item.durationDays,
    quantity: item.quantity,
    unitPrice: fenToYuan(item.unitPriceFen),
    amount: fenToYuan(item.amountFen),
  };
}

export function toOrder(
  order: OrderRow,
  items: OrderItemRow[],
  instances: OrderInstanceRow[],
  locale: Locale,
): Order {
  return {
    id: order.id,
    orderNo: order.orderNo,
    type: order.type,
    status: order.status,
    total: fenToYuan(order.totalFen),
    items: items.map((item) => toOrderItem(item, locale)),
    instanceIds: instances.map((instance) => instance.id),
    instances,
    createdAt: order.createdAt.toISOString(),
  };
}

/** Orders in the contract's shape, with their lines and instances, in the order of `rows`. */
export async function toOrders(db: Db, rows: OrderRow[], locale: Locale): Promise<Order[]> {
  const ids = rows.map((row) => row.id);
  // One after the other: `db` may be a transaction (the renewal job renews inside its own), and a
  // transaction's one connection takes one query at a time (pg deprecates queueing a second).
  const items = await listOrderItems(db, ids);
  const instances = await listOrderInstances(db, ids);
  return rows.map((row) =>
    toOrder(
      row,
      items.filter((item) => item.orderId === row.id),
      instances.get(row.id) ?? [],
      locale,
    ),
  );
}

export async function getOrder({
  db,
  userId,
  orderId,
  locale,
}: {
  db: Db;
  userId: string;
  orderId: string;
  locale: Locale;
}): Promise<Order> {
  const row = await findOrder(db, { userId, orderId });
  // Another user's order answers exactly like a missing one.
  if (!row) throw new AppError('orderNotFound');
  const [order] = await toOrders(db, [row], locale);
  if (!order) throw new AppError('orderNotFound');
  return order;
}
