import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  idempotencyKeys,
  inArray,
  ipAddresses,
  isConstraintViolation,
  isNotNull,
  ledgerEntries,
  orderItems,
  or,
  orders,
  planPrices,
  preparedPerDatabase,
  proxyInstances,
  regions,
  sql,
  staticIpPlans,
  wallets,
  type Db,
  type LedgerEntryKind,
  type Tx,
  type SQL,
} from '@stratus/db';
import { announceChange, catalogChanged } from '../../change-notifications.ts';
import { selectPlanWithPriceFrom, type PlanWithPrice } from '../catalog/service.ts';
import { balanceChangeCtes } from '../wallet/service.ts';
import type { InstanceRow, PurchasedInstanceRow } from '../instances/service.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
/** A line to insert; its kind is always stated (the CHECK holds the fields each kind needs). */
export type NewOrderItemRow = typeof orderItems.$inferInsert & { kind: OrderItemRow['kind'] };
export type IpAddressRow = typeof ipAddresses.$inferSelect;

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
function orderItemRows(
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
function itemPlaceholderValues(item: OrderItemRow): Record<string, unknown> {
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

type IpClaim = { regionId: string; lineType: IpAddressRow['lineType']; count: number };

/**
 * Marks the first `count` available IPs of a region and line type (by address) `allocated` and
 * answers them, in one statement. The ids are picked (and locked) by a sub-select the UPDATE
 * reads through `= any(array(…))`: PostgreSQL runs such an uncorrelated sub-select once, before
 * the UPDATE, so the LIMIT and SKIP LOCKED pick one set of rows, never a second on a rescan.
 */
function allocateIpsStatement(tx: Tx, { regionId, lineType, count }: IpClaim, skipLocked: boolean) {
  const statement = skipLocked ? claimIpsSkippingLocked : claimIpsWaiting;
  return statement(tx).execute({ regionId, lineType, count });
}

// Prepared (prepared.ts): every purchase runs the first, and the second when stock is short.
const claimIpsSkippingLocked = preparedPerDatabase((tx: Tx) =>
  buildIpClaim(tx, true).prepare('claim_ips_skip_locked'),
);
const claimIpsWaiting = preparedPerDatabase((tx: Tx) =>
  buildIpClaim(tx, false).prepare('claim_ips_waiting'),
);

/** `onlyIf`: a condition without which nothing is picked (nor locked). */
function buildIpClaim(tx: Tx, skipLocked: boolean, onlyIf?: SQL) {
  const picked = tx
    .select({ id: ipAddresses.id })
    .from(ipAddresses)
    .where(
      and(
        eq(ipAddresses.regionId, sql.placeholder('regionId')),
        eq(ipAddresses.lineType, sql.placeholder('lineType')),
        eq(ipAddresses.status, 'available'),
        onlyIf,
      ),
    )
    .orderBy(asc(ipAddresses.address))
    .limit(sql.placeholder('count'))
    .for('update', skipLocked ? { skipLocked } : {});
  return tx
    .update(ipAddresses)
    .set({ status: 'allocated', coolingUntil: null })
    .where(sql`${ipAddresses.id} = any(array(${picked}))`)
    .returning();
}

/** Thrown only to roll the short SKIP LOCKED claim back to its savepoint. */
class ShortClaim extends Error {}

/**
 * Allocates `count` available IPs of a region and line type to `tx` (status `allocated`, locked
 * until it ends) and answers them, in no particular order; fewer come back only when committed
 * stock is short, so the caller may refuse the purchase on that (its rollback frees them again).
 *
 * SKIP LOCKED first, so concurrent purchases take disjoint rows without queueing. A short answer
 * proves nothing, though: a skipped row's holder may yet roll back (refused itself). So the claim
 * then waits instead: FOR UPDATE in address order, where PostgreSQL re-checks
 * `status = 'available'` on each row once its holder ends (READ COMMITTED) and LIMIT moves on
 * past rows sold meanwhile. No deadlock: no one waits while holding rows out of order (the SKIP
 * LOCKED attempt never waits, waiting claims wait only for rows above all they hold), and a
 * purchase locks its key and wallet before any IP.
 *
 * Before waiting, a short SKIP LOCKED attempt must let go of what it took: for several IPs it
 * runs in a savepoint, rolled back when short. For one IP (most purchases, every replacement) a
 * short attempt took nothing, so it needs no savepoint — two round trips fewer per purchase.
 *
 * Stock goes down: the caller announces `catalogChanged`, in `tx` (`announceChange`) or, for
 * purchases, after the commit (`announceChangeSoon`).
 */
export async function allocateAvailableIps(tx: Tx, claim: IpClaim): Promise<IpAddressRow[]> {
  if (claim.count === 1) {
    const ips = await allocateIpsStatement(tx, claim, true);
    if (ips.length === 1) return ips;
    return allocateIpsStatement(tx, claim, false);
  }
  try {
    return await tx.transaction(async (savepoint) => {
      const ips = await allocateIpsStatement(savepoint, claim, true);
      if (ips.length < claim.count) throw new ShortClaim();
      return ips;
    });
  } catch (error) {
    if (!(error instanceof ShortClaim)) throw error;
  }
  return allocateIpsStatement(tx, claim, false);
}

/**
 * `allocateAvailableIps`'s waiting claim for one IP, and the instance on it inserted in the same
 * statement (a CTE reading the claimed row), for a purchase of one IP whose SKIP LOCKED claim (in
 * its order's statement, `insertPaidOrderClaimingIp`) came back empty: the claim is the same
 * (SKIP LOCKED first, then waiting; see above), and so is the instance `insertInstances` would
 * insert. Undefined, and nothing inserted, when no IP is left.
 */
export async function allocateIpWithInstanceWaiting(
  tx: Tx,
  { regionId, lineType, instance }: Omit<IpClaim, 'count'> & { instance: InstanceOnClaimedIp },
): Promise<ClaimedIpWithInstance | undefined> {
  const [row] = await claimIpWithInstanceWaiting(tx).execute({
    ...instanceValues(instance),
    orderId: instance.orderId,
    regionId,
    lineType,
    count: 1,
  });
  return row && { ip: row.claimed, instance: row.inserted };
}

/** The new instance a claim of one IP creates on it. */
export type InstanceOnClaimedIp = Omit<PurchasedInstanceRow, 'ipAddressId'>;

/** An IP a purchase claimed and the instance it created on it, as stored. */
export interface ClaimedIpWithInstance {
  ip: IpAddressRow;
  instance: InstanceRow;
}

/** `instance`'s values for `ipClaimWithInstanceCtes`' placeholders (`orderId` apart). */
function instanceValues(instance: Omit<InstanceOnClaimedIp, 'orderId'>) {
  return {
    userId: instance.userId,
    username: instance.username,
    password: instance.password,
    vmessId: instance.vmessId,
    protocols: instance.protocols,
    autoRenew: instance.autoRenew ?? false,
    expiresAt: instance.expiresAt.toISOString(),
  };
}

// Prepared (prepared.ts): a purchase of one IP runs it when its SKIP LOCKED claim was short.
const claimIpWithInstanceWaiting = preparedPerDatabase((tx: Tx) => {
  const { claimed, inserted } = ipClaimWithInstanceCtes(tx, false);
  return tx
    .with(claimed, inserted)
    .select()
    .from(claimed)
    .innerJoin(inserted, eq(inserted.ipAddressId, claimed.id))
    .prepare('claim_ip_with_instance_waiting');
});

/**
 * A claim of one IP (`claimed`) and the instance inserted on it (`inserted`), as CTEs; `onlyIf`
 * as for `buildIpClaim`. Placeholders: the claim's, the instance's (`instanceValues`), `orderId`.
 */
function ipClaimWithInstanceCtes(tx: Tx, skipLocked: boolean, onlyIf?: SQL) {
  const claimed = tx.$with('claimed').as(buildIpClaim(tx, skipLocked, onlyIf));
  const value = (name: keyof InstanceOnClaimedIp) => sql.placeholder(name);
  // INSERT … SELECT names every column in table order (see moveBalance in wallet/repo.ts): id,
  // user_id, ip_address_id, order_id, username, password, vmess_id, protocols, remark, status,
  // auto_renew, renewal_warning, created_at, expires_at, updated_at; the ones a purchase does
  // not give take the table's defaults, spelled out. A column added fails loudly.
  const inserted = tx.$with('inserted').as(
    tx
      .insert(proxyInstances)
      .select(
        sql`select gen_random_uuid(), ${value('userId')}::uuid, ${claimed.id}, ${value('orderId')}::uuid, ${value('username')}, ${value('password')}, ${value('vmessId')}::uuid, ${value('protocols')}::text[], '', 'active', ${value('autoRenew')}::boolean, null, now(), ${value('expiresAt')}::timestamptz, now() from ${claimed}`,
      )
      .returning(),
  );
  return { claimed, inserted };
}

// Prepared (prepared.ts): every purchase of one IP runs it.
const insertPaidOrderClaimingIpStatement = preparedPerDatabase((tx: Tx) => {
  const { changed, ledgerEntry } = balanceChangeCtes(tx);
  const paid = sql`exists (select 1 from ${changed})`;
  const item = (column: keyof OrderItemRow) => sql.placeholder(`item.${column}`);
  // INSERT … SELECT from the debit: no line, no order, no key link and no IP without it. Every
  // column in table order (see moveBalance in wallet/repo.ts), each placeholder cast to its
  // column's type (a SELECT's parameters have none of their own); a column added fails loudly.
  // Line: id, order_id, kind, plan_id, instance_id, country, country_name_zh, country_name_en,
  // city_name_zh, city_name_en, line_type, traffic_gb, duration_days, quantity, unit_price_fen,
  // amount_fen.
  const insertedItems = tx.$with('inserted_items').as(
    tx
      .insert(orderItems)
      .select(
        sql`select ${item('id')}::uuid, ${sql.placeholder('orderId')}::uuid, ${item('kind')}, ${item('planId')}::uuid, ${item('instanceId')}::uuid, ${item('country')}, ${item('countryNameZh')}, ${item('countryNameEn')}, ${item('cityNameZh')}, ${item('cityNameEn')}, ${item('lineType')}, ${item('trafficGb')}::integer, ${item('durationDays')}::integer, ${item('quantity')}::integer, ${item('unitPriceFen')}::bigint, ${item('amountFen')}::bigint from ${changed}`,
      )
      .returning({ id: orderItems.id }),
  );
  const linkedKey = tx.$with('linked_key').as(
    tx
      .update(idempotencyKeys)
      .set({ orderId: sql`${sql.placeholder('orderId')}` })
      .where(
        and(
          eq(idempotencyKeys.userId, sql.placeholder('userId')),
          eq(idempotencyKeys.key, sql.placeholder('key')),
          paid,
        ),
      )
      .returning({ key: idempotencyKeys.key }),
  );
  // Order: id, order_no, user_id, type, status, total_fen, refunded_fen, created_at; a new
  // order's status, refund and time are the table's defaults, spelled out.
  const insertedOrder = tx.$with('inserted_order').as(
    tx
      .insert(orders)
      .select(
        sql`select ${sql.placeholder('orderId')}::uuid, ${sql.placeholder('reference')}, ${sql.placeholder('userId')}::uuid, ${sql.placeholder('orderType')}, 'paid', ${sql.placeholder('totalFen')}::bigint, 0, now() from ${changed}`,
      )
      .returning({
        ...getTableColumns(orders),
        linkedKeys: sql<number>`(select count(*)::int from ${linkedKey})`
          .mapWith(Number)
          .as('linked_keys'),
      }),
  );
  const { claimed, inserted } = ipClaimWithInstanceCtes(tx, true, paid);
  return tx
    .with(changed, ledgerEntry, insertedItems, linkedKey, insertedOrder, claimed, inserted)
    .select()
    .from(insertedOrder)
    .leftJoin(claimed, sql`true`)
    .leftJoin(inserted, eq(inserted.ipAddressId, claimed.id))
    .prepare('insert_paid_order_claiming_ip');
});

/**
 * A purchase of one IP from the debit on: the balance change with its ledger row
 * (`balanceChangeCtes`), the order with its one line, the buyer's key (claimed earlier in `tx`)
 * linked to it, and the SKIP LOCKED claim of one IP with the instance on it, in ONE statement.
 * Every write depends on the debit: undefined, and nothing written, when the balance could not
 * cover it. `claimed` is undefined when no IP was free to take without waiting: the caller then
 * waits (`allocateIpWithInstanceWaiting`), as `allocateAvailableIps` does. Ids are made here; the
 * order, its line, the IP and the instance are answered as stored.
 *
 * One statement rather than three (debit, order, claim): a purchase holds the wallet's row lock
 * from the debit to its commit, and every other purchase of that wallet waits for it.
 */
export async function insertPaidOrderClaimingIp(
  tx: Tx,
  {
    debit,
    order,
    line,
    linkIdempotencyKey,
    ip,
  }: {
    debit: { amountFen: bigint; type: LedgerEntryKind; note: string };
    order: Pick<OrderRow, 'orderNo' | 'userId' | 'type' | 'totalFen'>;
    line: Omit<NewOrderItemRow, 'orderId' | 'id'>;
    linkIdempotencyKey: string | undefined;
    ip: Omit<IpClaim, 'count'> & { instance: Omit<InstanceOnClaimedIp, 'orderId' | 'userId'> };
  },
): Promise<
  { order: OrderRow; items: OrderItemRow[]; claimed: ClaimedIpWithInstance | undefined } | undefined
> {
  const orderId = randomUUID();
  const [item] = orderItemRows(orderId, [line]);
  if (!item) throw new Error('an order needs a line');
  const [row] = await insertPaidOrderClaimingIpStatement(tx).execute({
    ...instanceValues({ ...ip.instance, userId: order.userId }),
    amountFen: debit.amountFen.toString(),
    type: debit.type,
    reference: order.orderNo,
    note: debit.note,
    orderId,
    orderType: order.type,
    totalFen: order.totalFen.toString(),
    ...itemPlaceholderValues(item),
    key: linkIdempotencyKey ?? null,
    regionId: ip.regionId,
    lineType: ip.lineType,
    count: 1,
  });
  if (!row) return undefined;
  const { linkedKeys, ...stored } = row.inserted_order;
  // The key was claimed earlier in this transaction: a miss is a bug, and must not commit an
  // order whose key replays nothing.
  if (linkedKeys !== (linkIdempotencyKey === undefined ? 0 : 1)) {
    throw new Error('the idempotency key to link was not found');
  }
  return {
    order: stored,
    items: [item],
    claimed: row.claimed && row.inserted ? { ip: row.claimed, instance: row.inserted } : undefined,
  };
}

export async function setIpStatus(
  tx: Tx,
  { ipIds, status }: { ipIds: string[]; status: IpAddressRow['status'] },
): Promise<void> {
  if (ipIds.length === 0) return;
  await tx
    .update(ipAddresses)
    .set({ status, coolingUntil: null })
    .where(inArray(ipAddresses.id, ipIds));
  await announceChange(tx, catalogChanged);
}

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

// Prepared (prepared.ts): every purchase with a key runs it first.
const insertIdempotencyKey = preparedPerDatabase((tx: Tx) =>
  tx
    .insert(idempotencyKeys)
    .values({
      userId: sql.placeholder('userId'),
      key: sql.placeholder('key'),
      requestHash: sql.placeholder('requestHash'),
    })
    .onConflictDoNothing()
    .returning()
    .prepare('claim_idempotency_key'),
);

/**
 * Claims an idempotency key inside `tx`. When another transaction holds the same key uncommitted,
 * PostgreSQL makes this insert wait for it; after a commit the existing row is returned (claimed
 * false), after a rollback the key is ours.
 */
export async function claimIdempotencyKey(
  tx: Tx,
  { userId, key, requestHash }: { userId: string; key: string; requestHash: string },
): Promise<{ claimed: boolean; row: IdempotencyKeyRow }> {
  const [inserted] = await insertIdempotencyKey(tx).execute({ userId, key, requestHash });
  if (inserted) return { claimed: true, row: inserted };
  return { claimed: false, row: await findIdempotencyKey(tx, { userId, key }) };
}

// Prepared (prepared.ts): every static-IP purchase with a key runs it first.
const insertIdempotencyKeyFindingPlan = preparedPerDatabase((tx: Tx) => {
  const claimedKey = tx.$with('claimed_key').as(
    tx
      .insert(idempotencyKeys)
      .values({
        userId: sql.placeholder('userId'),
        key: sql.placeholder('key'),
        requestHash: sql.placeholder('requestHash'),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key }),
  );
  return selectPlanWithPriceFrom(tx.with(claimedKey), {
    keyClaimed: sql<boolean>`exists (select 1 from ${claimedKey})`.mapWith(Boolean),
  }).prepare('claim_idempotency_key_find_plan');
});

/**
 * `claimIdempotencyKey` and `findPlanWithPrice` in ONE statement, for a purchase of static IPs:
 * the INSERT claiming the key rides along as a CTE, and runs (waiting for another transaction
 * holding the same key, like `claimIdempotencyKey`) whether or not the plan exists. `plan` is
 * read only when the key is ours: a repeat answers its first order whatever became of the plan.
 */
export async function claimIdempotencyKeyFindingPlan(
  tx: Tx,
  claim: { userId: string; key: string; requestHash: string; planId: string; durationDays: number },
): Promise<
  { claimed: true; plan: PlanWithPrice | undefined } | { claimed: false; row: IdempotencyKeyRow }
> {
  const { userId, key, requestHash, planId, durationDays } = claim;
  const [found] = await insertIdempotencyKeyFindingPlan(tx).execute({
    userId,
    key,
    requestHash,
    planId,
    durationDays,
  });
  if (found?.keyClaimed) {
    const { plan, region, priceFen } = found;
    return { claimed: true, plan: { plan, region, priceFen: priceFen ?? undefined } };
  }
  // No row (no such plan) leaves open whether the key was ours; a claimed key's row is ours and
  // has no order yet (a committed one always has its order: both are written in one
  // transaction), and this statement sees the row another transaction committed while the
  // claim waited for it.
  const row = await findIdempotencyKey(tx, { userId, key });
  if (!found && row.orderId === null) return { claimed: true, plan: undefined };
  return { claimed: false, row };
}

async function findIdempotencyKey(
  tx: Tx,
  { userId, key }: { userId: string; key: string },
): Promise<IdempotencyKeyRow> {
  const [existing] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!existing) throw new Error('idempotency key vanished after a conflict');
  return existing;
}

export async function setIdempotencyKeyOrder(
  tx: Tx,
  { userId, key, orderId }: { userId: string; key: string; orderId: string },
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ orderId })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

