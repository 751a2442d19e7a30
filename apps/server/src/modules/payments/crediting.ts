import {
  CURRENCY,
  formatTopUpNote,
  receiptNumberOf,
  receiptPagePath,
  translate,
} from '@stratus/contract';
import { isUniqueViolation, type Db, type Tx } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { mailYuan, queueUserMail } from '../messages/public.ts';
import { changeBalance } from '../wallet/public.ts';
import type { PaymentChannels, TradeState } from './channels.ts';
import { lockPayment, markPaymentClosed, markPaymentPaid, type PaymentRow } from './repo.ts';

export interface CreditResult {
  payment: PaymentRow;
  /** False when an earlier completion or notification had already credited it. */
  credited: boolean;
}

/**
 * Who says the payment is paid. `provider`: the provider itself, in a notification or an answer
 * whose signature verified. The buyer's money has moved then, so neither our expiry nor our close
 * refuses the credit: a payment closed here moves closed → paid, and its ledger note says so.
 * `operator`: finance marking paid, with the provider's trade number, a payment confirmed outside
 * the system (audited in the same transaction): like the provider's word, it credits a payment
 * closed or expired here meanwhile. `sandbox`: the built-in cashier's confirm, refused once the
 * payment is closed or expired.
 */
export type PaidBy = 'provider' | 'operator' | 'sandbox';

/**
 * Credits a payment reported paid, on a row the caller has locked in `tx`. Already paid →
 * returned unchanged (idempotent); a different amount or currency, or a sandbox confirm of a
 * closed or expired payment → AppError and nothing changes.
 */
async function creditLockedPayment({
  tx,
  payment,
  paidAmountFen,
  currency,
  tradeNo,
  paidAt,
  paidBy,
  now,
}: {
  tx: Tx;
  payment: PaymentRow;
  paidAmountFen: bigint;
  currency: string;
  tradeNo: string | null;
  paidAt: Date | undefined;
  paidBy: PaidBy;
  now: Date;
}): Promise<CreditResult> {
  if (payment.status === 'paid') return { payment, credited: false };
  const creditedAfterClose = payment.status === 'closed';
  if (paidBy === 'sandbox' && (creditedAfterClose || now > payment.expiresAt)) {
    throw new AppError('paymentNotPending');
  }
  if (paidAmountFen !== payment.amountFen || currency !== payment.currency) {
    throw new AppError('paymentAmountMismatch');
  }
  const paid = await markPaymentPaid(tx, {
    id: payment.id,
    providerTradeNo: tradeNo,
    paidAt: paidAt ?? now,
    from: payment.status,
  });
  const entry = await changeBalance({
    tx,
    userId: payment.userId,
    amountFen: payment.amountFen,
    type: 'topup',
    reference: payment.id,
    note: formatTopUpNote(payment.channel, creditedAfterClose),
  });
  // Told in the credit's own transaction: credited and mailed, or neither.
  await queueUserMail(tx, {
    userId: payment.userId,
    template: 'payment.credited',
    values: (locale) => ({
      amount: mailYuan(payment.amountFen),
      balance: mailYuan(entry.balanceAfterFen),
      channel: translate(locale, `payments.channel.${payment.channel}`),
      receiptNo: receiptNumberOf(payment.paymentNo),
    }),
    data: {
      paymentId: payment.id,
      channel: payment.channel,
      amountFen: payment.amountFen.toString(),
      balanceFen: entry.balanceAfterFen.toString(),
    },
    path: receiptPagePath('topup', payment.id),
    dedupeKey: `payment.credited:${payment.userId}:${payment.id}`,
  });
  return { payment: paid, credited: true };
}

/**
 * The one crediting path for every channel: the sandbox cashier's confirm, a verified provider
 * notification and the provider's answer when we close its trade all land here. One transaction
 * locks the payment row (`SELECT … FOR UPDATE`) before looking at its status, so however many
 * completions arrive at once the first one credits and the others find it paid: each payment is
 * credited exactly once.
 *
 * `inTransaction` is the caller's own step in that transaction, given what the credit did: an
 * operator's audit entry, written there, commits with the credit or not at all, and a step that
 * throws rolls the credit back.
 *
 * A trade number another payment of the channel holds is refused with `paymentTradeNoTaken`
 * (409), also when both write it at the same instant.
 */
