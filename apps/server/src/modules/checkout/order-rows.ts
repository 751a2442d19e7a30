import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  eq,
  getTableColumns,
  idempotencyKeys,
  inArray,
  ipAddresses,
  isNotNull,
  orderItems,
  or,
  orders,
  preparedPerDatabase,
  proxyInstances,
  sql,
  type Db,
  type Tx,
} from '@stratus/db';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
/** A line to insert; its kind is always stated (the CHECK holds the fields each kind needs). */
export type NewOrderItemRow = typeof orderItems.$inferInsert & { kind: OrderItemRow['kind'] };

export async function insertOrder(
  tx: Tx,
  order: Pick<OrderRow, 'orderNo' | 'userId' | 'type' | 'totalFen'>,
): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(order).returning();
  if (!row) throw new Error('order insert returned no row');
  return row;
}

/** Inserts an order's lines; answers them as stored, in the order given. */
export async function insertOrderItems(tx: Tx, items: NewOrderItemRow[]): Promise<OrderItemRow[]> {
  return tx.insert(orderItems).values(items).returning();
}

/**
 * An order and its lines in ONE statement (the lines' INSERT rides along as a CTE; the foreign
 * key from lines to the order is checked at the statement's end, when both exist). Ids are made
 * here, so the lines are answered as stored without reading them back: every column of a line is
 * given, none is left to a database default. With `linkIdempotencyKey`, the buyer's key (claimed
 * earlier in `tx`) is linked to the order in the same statement. Round trips fewer inside the
 * purchase, while the buyer's wallet row is locked.
 */
export async function insertOrderWithItems(
  tx: Tx,
  order: Pick<OrderRow, 'orderNo' | 'userId' | 'type' | 'totalFen'>,
  lines: Omit<NewOrderItemRow, 'orderId' | 'id'>[],
  { linkIdempotencyKey }: { linkIdempotencyKey?: string } = {},
): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  const orderId = randomUUID();
  const items = orderItemRows(orderId, lines);
  const [onlyItem] = items;
  if (linkIdempotencyKey !== undefined && onlyItem && items.length === 1) {
    const [inserted] = await insertOrderWithLineLinkingKey(tx).execute({
      ...order,
      id: orderId,
      ...itemPlaceholderValues(onlyItem),
      key: linkIdempotencyKey,
    });
    return { order: checkKeyLinked(inserted, true), items };
  }
  const insertedItems = tx
    .$with('inserted_items')
    .as(tx.insert(orderItems).values(items).returning({ id: orderItems.id }));
  const linkedKey = tx.$with('linked_key').as(
    tx
      .update(idempotencyKeys)
      .set({ orderId })
      .where(
        and(
          eq(idempotencyKeys.userId, order.userId),
          eq(idempotencyKeys.key, linkIdempotencyKey ?? ''),
        ),
      )
      .returning({ key: idempotencyKeys.key }),
  );
  const linking = linkIdempotencyKey !== undefined;
  const [inserted] = await tx
    .with(...(linking ? [insertedItems, linkedKey] : [insertedItems]))
    .insert(orders)
    .values({ ...order, id: orderId })
    .returning({
      ...getTableColumns(orders),
      linkedKeys: linking
        ? sql<number>`(select count(*)::int from ${linkedKey})`.mapWith(Number)
        : sql<number>`0`.mapWith(Number),
    });
  return { order: checkKeyLinked(inserted, linking), items };
}

/**
 * An order's lines as they will be stored: ids made here, and every column given (none left to
 * a database default), so the statements need not return them.
 */
export function orderItemRows(
  orderId: string,
  lines: Omit<NewOrderItemRow, 'orderId' | 'id'>[],
): OrderItemRow[] {
  return lines.map((line) => ({
    id: randomUUID(),
    orderId,
    kind: line.kind,
    planId: line.planId ?? null,
    instanceId: line.instanceId ?? null,
    country: line.country ?? null,
    countryNameZh: line.countryNameZh ?? null,
    countryNameEn: line.countryNameEn ?? null,
    cityNameZh: line.cityNameZh ?? null,
    cityNameEn: line.cityNameEn ?? null,
    lineType: line.lineType ?? null,
    trafficGb: line.trafficGb ?? null,
    durationDays: line.durationDays,
    quantity: line.quantity,
    unitPriceFen: line.unitPriceFen,
    amountFen: line.amountFen,
  }));
}

function checkKeyLinked(
  inserted: (OrderRow & { linkedKeys: number }) | undefined,
  linking: boolean,
): OrderRow {
  if (!inserted) throw new Error('order insert returned no row');
  const { linkedKeys, ...row } = inserted;
  // The key was claimed earlier in this transaction: a miss is a bug, and must not commit an
  // order whose key replays nothing.
  if (linking && linkedKeys !== 1) throw new Error('the idempotency key to link was not found');
  return row;
}