// ---------------------------------------------------------------------------------------------
// A purchase of one static IP in ONE autocommit statement (the common case).

/** The name of the key's foreign key to its order: see `purchaseOneIpInOneStatement`. */
const KEY_ORDER_FOREIGN_KEY = 'idempotency_keys_order_id_orders_id_fk';

// Prepared (prepared.ts): every purchase of one IP outside a caller's transaction runs it first.
const purchaseOneIpStatement = preparedPerDatabase((db: Db) => {
  const value = (name: string) => sql.placeholder(name);
  const userId = sql`${value('userId')}::uuid`;
  const key = sql`${value('key')}::text`;
  const orderId = sql`${value('orderId')}::uuid`;
  // What the snapshot says, nothing locked but the plan (FOR KEY SHARE, as `findPlan`): the plan
  // on sale, its price for the duration, a balance covering it, an IP available. No row: none
  // of the writes below runs, not even the key's.
  const offer = db.$with('offer').as(
    db
      .select({
        planId: staticIpPlans.id,
        regionId: staticIpPlans.regionId,
        lineType: staticIpPlans.lineType,
        protocols: staticIpPlans.protocols,
        priceFen: planPrices.priceFen,
      })
      .from(staticIpPlans)
      .innerJoin(
        planPrices,
        and(
          eq(planPrices.planId, staticIpPlans.id),
          eq(planPrices.durationDays, sql`${value('durationDays')}::integer`),
        ),
      )
      .innerJoin(
        wallets,
        and(eq(wallets.userId, userId), sql`${wallets.balanceFen} >= ${planPrices.priceFen}`),
      )
      .where(
        and(
          eq(staticIpPlans.id, sql`${value('planId')}::uuid`),
          eq(staticIpPlans.active, true),
          sql`exists (select 1 from ${ipAddresses} where ${ipAddresses.regionId} = ${staticIpPlans.regionId} and ${ipAddresses.lineType} = ${staticIpPlans.lineType} and ${ipAddresses.status} = 'available')`,
        ),
      )
      .for('key share', { of: staticIpPlans }),
  );
  // The key, inserted already linked to the order this statement is about to write (the foreign
  // key is checked at the statement's end). Columns: user_id, key, request_hash, order_id,
  // created_at.
  const claimedKey = db.$with('claimed_key').as(
    db
      .insert(idempotencyKeys)
      .select(
        sql`select ${userId}, ${key}, ${value('requestHash')}::text, ${orderId}, now() from ${offer} where ${key} is not null`,
      )
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key }),
  );
  // The wallet's row, locked only once the key is ours (or there is none): see the comment of
  // `purchaseOneIpInOneStatement` on the order of the locks. Its balance is the latest committed.
  const lockedWallet = db.$with('locked_wallet').as(
    db
      .select({ balanceFen: wallets.balanceFen })
      .from(wallets)
      .where(
        and(
          eq(wallets.userId, userId),
          sql`(exists (select 1 from ${claimedKey}) or (${key} is null and exists (select 1 from ${offer})))`,
        ),
      )
      .for('update'),
  );
  const price = sql`(select ${offer.priceFen} from ${offer})`;
  // One IP no one holds, once the locked balance covers the price.
  const picked = db.$with('picked').as(
    db
      .select({ id: ipAddresses.id })
      .from(ipAddresses)
      .where(
        and(
          sql`${ipAddresses.regionId} = (select ${offer.regionId} from ${offer})`,
          sql`${ipAddresses.lineType} = (select ${offer.lineType} from ${offer})`,
          eq(ipAddresses.status, 'available'),
          sql`exists (select 1 from ${lockedWallet} where ${lockedWallet.balanceFen} >= ${price})`,
        ),
      )
      .orderBy(asc(ipAddresses.address))
      .limit(1)
      .for('update', { skipLocked: true }),
  );
  // Every write from here on depends on the debit, and the debit on the IP picked.
  const changed = db.$with('changed').as(
    db
      .update(wallets)
      .set({ balanceFen: sql`${wallets.balanceFen} - ${price}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(wallets.userId, userId),
          sql`${wallets.balanceFen} >= ${price}`,
          sql`exists (select 1 from ${picked})`,
        ),
      )
      .returning({ balanceFen: wallets.balanceFen }),
  );
  // Ledger: id, user_id, type, amount_fen, balance_after_fen, reference, note, created_at.
  const ledgerEntry = db.$with('ledger_entry').as(
    db
      .insert(ledgerEntries)
      .select(
        sql`select gen_random_uuid(), ${userId}, 'static_ip_purchase', -${price}, ${changed.balanceFen}, ${value('reference')}::text, '', clock_timestamp() from ${changed}`,
      )
      .returning({ id: ledgerEntries.id }),
  );
  // Order: id, order_no, user_id, type, status, total_fen, refunded_fen, created_at.
  const insertedOrder = db.$with('inserted_order').as(
    db
      .insert(orders)
      .select(
        sql`select ${orderId}, ${value('reference')}::text, ${userId}, 'static_ip', 'paid', ${price}, 0, now() from ${changed}`,
      )
      .returning(),
  );
  // Line: id, order_id, kind, plan_id, instance_id, country, country_name_zh, country_name_en,
  // city_name_zh, city_name_en, line_type, traffic_gb, duration_days, quantity, unit_price_fen,
  // amount_fen (one IP: the amount is the price).
  const insertedItems = db.$with('inserted_items').as(
    db
      .insert(orderItems)
      .select(
        sql`select ${value('itemId')}::uuid, ${orderId}, 'static_ip', ${offer.planId}, null, ${regions.country}, ${regions.countryNameZh}, ${regions.countryNameEn}, ${regions.cityNameZh}, ${regions.cityNameEn}, ${offer.lineType}, null, ${value('durationDays')}::integer, 1, ${offer.priceFen}, ${offer.priceFen} from ${changed} cross join ${offer} join ${regions} on ${regions.id} = ${offer.regionId}`,
      )
      .returning(),
  );
  const claimed = db.$with('claimed').as(
    db
      .update(ipAddresses)
      .set({ status: 'allocated', coolingUntil: null })
      .where(
        and(
          sql`${ipAddresses.id} = (select ${picked.id} from ${picked})`,
          sql`exists (select 1 from ${changed})`,
        ),
      )
      .returning(),
  );
  // Instance: columns as in `ipClaimWithInstanceCtes`; the protocols are the plan's.
  const inserted = db.$with('inserted').as(
    db
      .insert(proxyInstances)
      .select(
        sql`select gen_random_uuid(), ${userId}, ${claimed.id}, ${orderId}, ${value('username')}::text, ${value('password')}::text, ${value('vmessId')}::uuid, ${offer.protocols}, '', 'active', ${value('autoRenew')}::boolean, null, now(), ${value('expiresAt')}::timestamptz, now() from ${claimed} cross join ${offer}`,
      )
      .returning(),
  );
  return db
    .with(
      offer,
      claimedKey,
      lockedWallet,
      picked,
      changed,
      ledgerEntry,
      insertedOrder,
      insertedItems,
      claimed,
      inserted,
    )
    .select()
    .from(staticIpPlans)
    .innerJoin(regions, eq(regions.id, staticIpPlans.regionId))
    .innerJoin(insertedOrder, sql`true`)
    .innerJoin(insertedItems, sql`true`)
    .innerJoin(claimed, sql`true`)
    .innerJoin(inserted, eq(inserted.ipAddressId, claimed.id))
    .where(eq(staticIpPlans.id, sql`${value('planId')}::uuid`))
    .prepare('purchase_one_ip');
});

/** What `purchaseOneIpInOneStatement` wrote, as stored. */
export interface PurchasedOneIp {
  order: OrderRow;
  items: OrderItemRow[];
  claimed: ClaimedIpWithInstance;
  plan: { plan: typeof staticIpPlans.$inferSelect; region: typeof regions.$inferSelect };
}

/**
 * The common purchase of one static IP in ONE autocommit statement (PostgreSQL runs a single
 * statement atomically): the key (if any), the debit with its ledger row, the order with its
 * line, the key's link, a SKIP LOCKED claim of one IP and the instance on it. Only when the key
 * is new, the plan on sale, the duration offered, the balance covering the price and an IP free
 * to take without waiting; otherwise it writes NOTHING and answers undefined, and the caller
 * runs the transactional purchase (`runPurchase`), which answers every other case exactly as
 * before (the key's replay or `idempotencyKeyReused`, the plan's errors, `insufficientBalance`,
 * waiting for a locked IP, `insufficientStock`). `db` must be the pool, not a transaction: the
 * statement may fail on purpose (below), which would abort a caller's transaction.
 *
 * How "nothing unless everything" holds. Every data-modifying CTE runs whether or not anything
 * reads it, so each one is guarded: the key's INSERT selects from `offer` (the plan on sale,
 * the duration's price, the balance ≥ price and an IP available, as the statement's snapshot
 * sees them); the debit requires an IP `picked`, which requires the locked wallet covering the
 * price, which requires the key newly inserted (or no key); the ledger row, the order and its
 * line select from the debit's RETURNING, the IP's claim requires it, the instance selects from
 * the claim.
 *
 * READ COMMITTED, within the one statement:
 * - The key first, the wallet after. ON CONFLICT DO NOTHING on a key another transaction has
 *   inserted but not committed waits for it: it commits → no row, nothing else runs (the
 *   fallback then replays it or refuses `idempotencyKeyReused`); it rolls back → the key is
 *   ours. The wallet's lock (`locked_wallet`, FOR UPDATE, whose WHERE reads `claimed_key`, so
 *   PostgreSQL inserts the key before it locks the row) comes after, as in the transactional
 *   path (key, plan, wallet, IPs). The other order would deadlock: this statement holding the
 *   wallet and waiting for the key while a transactional purchase of the same customer holding
 *   the key waits for the wallet.
 * - FOR UPDATE waits for a transaction holding the wallet, then re-reads the row's latest
 *   committed version (EvalPlanQual) and re-checks the WHERE on it: `locked_wallet`'s balance
 *   is the current one, not the snapshot's. The debit's UPDATE finds the snapshot's version,
 *   sees it updated since, and likewise follows to the latest (which this statement holds
 *   locked, so no one changed it in between) and re-checks `balance ≥ price` there.
 * - `picked` skips IPs other transactions hold (SKIP LOCKED) and re-checks `available` on the
 *   latest version of the row it locks, so it never takes an IP sold since the snapshot.
 * - The snapshot may promise what the locks then refuse: `offer` saw enough balance (or an IP)
 *   that a purchase committed meanwhile took. Without a key nothing was written: no order comes
 *   back. With a key, the key's row is written already, linked to an order that then is not
 *   written: its foreign key to `orders` fails at the statement's end, the whole statement
 *   rolls back, and that error answers undefined too (nothing was written). Each purchase
 *   checks the locked balance, so the money is exact either way.
 */
export async function purchaseOneIpInOneStatement(
  db: Db,
  purchase: {
    userId: string;
    planId: string;
    durationDays: number;
    key: string | undefined;
    requestHash: string;
    orderNo: string;
    instance: Pick<InstanceOnClaimedIp, 'username' | 'password' | 'vmessId' | 'expiresAt'> & {
      autoRenew: boolean;
    };
  },
): Promise<PurchasedOneIp | undefined> {
  const orderId = randomUUID();
  let rows;
  try {
    rows = await purchaseOneIpStatement(db).execute({
      userId: purchase.userId,
      planId: purchase.planId,
      durationDays: purchase.durationDays,
      key: purchase.key ?? null,
      requestHash: purchase.requestHash,
      orderId,
      itemId: randomUUID(),
      reference: purchase.orderNo,
      username: purchase.instance.username,
      password: purchase.instance.password,
      vmessId: purchase.instance.vmessId,
      autoRenew: purchase.instance.autoRenew,
      expiresAt: purchase.instance.expiresAt.toISOString(),
    });
  } catch (error) {
    if (isConstraintViolation(error, { code: '23503', constraint: KEY_ORDER_FOREIGN_KEY })) {
      return undefined;
    }
    throw error;
  }
  const [row, ...more] = rows;
  if (!row) return undefined;
  if (more.length > 0) throw new Error('a purchase of one IP wrote more than one order');
  return {
    order: row.inserted_order,
    items: [row.inserted_items],
    claimed: { ip: row.claimed, instance: row.inserted },
    plan: { plan: row.static_ip_plans, region: row.regions },
  };
}