export async function creditPayment({
  db,
  paymentId,
  paidAmountFen,
  currency,
  tradeNo,
  paidAt,
  paidBy,
  now = new Date(),
  inTransaction,
}: {
  db: Db;
  paymentId: string;
  paidAmountFen: bigint;
  currency: string;
  tradeNo: string | null;
  /** When the buyer paid by the provider's clock; defaults to now. */
  paidAt?: Date;
  paidBy: PaidBy;
  now?: Date;
  inTransaction?: (tx: Tx, result: CreditResult & { before: PaymentRow }) => Promise<void>;
}): Promise<CreditResult> {
  try {
    return await creditInTransaction({
      db,
      paymentId,
      paidAmountFen,
      currency,
      tradeNo,
      paidAt,
      paidBy,
      now,
      inTransaction,
    });
  } catch (error) {
    // The trade number is another payment's of the channel (an operator's mark-paid, a sync or a
    // notification got there first, or at the same instant): the unique index refused it, and
    // every path that writes a trade number answers that as the one clear refusal.
    if (tradeNo !== null && isUniqueViolation(error, 'payments_channel_provider_trade_no_key')) {
      throw new AppError('paymentTradeNoTaken', { tradeNo }, null, { cause: error });
    }
    throw error;
  }
}

async function creditInTransaction({
  db,
  paymentId,
  paidAmountFen,
  currency,
  tradeNo,
  paidAt,
  paidBy,
  now,
  inTransaction,
}: Parameters<typeof creditPayment>[0] & { now: Date }): Promise<CreditResult> {
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new AppError('paymentNotFound');
    const result = await creditLockedPayment({
      tx,
      payment,
      paidAmountFen,
      currency,
      tradeNo,
      paidAt,
      paidBy,
      now,
    });
    await inTransaction?.(tx, { ...result, before: payment });
    return result;
  });
}

export interface CloseResult {
  payment: PaymentRow;
  /**
   * `closed` by this call; `credited` by this call, the buyer having paid at the provider;
   * `unchanged` when a notification or another server had settled it meanwhile.
   */
  outcome: 'closed' | 'credited' | 'unchanged';
}

/**
 * Closes a payment nobody has reported paid: the customer's cancel and the expiry job share it.
 * The provider closes its trade first, so it takes no money after we close ours; a trade the buyer
 * has paid already cannot close and is credited instead. That call runs with no transaction open
 * (no row lock waits on the network); then one short transaction locks the row and applies the
 * answer to whatever state the row has reached meanwhile.
 */
export async function closePayment({
  db,
  channels,
  payment,
  now,
}: {
  db: Db;
  channels: PaymentChannels;
  payment: PaymentRow;
  now: Date;
}): Promise<CloseResult> {
  const channel = channels.get(payment.channel);
  // A channel switched off since cannot be asked; its payment can only close.
  const trade: TradeState = channel
    ? await channel.closeTrade(payment)
    : { state: 'closed' as const };
  return db.transaction(async (tx) => {
    const locked = await lockPayment(tx, payment.id);
    if (!locked) throw new AppError('paymentNotFound');
    if (trade.state === 'paid') {
      const result = await creditLockedPayment({
        tx,
        payment: locked,
        paidAmountFen: trade.amountFen ?? -1n,
        currency: trade.currency ?? CURRENCY,
        tradeNo: trade.tradeNo ?? null,
        paidAt: trade.paidAt,
        paidBy: 'provider',
        now,
      });
      return { payment: result.payment, outcome: result.credited ? 'credited' : 'unchanged' };
    }
    if (locked.status !== 'pending') return { payment: locked, outcome: 'unchanged' };
    return {
      payment: await markPaymentClosed(tx, { id: locked.id, closedAt: now }),
      outcome: 'closed',
    };
  });
}

/**
 * Closes a still pending payment without its provider, for the expiry job once the provider has
 * been unreachable for long: answers the closed row, or undefined when it is pending no more.
 */
export async function closePaymentUnasked({
  db,
  paymentId,
  now,
}: {
  db: Db;
  paymentId: string;
  now: Date;
}): Promise<PaymentRow | undefined> {
  return db.transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (locked?.status !== 'pending') return undefined;
    return markPaymentClosed(tx, { id: paymentId, closedAt: now });
  });
}
