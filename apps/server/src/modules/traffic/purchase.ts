// Buying traffic: quote, then the purchase pipeline with a package as what it delivers.
import {
  BYTES_PER_GB,
  formatTrafficPurchaseNote,
  fenToYuan,
  type Locale,
  type Order,
  type TrafficPackage,
  type TrafficQuote,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { lineAmountFen, runPurchase, getOrder } from '../checkout/public.ts';
import { findWallet } from '../wallet/public.ts';
import {
  findTrafficPackageOfOrder,
  findTrafficPlan,
  insertTrafficPackage,
  type TrafficPlanRow,
} from './repo.ts';
import { toTrafficPackage } from './service.ts';

const DAY_MS = 86_400_000;

export interface TrafficPurchase {
  planId: string;
  /** Packages of the plan, bought as one package of `quantity × gb`. */
  quantity: number;
}

/** Bytes a package of `gb` GB holds. */
export function gbToBytes(gb: number): bigint {
  return BigInt(gb) * BigInt(BYTES_PER_GB);
}

/** A plan on sale and what `quantity` of it cost, or `planNotFound`. */
async function priceTraffic(
  db: Db,
  { planId, quantity }: TrafficPurchase,
): Promise<{ plan: TrafficPlanRow; totalFen: bigint; totalGb: number }> {
  const plan = await findTrafficPlan(db, planId);
  if (!plan || !plan.active) throw new AppError('planNotFound');
  // A package's bytes are sent as a JSON number: refuse what would pass 2^53 − 1 (a plan of
  // 100 000 GB bought 100 times would), rather than answer it wrongly or fail on it.
  const maxQuantity = Math.floor(Number.MAX_SAFE_INTEGER / (plan.gb * BYTES_PER_GB));
  if (quantity > maxQuantity) throw new AppError('trafficPurchaseTooLarge', { maxQuantity });
  return {
    plan,
    totalFen: lineAmountFen({ unitPriceFen: plan.priceFen, quantity }),
    totalGb: plan.gb * quantity,
  };
}

export async function quoteTrafficPurchase({
  db,
  userId,
  purchase,
}: {
  db: Db;
  userId: string;
  purchase: TrafficPurchase;
}): Promise<TrafficQuote> {
  const { plan, totalFen, totalGb } = await priceTraffic(db, purchase);
  const balanceFen = (await findWallet(db, userId))?.balanceFen ?? 0n;
  return {
    unitPrice: fenToYuan(plan.priceFen),
    quantity: purchase.quantity,
    totalBytes: Number(gbToBytes(totalGb)),
    validityDays: plan.validityDays,
    total: fenToYuan(totalFen),
    balance: fenToYuan(balanceFen),
    sufficientBalance: balanceFen >= totalFen,
  };
}

/** Traffic fingerprints start with `'traffic'`, so a static-IP request never matches one. */
function purchaseFingerprint({ planId, quantity }: TrafficPurchase) {
  return ['traffic', planId.toLowerCase(), quantity];
}

/**
 * Buys traffic through the purchase pipeline, in ONE transaction: the idempotency key, the debit
 * (ledger type `traffic_purchase`, referencing the order number), the `traffic` order with its
 * one line, and one package of `gb × quantity` GB valid for the plan's days from `now`. Any
 * failure (insufficient balance, a clash) rolls it all back.
 *
 * With `idempotencyKey`, a repeat of the same request answers the first order and package; the
 * same key with another request is refused with `idempotencyKeyReused`.
 */
export async function purchaseTraffic({
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
  purchase: TrafficPurchase;
  idempotencyKey?: string;
  now?: Date;
}): Promise<{ order: Order; package: TrafficPackage }> {
  const orderId = await runPurchase({
    db,
    userId,
    orderType: 'traffic',
    ledgerType: 'traffic_purchase',
    idempotencyKey,
    fingerprint: purchaseFingerprint(purchase),
    now,
    price: async (tx) => {
      const { plan, totalFen, totalGb } = await priceTraffic(tx, purchase);
      return {
        lines: [
          {
            kind: 'traffic',
            planId: plan.id,
            trafficGb: plan.gb,
            durationDays: plan.validityDays,
            quantity: purchase.quantity,
            unitPriceFen: plan.priceFen,
            amountFen: totalFen,
          },
        ],
        note: formatTrafficPurchaseNote({
          gb: plan.gb,
          quantity: purchase.quantity,
          validityDays: plan.validityDays,
        }),
        plan,
        totalGb,
      };
    },
    fulfil: async (tx, { order, priced: { plan, totalGb } }) => {
      await insertTrafficPackage(tx, {
        userId,
        orderId: order.id,
        planId: plan.id,
        gb: totalGb,
        totalBytes: gbToBytes(totalGb),
        expiresAt: new Date(now.getTime() + plan.validityDays * DAY_MS),
      });
    },
  });

  const [order, traffic] = await Promise.all([
    getOrder({ db, userId, orderId, locale }),
    findTrafficPackageOfOrder(db, { userId, orderId, now: new Date() }),
  ]);
  // A key first used for another kind of purchase has a different fingerprint and never gets
  // here; a traffic order always has its package (both are written in one transaction).
  if (!traffic) throw new Error(`traffic order ${orderId} has no package`);
  return { order, package: toTrafficPackage(traffic) };
}
