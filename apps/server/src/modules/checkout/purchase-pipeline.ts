// THE one way money from the wallet becomes something bought. Static IPs, renewals and traffic
// once each re-implemented the idempotency key, the pricing, the debit with its ledger row and the
// order, and the copies drifted; the products to come plug in here too. The rules that must hold
// for every purchase (the order's total is what the wallet paid, the ledger row names the order)
// live here once, on top of the money move every wallet operation shares (money-move.ts: all or
// nothing, a repeat moves money once; operator refunds run on it too); a product supplies only
// what differs: how it prices and what it delivers. Two named steps let a product do more in
// fewer statements where it can: `tryInOneStatement` (the whole purchase as ONE autocommit
// statement, before any transaction) and `payInOneStatement` (the debit, the order and what the
// product claims in ONE statement inside the transaction); static IPs use both
// (orders/purchase-statement.ts), built from the wallet's and the order's own SQL pieces.
import type { LedgerEntryType } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { purchaseKeyStore, type IdempotencyStore } from './idempotency.ts';
import { runMoneyMove } from './money-move.ts';
import { generateOrderNo, ORDER_NUMBER_INDEX, retryOnNumberClash } from './pricing.ts';
import { mailOrderPaid } from './order-mail.ts';
import {
  findOrderById,
  insertOrderWithItems,
  type NewOrderItemRow,
  type OrderItemRow,
  type OrderRow,
} from './order-rows.ts';

/** A line of the order as the product prices it; the pipeline adds the order's id. */
export type OrderLine = Omit<NewOrderItemRow, 'orderId'>;

/** What a product's `price` step answers: the lines to charge, and whatever `fulfil` needs. */
export interface PricedPurchase {
  /** The order's lines; the wallet is debited their sum, which is also the order's total. */
  lines: OrderLine[];
  /** The ledger row's note (its reference is always the order number). */
  note?: string;
}

/** What `payInOneStatement` writes in its one statement: the debit and the order of one line. */
export interface OneStatementPayment<Priced extends PricedPurchase> {
  debit: { amountFen: bigint; type: LedgerEntryType; note: string };
  order: Pick<OrderRow, 'orderNo' | 'userId' | 'type' | 'totalFen'>;
  line: OrderLine;
  /** The key claimed earlier in the transaction, to link to the order in the same statement. */
  linkIdempotencyKey: string | undefined;
  priced: Priced;
}

/** What `payInOneStatement` wrote, as stored, and what the product claimed with it, if it did. */
export interface PaidInOneStatement<Claimed> {
  order: OrderRow;
  items: OrderItemRow[];
  claimed: Claimed | undefined;
}

export interface Purchase<Priced extends PricedPurchase, Claimed = never> {
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
   * Optional, tried first when `db` is the pool: the whole purchase in ONE autocommit statement
   * for the common case. Answers the order's id when it bought; undefined when it could not, and
   * then it must have written nothing: the transactional purchase runs, which answers every other
   * case (a replay, a refusal, waiting for a locked row).
   */
  tryInOneStatement?(db: Db): Promise<string | undefined>;
  /**
   * Optional, for an order of one line: the debit with its ledger row (the wallet's
   * `balanceChangeCtes`), the order, the key's link and whatever the product claims for it, in
   * ONE statement, three fewer while the wallet row is locked. Undefined, and nothing written,
   * when the balance could not cover the debit. `fulfil` receives what it claimed as
   * `claimedWithOrder`.
   */
  payInOneStatement?(
    tx: Tx,
    payment: OneStatementPayment<Priced>,
  ): Promise<PaidInOneStatement<Claimed> | undefined>;
  /**
   * Delivers what was paid for (allocates IPs, extends instances, grants a package…), after the
   * debit and the order exist. Throwing rolls everything back, the debit and the order included.
   * `claimedWithOrder`: with `payInOneStatement`, what its statement claimed, or undefined when
   * it claimed nothing (`fulfil` then claims it the slower way).
   */
  /**
   * False when the caller tells the buyer itself (the auto-renew job mails `instance.renewed`);
   * otherwise a paid order mails `order.paid` in its transaction.
   */
  mailPaid?: boolean;
  fulfil(
    tx: Tx,
    purchase: {
      order: OrderRow;
      items: OrderItemRow[];
      priced: Priced;
      claimedWithOrder?: Claimed;
    },
  ): Promise<void>;
}

/** The order a purchase wrote, as stored, and the IP its statement claimed, if it did. */
interface RecordedPurchase<Claimed> {
  id: string;
  order: OrderRow;
  items: OrderItemRow[];
  keyLinked: boolean;
  claimedWithOrder?: Claimed;
}

/**
 * Runs one purchase in ONE transaction, as a money move (money-move.ts): claim the idempotency
 * key (or replay its first order) → `price` → debit the wallet with its ledger row
 * (`insufficientBalance` changes nothing) → the order and its lines → `fulfil` → record the key's
 * order. Any throw rolls all of it back; an order number some other order took meanwhile runs it
 * all again with a new one (`retryOnNumberClash`).
 *
 * Resolves with the order's id, the first order's on a replay; the same key with another
 * fingerprint is refused with `idempotencyKeyReused`. Answer the customer from the order's rows
 * as stored, never from what `fulfil` worked out: read back, or (on the first run) the rows the
 * statements returned, which are the stored rows. That way a repeat answers exactly like the
 * original.
 */
export function runPurchase<Priced extends PricedPurchase, Claimed = never>(
  purchase: Purchase<Priced, Claimed>,
): Promise<string> {
  return retryOnNumberClash(ORDER_NUMBER_INDEX, () => runPurchaseOnce(purchase));
}

/** `runPurchase`, with one order number drawn. */
async function runPurchaseOnce<Priced extends PricedPurchase, Claimed = never>({
  db,
  userId,
  orderType,
  ledgerType,
  idempotencyKey,
  fingerprint,
  keyStore = purchaseKeyStore(userId),
  now,
  price,
  tryInOneStatement,
  payInOneStatement,
  mailPaid = true,
  fulfil,
}: Purchase<Priced, Claimed>): Promise<string> {
  if (tryInOneStatement && !isTransaction(db)) {
    const orderId = await tryInOneStatement(db);
    if (orderId !== undefined) {
      // The statement committed on its own, so the mail follows it at once, keyed by the order:
      // only a server dying between the two loses it. Every other purchase writes it inside.
      const order = mailPaid ? await findOrderById(db, orderId) : undefined;
      if (order) await mailOrderPaid(db, order);
      return orderId;
    }
  }
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
    ): Promise<RecordedPurchase<Claimed>> => {
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
      payInOneStatement &&
      (async (tx, { priced, idempotencyKey: claimed }) => {
        const [line, ...more] = priced.product.lines;
        if (!line || more.length > 0) throw new Error('a payment in one statement has one line');
        const paid = await payInOneStatement(tx, {
          debit: { amountFen: priced.amountFen, type: ledgerType, note: priced.note ?? '' },
          order: { orderNo: priced.reference, userId, type: orderType, totalFen: priced.totalFen },
          line,
          linkIdempotencyKey: claimed,
          priced: priced.product,
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
    fulfil: async (tx, { priced: { product }, recorded }) => {
      await fulfil(tx, {
        order: recorded.order,
        items: recorded.items,
        priced: product,
        claimedWithOrder: recorded.claimedWithOrder,
      });
      if (mailPaid) await mailOrderPaid(tx, recorded.order);
    },
  });
}

/** Whether `db` is a transaction a caller holds (drizzle's transactions alone can roll back). */
function isTransaction(db: Db): boolean {
  return 'rollback' in db;
}
