// The notify history: every notification a payment provider sends us (Alipay's asynchronous
// notify, the sandbox cashier's confirm), verified or not, with what we made of it and what we
// answered. Operators read it to tell "the customer paid but was not credited" from "the
// provider never told us" or "someone forged a notification".
import { translate, type PaymentChannel, type PaymentNotificationOutcome } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AppError } from '../../errors.ts';
import { mailTime, queueStaffMail } from '../messages/public.ts';
import { findPayment, insertPaymentNotification } from './repo.ts';

const HOUR_MS = 3_600_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` has the shape of one of our payment ids (the provider's `out_trade_no`). */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}

/** What a notification said, as received (nothing of it trusted). */
export interface ReceivedNotification {
  channel: PaymentChannel;
  outTradeNo: string | null;
  providerTradeNo: string | null;
  tradeStatus: string | null;
  amountFen: bigint | null;
}

/** What we made of a notification and what the provider was answered. */
export interface NotificationVerdict<Reply extends string = string> {
  verified: boolean;
  outcome: PaymentNotificationOutcome;
  reply: Reply;
}

/** The outcome of a credit the crediting path refused (its transaction rolled back). */
export function outcomeOfCreditError(error: AppError): PaymentNotificationOutcome {
  switch (error.kind) {
    case 'paymentAmountMismatch':
      return 'amount-mismatch';
    case 'paymentNotPending':
      return 'not-pending';
    case 'paymentNotFound':
      return 'unknown-payment';
    default:
      return 'internal-error';
  }
}

/**
 * Records one notification, linked to the payment its order number names when that is one of
 * ours on the same channel (a forged notification about a real payment shows in its history
 * too). Runs after the notification was handled, outside any crediting transaction, and never
 * throws: a record that cannot be written is logged, and the provider's answer stays the same.
 */
export async function recordNotification({
  db,
  log,
  received,
  verdict,
}: {
  db: Db;
  log: FastifyBaseLogger;
  received: ReceivedNotification;
  verdict: NotificationVerdict;
}): Promise<void> {
  try {
    const { outTradeNo } = received;
    const payment =
      outTradeNo && isUuid(outTradeNo) ? await findPayment(db, outTradeNo) : undefined;
    await db.transaction(async (tx) => {
      const row = await insertPaymentNotification(tx, {
        ...received,
        ...verdict,
        paymentId: payment?.channel === received.channel ? payment.id : null,
      });
      if (verdict.outcome === 'bad-signature') await mailFailedVerification(tx, row);
    });
  } catch (error) {
    log.error(
      { err: error, outTradeNo: received.outTradeNo, outcome: verdict.outcome },
      'could not record a payment notification',
    );
  }
}

/**
 * `payment.notification_failed` to whoever manages payments, in the transaction that records the
 * notification: at most once an hour per channel, so a flood of forged notifications is one mail.
 */
async function mailFailedVerification(
  tx: Tx,
  row: { id: number; channel: PaymentChannel; receivedAt: Date; outcome: string },
): Promise<void> {
  const hour = Math.floor(row.receivedAt.getTime() / HOUR_MS);
  await queueStaffMail(tx, {
    permission: 'payments.manage',
    template: 'payment.notification_failed',
    values: (locale) => ({
      channel: translate(locale, `payments.channel.${row.channel}`),
      receivedAt: mailTime(row.receivedAt),
      reason: row.outcome,
    }),
    data: {
      notificationId: String(row.id),
      channel: row.channel,
      outcome: row.outcome,
      receivedAt: row.receivedAt.toISOString(),
    },
    path: '/admin/payments',
    dedupeKey: `payment.notification_failed:${row.channel}:${hour}`,
  });
}
