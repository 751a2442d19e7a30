// THE one way money from the wallet becomes something bought. Static IPs, renewals and traffic
// once each re-implemented the idempotency key, the pricing, the debit with its ledger row and the
// order, and the copies drifted; the products to come plug in here too. The rules that must hold
// for every purchase (the order's total is what the wallet paid, the ledger row names the order)
// live here once, on top of the money move every wallet operation shares (money-move.ts: all or
// nothing, a repeat moves money once; operator refunds run on it too); a product supplies only
// what differs: how it prices and what it delivers.
import type { LedgerEntryType } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { purchaseKeyStore, type IdempotencyStore } from './idempotency.ts';
import { runMoneyMove } from './money-move.ts';
import { generateOrderNo } from './pricing.ts';
import {
  insertOrderWithItems,
  insertPaidOrderClaimingIp,
  type ClaimedIpWithInstance,
  type NewOrderItemRow,
  type OrderItemRow,
  type OrderRow,
} from './repo.ts';

/** A line of the order as the product prices it; the pipeline adds the order's id. */
export type OrderLine = Omit<NewOrderItemRow, 'orderId'>;

/** What a product's `price` step answers: the lines to charge, and whatever `fulfil` needs. */
export interface PricedPurchase {
  /** The order's lines; the wallet is debited their sum, which is also the order's total. */
  lines: OrderLine[];
  /** The ledger row's note (its reference is always the order number). */
  note?: string;
}

export interface Purchase<Priced extends PricedPurchase> {
  /** The pool, or a transaction the caller holds: then the purchase runs as a savepoint in it. */
  db: Db;
  userId: string;
  orderType: OrderRow['type'];
  ledgerType: LedgerEntryType;
  /** With a key, a repeat of the same request buys nothing and answers the first order. */
  idempotencyKey?: string;
  /**
   * What makes two requests "the same" for `idempotencyKey`: the request's parts, hashed. Parts
   * of two products must never coincide (start them with the product's name), so one key can
   * never replay another product's order.
   */
  fingerprint: readonly unknown[];
  /**
   * Where the key is claimed: the customer's purchase keys (`purchaseKeyStore`) unless given; a
   * product may give a store over the same keys whose claim also reads what `price` needs.
   */
  keyStore?: IdempotencyStore;
  now: Date;
  /**
   * Works out what is bought and what it costs, inside the transaction, after the key is ours
   * and before any money moves: lock here what must not change before `fulfil` (renewals lock
   * their instances), and throw `AppError` to refuse.
   */
  price(tx: Tx): Promise<Priced>;
  /**
   * Optional, for a purchase of one static IP: the IP to claim (SKIP LOCKED) and the instance to
   * create on it, in the very statement that debits the wallet and writes the order and its one
   * line (`insertPaidOrderClaimingIp`): three statements fewer while the wallet row is locked.
   * `fulfil` receives what it claimed as `claimedWithOrder`.
   */
  claimIpWithOrder?(priced: Priced): IpClaimWithOrder;
  /**
   * Delivers what was paid for (allocates IPs, extends instances, grants a package…), after the
   * debit and the order exist. Throwing rolls everything back, the debit and the order included.
   * `claimedWithOrder`: with `claimIpWithOrder`, the IP and instance the order's statement
   * claimed and created, or undefined when no IP was free to take without waiting (`fulfil`
   * then waits for one).
   */
  fulfil(
    tx: Tx,
    purchase: {
      order: OrderRow;
      items: OrderItemRow[];
      priced: Priced;
      claimedWithOrder?: ClaimedIpWithInstance;
    },
  ): Promise<void>;
}

/** The order a purchase wrote, as stored, and the IP its statement claimed, if it did. */
interface RecordedPurchase {
  id: string;
  order: OrderRow;
  items: OrderItemRow[];
  keyLinked: boolean;
  claimedWithOrder?: ClaimedIpWithInstance;
}

/** What `claimIpWithOrder` asks for: one IP of a region and line type, and its instance. */
export type IpClaimWithOrder = Parameters<typeof insertPaidOrderClaimingIp>[1]['ip'];

/**
 * Runs one purchase in ONE transaction, as a money move (money-move.ts): claim the idempotency
 * key (or replay its first order) → `price` → debit the wallet with its ledger row
 * (`insufficientBalance` changes nothing) → the order and its lines → `fulfil` → record the key's
 * order. Any throw rolls all of it back.
 *
 * Resolves with the order's id, the first order's on a replay; the same key with another
 * fingerprint is refused with `idempotencyKeyReused`. Answer the customer from the order's rows
 * as stored, never from what `fulfil` worked out: read back, or (on the first run) the rows the
 * statements returned, which are the stored rows. That way a repeat answers exactly like the
 * original.
 */
export async function runPurchase<Priced extends PricedPurchase>({
  db,
  userId,
  orderType,
  ledgerType,
  idempotencyKey,
  fingerprint,
  keyStore = purchaseKeyStore(userId),
  now,
  price,
  claimIpWithOrder,
  fulfil,
}: Purchase<Priced>): Promise<string> {
  return runMoneyMove({
    db,
    idempotency:
      idempotencyKey === undefined
        ? undefined
        : { key: idempotencyKey, fingerprint, store: keyStore },
    price: async (tx) => {
      const priced = await price(tx);
      if (priced.lines.length === 0) throw new Error('a purchase needs at least one line');
      const totalFen = priced.lines.reduce((sum, line) => sum + line.amountFen, 0n);
      return {
        userId,
        amountFen: -totalFen,
        ledgerType,
        reference: generateOrderNo({ type: orderType, now }),
        note: priced.note,
        totalFen,
        product: priced,
      };
    },
    record: async (
      tx,
      { priced: { reference, totalFen, product }, idempotencyKey: claimed },
    ): Promise<RecordedPurchase> => {
      // The claimed key (a customer's purchase key, purchaseKeyStore) is linked to the order in
      // the order's own statement.
      const { order, items } = await insertOrderWithItems(
        tx,
        { orderNo: reference, userId, type: orderType, totalFen },
        product.lines,
        { linkIdempotencyKey: claimed },
      );
      return { id: order.id, order, items, keyLinked: claimed !== undefined };
    },
    recordWithBalanceChange:
      claimIpWithOrder &&
      (async (tx, { priced, idempotencyKey: claimed }) => {
        const [line, ...more] = priced.product.lines;
        if (!line || more.length > 0) throw new Error('a purchase of one IP has one line');
        const paid = await insertPaidOrderClaimingIp(tx, {
          debit: { amountFen: priced.amountFen, type: ledgerType, note: priced.note ?? '' },
          order: { orderNo: priced.reference, userId, type: orderType, totalFen: priced.totalFen },
          line,
          linkIdempotencyKey: claimed,
          ip: claimIpWithOrder(priced.product),
        });
        return (
          paid && {
            id: paid.order.id,
            order: paid.order,
            items: paid.items,
            keyLinked: claimed !== undefined,
            claimedWithOrder: paid.claimed,
          }
        );
      }),
    fulfil: (tx, { priced: { product }, recorded }) =>
      fulfil(tx, {
        order: recorded.order,
        items: recorded.items,
        priced: product,
        claimedWithOrder: recorded.claimedWithOrder,
      }),
  });
}
