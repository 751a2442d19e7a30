import { CURRENCY } from '@stratus/contract';
import type { Db } from '@stratus/db';
import { AppError } from '../../plugins/errors.ts';
import { changeBalance } from '../wallet/service.ts';
import type { PaymentChannels } from './channels.ts';
import { lockPayment, markPaymentClosed, markPaymentPaid, type PaymentRow } from './repo.ts';

export interface CreditResult {
  payment: PaymentRow;
  /** False when an earlier completion or notification had already credited it. */
  credited: boolean;
}

/**
 * Credits a payment the provider says is paid, on a row the caller has locked in `tx`. Already
 * paid → returned unchanged (idempotent); closed, paid after expiry, or a different amount or
 * currency → AppError and nothing changes.
 */
async function creditLockedPayment({
  tx,
  payment,
  paidAmountFen,
  currency,
  tradeNo,
  paidAt,
  now,
}: {
  tx: Db;
  payment: PaymentRow;
  paidAmountFen: bigint;
  currency: string;
  tradeNo: string | null;
  paidAt: Date | undefined;
  now: Date;
}): Promise<CreditResult> {
  if (payment.status === 'paid') return { payment, credited: false };
  if (payment.status === 'closed') throw new AppError('paymentNotPending');
  if ((paidAt ?? now) > payment.expiresAt) throw new AppError('paymentNotPending');
  if (paidAmountFen !== payment.amountFen || currency !== payment.currency) {
    throw new AppError('paymentAmountMismatch');
  }
  const paid = await markPaymentPaid(tx, {
    id: payment.id,
    providerTradeNo: tradeNo,
    paidAt: paidAt ?? now,
  });
  await changeBalance({
    tx,
    userId: payment.userId,
    amountFen: payment.amountFen,
    type: 'topup',
    reference: payment.id,
    note: payment.channel,
  });
  return { payment: paid, credited: true };
}

/**
 * The one crediting path for every channel: the sandbox cashier's confirm, a verified provider
 * notification and the expiry job's trade query all land here. One transaction locks the payment
 * row (`SELECT … FOR UPDATE`) before looking at its status, so however many completions arrive at
 * once the first one credits and the others find it paid: each payment is credited exactly once.
 */
export async function creditPayment({
  db,
  paymentId,
  paidAmountFen,
  currency,
  tradeNo,
  paidAt,
  now = new Date(),
}: {
  db: Db;
  paymentId: string;
  paidAmountFen: bigint;
  currency: string;
  tradeNo: string | null;
  /** When the buyer paid by the provider's clock; defaults to now. Must not be after expiry. */
  paidAt?: Date;
  now?: Date;
}): Promise<CreditResult> {
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new AppError('paymentNotFound');
    return creditLockedPayment({ tx, payment, paidAmountFen, currency, tradeNo, paidAt, now });
  });
}

/**
 * Settles a payment nobody has reported paid, on a row locked in `tx`: asks the channel first,
 * so a trade paid at the provider is credited instead of closed.
 */
export async function settleLockedPayment({
  tx,
  channels,
  payment,
  now,
}: {
  tx: Db;
  channels: PaymentChannels;
  payment: PaymentRow;
  now: Date;
}): Promise<PaymentRow> {
  if (payment.status !== 'pending') return payment;
  const channel = channels.get(payment.channel);
  // A channel switched off since cannot be asked; its payment can only close.
  const trade = channel ? await channel.queryTrade(payment) : { state: 'unpaid' as const };
  if (trade.state === 'paid') {
    const result = await creditLockedPayment({
      tx,
      payment,
      paidAmountFen: trade.amountFen ?? -1n,
      currency: trade.currency ?? CURRENCY,
      tradeNo: trade.tradeNo ?? null,
      // The provider took the money, and it refuses payments after `time_expire`.
      paidAt: trade.paidAt ?? payment.expiresAt,
      now,
    });
    return result.payment;
  }
  return markPaymentClosed(tx, { id: payment.id, closedAt: now });
}
