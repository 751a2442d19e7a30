import {
  CURRENCY,
  type AlipayNotifyReply,
  type PaymentNotificationOutcome,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import type { FastifyBaseLogger } from 'fastify';
import { parseAlipayTime } from '../../business-time.ts';
import { parseYuanText } from '../../money-text.ts';
import { AppError } from '../../errors.ts';
import { isAlipayChannel, isPaidTradeStatus, type AlipayChannelDriver } from './alipay.ts';
import type { PaymentChannels } from './channels.ts';
import { creditPayment } from './crediting.ts';
import {
  isUuid,
  outcomeOfCreditError,
  recordNotification,
  type NotificationVerdict,
  type ReceivedNotification,
} from './notifications.ts';
import { findPayment, type PaymentRow } from './repo.ts';

/**
 * Alipay's asynchronous notification. `success` only once the notification is verified and
 * handled (an already credited payment included), else `failure`, so Alipay retries later.
 * Nothing an unverified or mismatching notification says changes any data.
 *
 * A notification for another seller (`seller_id`) is refused with `failure` too, and logged.
 * Alipay's guide says to ignore such a notification; answering `failure` rather than `success`
 * keeps Alipay resending it (for about a day), which costs a few requests if it really is not
 * ours, but if our seller id is what is wrong (a mistyped `ALIPAY_SELLER_ID`), the buyer's
 * payment is credited by a resend once the setting is fixed, instead of having been dismissed.
 *
 * Every notification, verified or not, is then recorded in the payment's notify history with
 * what we made of it and what we answered (`recordNotification`), after its own handling: a
 * refused credit has rolled back by then, and the record cannot change the answer.
 */
export async function handleAlipayNotify({
  db,
  channels,
  appId,
  params,
  log,
}: {
  db: Db;
  channels: PaymentChannels;
  /** Our Alipay app id; a notification for another app is not ours to act on. */
  appId: string | undefined;
  params: Record<string, string>;
  log: FastifyBaseLogger;
}): Promise<AlipayNotifyReply> {
  const received: ReceivedNotification = {
    channel: 'alipay',
    outTradeNo: params.out_trade_no ?? null,
    providerTradeNo: params.trade_no ?? null,
    tradeStatus: params.trade_status ?? null,
    amountFen: parseYuanText(params.total_amount) ?? null,
  };
  let verdict: NotificationVerdict<AlipayNotifyReply>;
  try {
    verdict = await judgeAlipayNotification({ db, channels, appId, params, log });
  } catch (error) {
    // Answered with an HTTP 500 by the error handler; Alipay retries it.
    await recordNotification({
      db,
      log,
      received,
      verdict: { verified: false, outcome: 'internal-error', reply: 'http-500' },
    });
    throw error;
  }
  await recordNotification({ db, log, received, verdict });
  return verdict.reply;
}

/** What the notification is worth and how Alipay is answered: the handler's every branch. */
async function judgeAlipayNotification({
  db,
  channels,
  appId,
  params,
  log,
}: {
  db: Db;
  channels: PaymentChannels;
  appId: string | undefined;
  params: Record<string, string>;
  log: FastifyBaseLogger;
}): Promise<NotificationVerdict<AlipayNotifyReply>> {
  const channel = channels.get('alipay');
  // Set once the signature checks out: what the record says of every later refusal.
  let verified = false;
  const reject = (
    outcome: PaymentNotificationOutcome,
    reason: string,
    details: object = {},
  ): NotificationVerdict<AlipayNotifyReply> => {
    log.warn(
      { reason, outTradeNo: params.out_trade_no, ...details },
      'alipay notification refused',
    );
    return { verified, outcome, reply: 'failure' };
  };
  const accept = (outcome: PaymentNotificationOutcome): NotificationVerdict<AlipayNotifyReply> => ({
    verified,
    outcome,
    reply: 'success',
  });
  const rejectSeller = (sellerId: string) =>
    reject('seller-mismatch', 'another seller', {
      sellerId: params.seller_id ?? null,
      expectedSellerId: sellerId,
    });
  if (!channel || !isAlipayChannel(channel) || !appId) {
    return reject('not-configured', 'alipay is not configured');
  }
  if (!channel.verifyNotification(params)) return reject('bad-signature', 'bad signature');
  verified = true;
  if (params.app_id !== appId) return reject('app-id-mismatch', 'another app id');
  const knownSellerId = channel.sellerId();
  if (knownSellerId !== undefined && params.seller_id !== knownSellerId) {
    return rejectSeller(knownSellerId);
  }
  const paymentId = params.out_trade_no ?? '';
  const payment = isUuid(paymentId) ? await findPayment(db, paymentId) : undefined;
  if (!payment || payment.channel !== 'alipay') {
    return reject('unknown-payment', 'unknown out_trade_no');
  }
  if (!isPaidTradeStatus(params.trade_status)) {
    // Page-pay notifications normally report payment only; a verified "still waiting" or
    // "closed" changes nothing here (the expiry job settles the payment), and acknowledging it
    // stops Alipay from resending it for a day.
    return accept('not-final');
  }
  const paidAmountFen = parseYuanText(params.total_amount);
  if (paidAmountFen === undefined) return reject('unreadable-amount', 'unreadable total_amount');
  if (knownSellerId === undefined) {
    const refusal = await confirmUnknownSeller({ channel, payment, params, log });
    if (refusal) return reject('seller-unconfirmed', refusal);
    const sellerId = channel.sellerId();
    if (sellerId !== undefined && params.seller_id !== sellerId) return rejectSeller(sellerId);
  }
  try {
    const result = await creditPayment({
      db,
      paymentId,
      paidAmountFen,
      // Nothing to compare: page-pay notifications carry no currency parameter, their
      // `total_amount` is documented as yuan (人民币元), and our pay URLs never request a foreign
      // currency (`trans_currency`), so every trade of this channel is in CNY.
      currency: CURRENCY,
      tradeNo: params.trade_no ?? null,
      paidAt: parseAlipayTime(params.gmt_payment),
      paidBy: 'provider',
    });
    if (result.credited) {
      // A closed payment keeps its `closed_at` when credited: paid after we had closed it.
      const afterClose = result.payment.closedAt !== null;
      log.info({ paymentId, afterClose }, 'alipay payment credited');
    }
    return accept(result.credited ? 'credited' : 'already-paid');
  } catch (error) {
    if (error instanceof AppError) return reject(outcomeOfCreditError(error), error.kind);
    throw error;
  }
}

/**
 * While this server does not know our seller (no `ALIPAY_SELLER_ID`, none learned yet), the
 * notification's own word is not enough: our trade query, made under our app for our order
 * number, must say the same trade (`trade_no`) is paid. Alipay's trade numbers are unique, so
 * the notification's `seller_id` is then our seller's, and is learned (unless the query answer
 * carried one already). Answers why it refuses, or undefined.
 */
async function confirmUnknownSeller({
  channel,
  payment,
  params,
  log,
}: {
  channel: AlipayChannelDriver;
  payment: PaymentRow;
  params: Record<string, string>;
  log: FastifyBaseLogger;
}): Promise<string | undefined> {
  let trade;
  try {
    trade = await channel.queryTrade(payment);
  } catch (error) {
    log.warn({ err: error, paymentId: payment.id }, 'alipay trade query failed');
    return 'trade query failed';
  }
  if (trade.state !== 'paid' || !params.trade_no || trade.tradeNo !== params.trade_no) {
    return 'not confirmed by the trade query';
  }
  if (!params.seller_id) return 'no seller_id';
  channel.learnSellerId(params.seller_id);
  return undefined;
}
