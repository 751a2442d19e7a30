import {
  fenToYuan,
  type Instance,
  type Locale,
  type Order,
  type OrderStatus,
  type OrderType,
  type Page,
  type Quote,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { announceChangeSoon, catalogChanged } from '../../change-notifications.ts';
import { AppError } from '../../errors.ts';
import { staticIpPurchaseKeyStore, type PlanReadWithKey } from './static-ip-key-store.ts';
import {
  toOrder,
  toOrders,
  requestFingerprint,
  generateOrderNo,
  lineAmountFen,
  runPurchase,
  type OrderLine,
  type OrderItemRow,
  type OrderRow,
} from '../checkout/public.ts';
import {
  countAvailableIpsFor,
  findPlanWithPrice,
  mailLowStock,
  type PlanWithRegion,
} from '../catalog/public.ts';
import {
  generateProxyCredentials,
  getOrderWithInstances,
  insertInstances,
  toNewInstances,
  type InstanceRow,
} from '../instances/public.ts';
import { findWallet } from '../wallet/public.ts';
import { countOrders, listOrders as listOrderRows } from './repo.ts';
import { allocateAvailableIps, type IpAddressRow } from '../inventory/public.ts';
import {
  allocateIpWithInstanceWaiting,
  insertPaidOrderClaimingIp,
  purchaseOneIpInOneStatement,
} from './purchase-statement.ts';

const DAY_MS = 86_400_000;

export async function listOrders({
  db,
  userId,
  locale,
  query,
  page,
  pageSize,
}: {
  db: Db;
  userId: string;
  locale: Locale;
  query: { type?: OrderType; status?: OrderStatus };
  page: number;
  pageSize: number;
}): Promise<Page<Order>> {
  const filter = { userId, ...query };
  const [rows, total] = await Promise.all([
    listOrderRows(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
    countOrders(db, filter),
  ]);
  return { items: await toOrders(db, rows, locale), total, page, pageSize };
}

export interface StaticIpPurchase {
  planId: string;
  durationDays: number;
  quantity: number;
  autoRenew: boolean;
}

/** A plan on sale and its price for the duration, or the error that explains why not. */
async function priceStaticIps(
  db: Db,
  { planId, durationDays, quantity }: StaticIpPurchase,
  planRead?: PlanReadWithKey,
): Promise<{ plan: PlanWithRegion; unitPriceFen: bigint; totalFen: bigint }> {
  const found = planRead ? planRead.found : await findPlanWithPrice(db, { planId, durationDays });
  if (!found || !found.plan.active) throw new AppError('planNotFound');
  const { priceFen: unitPriceFen, ...plan } = found;
  if (unitPriceFen === undefined) throw new AppError('durationNotOffered', { durationDays });
  return { plan, unitPriceFen, totalFen: lineAmountFen({ unitPriceFen, quantity }) };
}

export async function quoteStaticIpOrder({
  db,
  userId,
  purchase,
}: {
  db: Db;
  userId: string;
  purchase: StaticIpPurchase;
}): Promise<Quote> {
  const { plan, unitPriceFen, totalFen } = await priceStaticIps(db, purchase);
  const [wallet, stock] = await Promise.all([
    findWallet(db, userId),
    countAvailableIpsFor(db, { regionId: plan.region.id, lineType: plan.plan.lineType }),
  ]);
  const balanceFen = wallet?.balanceFen ?? 0n;
  return {
    unitPrice: fenToYuan(unitPriceFen),
    quantity: purchase.quantity,
    durationDays: purchase.durationDays,
    total: fenToYuan(totalFen),
    balance: fenToYuan(balanceFen),
    sufficientBalance: balanceFen >= totalFen,
    stock,
    sufficientStock: stock >= purchase.quantity,
  };
}

/**
 * The fingerprint of a purchase request: same key + same fingerprint = a repeat. (Unprefixed, as
 * keys stored before traffic orders existed were hashed; no other kind's parts look like these.)
 */
function purchaseFingerprint({ planId, durationDays, quantity, autoRenew }: StaticIpPurchase) {
  return [planId.toLowerCase(), durationDays, quantity, autoRenew];
}

/** What a purchase's transaction wrote, as the statements returned it: the stored rows. */
interface DeliveredPurchase {
  order: OrderRow;
  items: OrderItemRow[];
  instances: InstanceRow[];
  ips: IpAddressRow[];
  plan: PlanWithRegion;
}

/**
 * The answer to a purchase from the rows its transaction wrote, exactly as
 * `getOrderWithInstances` reads them back (a replay answers through that, and the tests compare
 * the two), without a query: six fewer per purchase.
 */
function answerDeliveredPurchase(
  { order, items, instances, ips, plan }: DeliveredPurchase,
  locale: Locale,
): { order: Order; instances: Instance[] } {
  const ipById = new Map(ips.map((ip) => [ip.id, ip]));
  // The orders the read-back uses: lines by id; instances (one creation time) by id.
  const byId = <Row extends { id: string }>(a: Row, b: Row) => (a.id < b.id ? -1 : 1);
  const details = [...instances].sort(byId).map((instance) => {
    const ip = ipById.get(instance.ipAddressId);
    if (!ip) throw new Error('an instance without the IP the purchase allocated');
    return { instance, ip, region: plan.region };
  });
  return {
    order: toOrder(
      order,
      [...items].sort(byId),
      details.map(({ instance, ip }) => ({ id: instance.id, ip: ip.address, port: ip.port })),
      locale,
    ),
    instances: toNewInstances(details, {
      locale,
      replacementsPerMonth: plan.plan.replacementsPerMonth,
    }),
  };
}

/**
 * `stock.low` when the purchase took the plan's stock below its mark; a plan without a mark costs
 * no query.
 */
async function mailLowStockOf(db: Db, { plan }: PlanWithRegion): Promise<void> {
  if (plan.lowStockMark !== null) await mailLowStock(db, { planId: plan.id });
}

/**
 * Buys static IPs through the purchase pipeline, in ONE transaction: the idempotency key, the
 * debit (with its ledger row), the order and its item, then `quantity` distinct available IPs
 * allocated and an instance created on each. Any failure (insufficient balance or stock, a clash)
 * rolls it all back. The common purchase of one IP (a new key or none, the plan on sale, the
 * money there, an IP free) is first tried as ONE autocommit statement
 * (`purchaseOneIpInOneStatement`, the pipeline's `tryInOneStatement`); when it cannot buy, it wrote
 * nothing and the transaction runs.
 *
 * With `idempotencyKey`, a repeat of the same request answers the first order and instances;
 * the same key with another request is refused with `idempotencyKeyReused`.
 */
export async function purchaseStaticIps({
  db,
  userId,
  locale,
  purchase,
  idempotencyKey,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  locale: Locale;
  purchase: StaticIpPurchase;
  idempotencyKey?: string;
  now?: Date;
}): Promise<{ order: Order; instances: Instance[] }> {
  let delivered: DeliveredPurchase | undefined;
  const expiresAt = new Date(now.getTime() + purchase.durationDays * DAY_MS);
  /** A new instance of the purchase, but for its buyer, order and IP. */
  const newInstanceOf = (plan: PlanWithRegion) => ({
    ...generateProxyCredentials(),
    protocols: plan.plan.protocols,
    autoRenew: purchase.autoRenew,
    expiresAt,
  });
  // The key's claim reads the plan in its statement; without a key, `price` reads it.
  const keyStore = staticIpPurchaseKeyStore(userId, purchase);
  const orderId = await runPurchase({
    db,
    // The common case in ONE autocommit statement: one IP, a new key or none, the plan on sale,
    // the money there and an IP free. Anything else wrote nothing, and runs as a transaction.
    tryInOneStatement:
      purchase.quantity === 1
        ? async (pool) => {
            const bought = await purchaseOneIpInOneStatement(pool, {
              userId,
              planId: purchase.planId,
              durationDays: purchase.durationDays,
              key: idempotencyKey,
              requestHash: requestFingerprint(purchaseFingerprint(purchase)),
              orderNo: generateOrderNo({ type: 'static_ip', now }),
              instance: { ...generateProxyCredentials(), autoRenew: purchase.autoRenew, expiresAt },
            });
            if (!bought) return undefined;
            // The statement committed on its own: the alert follows it at once, as `order.paid`
            // does (its key makes a later check, the reminder job's, write it if this one is lost).
            await mailLowStockOf(pool, bought.plan);
            delivered = {
              order: bought.order,
              items: bought.items,
              instances: [bought.claimed.instance],
              ips: [bought.claimed.ip],
              plan: bought.plan,
            };
            return bought.order.id;
          }
        : undefined,
    userId,
    orderType: 'static_ip',
    ledgerType: 'static_ip_purchase',
    idempotencyKey,
    fingerprint: purchaseFingerprint(purchase),
    keyStore,
    now,
    price: async (tx) => {
      const { plan, unitPriceFen, totalFen } = await priceStaticIps(
        tx,
        purchase,
        keyStore.planRead(),
      );
      const line: OrderLine = {
        kind: 'static_ip',
        planId: plan.plan.id,
        country: plan.region.country,
        countryNameZh: plan.region.countryNameZh,
        countryNameEn: plan.region.countryNameEn,
        cityNameZh: plan.region.cityNameZh,
        cityNameEn: plan.region.cityNameEn,
        lineType: plan.plan.lineType,
        durationDays: purchase.durationDays,
        quantity: purchase.quantity,
        unitPriceFen,
        amountFen: totalFen,
      };
      return { lines: [line], plan };
    },
    // Most purchases are of one IP: claimed in the statement of the debit and the order.
    payInOneStatement:
      purchase.quantity === 1
        ? (tx, { priced: { plan }, ...payment }) =>
            insertPaidOrderClaimingIp(tx, {
              ...payment,
              ip: {
                regionId: plan.region.id,
                lineType: plan.plan.lineType,
                instance: newInstanceOf(plan),
              },
            })
        : undefined,
    fulfil: async (tx, { order, items, priced: { plan }, claimedWithOrder }) => {
      const claim = { regionId: plan.region.id, lineType: plan.plan.lineType };
      const refuseShortStock = (available: number) => {
        // Justified: the claim comes back short only when committed stock is short. Thrown
        // inside the transaction, so the debit, order, key and the IPs it did get roll back.
        throw new AppError('insufficientStock', { requested: purchase.quantity, available });
      };
      if (purchase.quantity === 1) {
        // The order's statement claimed SKIP LOCKED; none free then, so wait (see
        // allocateAvailableIps) before refusing.
        const allocated =
          claimedWithOrder ??
          (await allocateIpWithInstanceWaiting(tx, {
            ...claim,
            instance: { ...newInstanceOf(plan), userId, orderId: order.id },
          }));
        if (!allocated) return refuseShortStock(0);
        await mailLowStockOf(tx, plan);
        delivered = { order, items, instances: [allocated.instance], ips: [allocated.ip], plan };
        return;
      }
      const ips = await allocateAvailableIps(tx, { ...claim, count: purchase.quantity });
      if (ips.length < purchase.quantity) return refuseShortStock(ips.length);
      const instances = await insertInstances(
        tx,
        ips.map((ip) => ({
          ...newInstanceOf(plan),
          userId,
          orderId: order.id,
          ipAddressId: ip.id,
        })),
      );
      await mailLowStockOf(tx, plan);
      delivered = { order, items, instances, ips, plan };
    },
  });
  // A replay (the key's first order) did not run `fulfil` here: read that order back.
  if (delivered?.order.id === orderId) {
    // Committed: this server's catalog shows the lower stock on its very next read, the others
    // within a moment (stock is advisory there: every purchase re-checks it in its transaction).
    await announceChangeSoon(db, catalogChanged);
    return answerDeliveredPurchase(delivered, locale);
  }
  return getOrderWithInstances({ db, userId, orderId, locale });
}
