import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  eq,
  getTableColumns,
  idempotencyKeys,
  ipAddresses,
  isConstraintViolation,
  orderItems,
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
import { balanceChangeCtes } from '../wallet/public.ts';
import {
  itemPlaceholderValues,
  orderItemRows,
  type NewOrderItemRow,
  type OrderItemRow,
  type OrderRow,
} from '../checkout/public.ts';
import type { InstanceRow, PurchasedInstanceRow } from '../instances/public.ts';
import {
  buildIpClaim,
  claimPickedIp,
  type IpAddressRow,
  type IpClaim,
} from '../inventory/public.ts';

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
  // The debit and its ledger row, as every balance change writes them (the wallet's own
  // parts), once an IP is picked.
  const { changed, ledgerEntry } = balanceChangeCtes(db, {
    userId,
    amountFen: sql`-${price}`,
    type: sql`'static_ip_purchase'`,
    reference: sql`${value('reference')}::text`,
    note: sql`''`,
    onlyIf: sql`exists (select 1 from ${picked})`,
  });
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
    claimPickedIp(db, {
      pickedId: sql`(select ${picked.id} from ${picked})`,
      onlyIf: sql`exists (select 1 from ${changed})`,
    }),
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