/** A line's values for `insertOrderWithLineLinkingKey`'s `item.<column>` placeholders. */
export function itemPlaceholderValues(item: OrderItemRow): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(item).map(([column, value]) => [`item.${column}`, value]),
  );
}

// `insertOrderWithItems` for one line and a key to link (every purchase of static IPs),
// prepared (prepared.ts): the same statement, its values placeholders.
const insertOrderWithLineLinkingKey = preparedPerDatabase((tx: Tx) => {
  const item = (column: keyof OrderItemRow) => sql.placeholder(`item.${column}`);
  const insertedItems = tx.$with('inserted_items').as(
    tx
      .insert(orderItems)
      .values({
        id: item('id'),
        orderId: sql.placeholder('id'),
        kind: item('kind'),
        planId: item('planId'),
        instanceId: item('instanceId'),
        country: item('country'),
        countryNameZh: item('countryNameZh'),
        countryNameEn: item('countryNameEn'),
        cityNameZh: item('cityNameZh'),
        cityNameEn: item('cityNameEn'),
        lineType: item('lineType'),
        trafficGb: item('trafficGb'),
        durationDays: item('durationDays'),
        quantity: item('quantity'),
        unitPriceFen: item('unitPriceFen'),
        amountFen: item('amountFen'),
      })
      .returning({ id: orderItems.id }),
  );
  const linkedKey = tx.$with('linked_key').as(
    tx
      .update(idempotencyKeys)
      .set({ orderId: sql`${sql.placeholder('id')}` })
      .where(
        and(
          eq(idempotencyKeys.userId, sql.placeholder('userId')),
          eq(idempotencyKeys.key, sql.placeholder('key')),
        ),
      )
      .returning({ key: idempotencyKeys.key }),
  );
  return tx
    .with(insertedItems, linkedKey)
    .insert(orders)
    .values({
      id: sql.placeholder('id'),
      orderNo: sql.placeholder('orderNo'),
      userId: sql.placeholder('userId'),
      type: sql.placeholder('type'),
      totalFen: sql.placeholder('totalFen'),
    })
    .returning({
      ...getTableColumns(orders),
      linkedKeys: sql<number>`(select count(*)::int from ${linkedKey})`.mapWith(Number),
    })
    .prepare('insert_order_with_line_linking_key');
});

export async function findOrder(
  db: Db,
  { userId, orderId }: { userId: string; orderId: string },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row;
}

/** The order of that number only if it belongs to `userId`. */
export async function findOrderByNo(
  db: Db,
  { userId, orderNo }: { userId: string; orderNo: string },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
  return row;
}

/** An order by its id alone (whoever's it is). */
export async function findOrderById(db: Db, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function listOrderItems(db: Db, orderIds: string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}

/** Instance ids per order: those it created (purchases) and those its items renewed. */
/** An instance an order created or renewed, with the address people recognise it by. */
export interface OrderInstanceRow {
  id: string;
  ip: string;
  port: number;
}

/**
 * The instances each order created or renewed, with their IP and port, in one query: created
 * ones first (oldest first), then those a renewal line names.
 */
export async function listOrderInstances(
  db: Db,
  orderIds: string[],
): Promise<Map<string, OrderInstanceRow[]>> {
  const result = new Map<string, OrderInstanceRow[]>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({
      createdBy: proxyInstances.orderId,
      renewedBy: orderItems.orderId,
      id: proxyInstances.id,
      ip: ipAddresses.address,
      port: ipAddresses.port,
    })
    .from(proxyInstances)
    .innerJoin(ipAddresses, eq(ipAddresses.id, proxyInstances.ipAddressId))
    .leftJoin(
      orderItems,
      and(eq(orderItems.instanceId, proxyInstances.id), inArray(orderItems.orderId, orderIds)),
    )
    .where(or(inArray(proxyInstances.orderId, orderIds), isNotNull(orderItems.orderId)))
    .orderBy(asc(proxyInstances.createdAt), asc(proxyInstances.id));
  const add = (orderId: string, instance: OrderInstanceRow) => {
    const instances = result.get(orderId) ?? [];
    if (!instances.some((known) => known.id === instance.id)) instances.push(instance);
    result.set(orderId, instances);
  };
  const wanted = new Set(orderIds);
  for (const { createdBy, id, ip, port } of rows) {
    if (wanted.has(createdBy)) add(createdBy, { id, ip, port });
  }
  for (const { renewedBy, id, ip, port } of rows) {
    if (renewedBy) add(renewedBy, { id, ip, port });
  }
  return result;
}
