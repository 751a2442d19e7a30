import { errors, type ErrorName, type PaymentNotificationOutcome } from '@stratus/contract';
import type { Db } from '@stratus/db';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import type { PaymentChannels } from './channels.ts';
import { creditPayment } from './crediting.ts';
import {
  outcomeOfCreditError,
  recordNotification,
  type ReceivedNotification,
} from './notifications.ts';
import { findPayment } from './repo.ts';
import {
  isWechatPayChannel,
  parseWechatTime,
  paymentIdOfOutTradeNo,
  type WechatSignedHeaders,
  type WechatTransaction,
} from './wechat-pay.ts';

/** How a notification is answered: 204, or the error WeChat Pay gets (and retries on). */
type WechatNotifyReply = 'http-204' | ErrorName;

interface WechatVerdict {
  verified: boolean;
  outcome: PaymentNotificationOutcome;
  reply: WechatNotifyReply;
  /** What the decrypted resource said, for the record. */
  transaction?: WechatTransaction;
}

/** Refusals by outcome: what WeChat Pay is answered (every one a 4xx, so it retries). */
function refusalOf(outcome: PaymentNotificationOutcome): ErrorName {
  switch (outcome) {
    case 'not-configured':
      return 'wechatPayNotConfigured';
    case 'bad-signature':
    case 'stale-timestamp':
    case 'undecryptable':
      return 'wechatPayNotificationUnverified';
    default:
      return 'wechatPayNotificationRefused';
  }
}

/**
 * WeChat Pay's payment notification. Answers (resolves) only once it is verified and handled, an
 * already credited payment included: the route then answers 204. Anything else throws the
 * AppError WeChat Pay gets as a 4xx (5xx for our own failures), and it retries the notification
 * later. Nothing an unverified or mismatching notification says changes any data.
 *
 * Every notification, verified or not, is recorded in the notify history with what we made of
 * it and what we answered, after its own handling (a refused credit has rolled back by then).
 */
export async function handleWechatPayNotify({
  db,
  channels,
  headers,
  body,
  log,
  now = new Date(),
}: {
  db: Db;
  channels: PaymentChannels;
  headers: WechatSignedHeaders;
  /** The body exactly as received: the signature covers these bytes. */
  body: string;
  log: FastifyBaseLogger;
  now?: Date;
}): Promise<void> {
  let verdict: WechatVerdict;
  try {
    verdict = await judgeWechatNotification({ db, channels, headers, body, log, now });
  } catch (error) {
    // Answered with an HTTP 500 by the error handler; WeChat Pay retries it.
    await recordNotification({
      db,
      log,
      received: receivedOf(undefined),
      verdict: { verified: false, outcome: 'internal-error', reply: 'http-500' },
    });
    throw error;
  }
  await recordNotification({
    db,
    log,
    received: receivedOf(verdict.transaction),
    verdict: {
      verified: verdict.verified,
      outcome: verdict.outcome,
      // The HTTP status WeChat Pay got: 204, or the refusal's.
      reply: verdict.reply === 'http-204' ? verdict.reply : `http-${errors[verdict.reply].status}`,
    },
  });
  if (verdict.reply !== 'http-204') throw new AppError(verdict.reply);
}

/** The record of a notification: only a decrypted resource says anything about the trade. */
function receivedOf(transaction: WechatTransaction | undefined): ReceivedNotification {
  const outTradeNo = transaction?.out_trade_no;
  const total = transaction?.amount?.total;
  return {
    channel: 'wechat',
    // Our payment id when the order number is one of ours, so the history links the payment.
    outTradeNo: outTradeNo ? (paymentIdOfOutTradeNo(outTradeNo) ?? outTradeNo) : null,
    providerTradeNo: transaction?.transaction_id ?? null,
    tradeStatus: transaction?.trade_state ?? null,
    amountFen: Number.isSafeInteger(total) ? BigInt(total!) : null,
  };
}

/** What the notification is worth and how WeChat Pay is answered: the handler's every branch. */
async function judgeWechatNotification({
  db,
  channels,
  headers,
  body,
  log,
  now,
}: {
  db: Db;
  channels: PaymentChannels;
  headers: WechatSignedHeaders;
  body: string;
  log: FastifyBaseLogger;
  now: Date;
}): Promise<WechatVerdict> {
  const channel = channels.get('wechat');
  // Filled in as the notification checks out: what the record says of every later refusal.
  const seen: { verified: boolean; transaction?: WechatTransaction } = { verified: false };
  const reject = (outcome: PaymentNotificationOutcome, reason: string): WechatVerdict => {
    log.warn(
      { reason, outTradeNo: seen.transaction?.out_trade_no ?? null },
      'wechat pay notification refused',
    );
    return { ...seen, outcome, reply: refusalOf(outcome) };
  };
  const accept = (outcome: PaymentNotificationOutcome): WechatVerdict => ({
    ...seen,
    outcome,
    reply: 'http-204',
  });
  if (!isWechatPayChannel(channel)) return reject('not-configured', 'wechat pay is not configured');
  const opened = channel.openNotification({ headers, body, now });
  if (!opened.ok) return reject(opened.fault, opened.fault);
  const { transaction } = opened;
  seen.verified = true;
  seen.transaction = transaction;
  if (transaction.mchid !== channel.mchId) return reject('merchant-mismatch', 'another mchid');
  if (transaction.appid !== channel.appId) return reject('app-id-mismatch', 'another appid');
  const paymentId = paymentIdOfOutTradeNo(transaction.out_trade_no ?? '');
  const payment = paymentId ? await findPayment(db, paymentId) : undefined;
  if (!payment || payment.channel !== 'wechat') {
    return reject('unknown-payment', 'unknown out_trade_no');
  }
  if (opened.eventType !== 'TRANSACTION.SUCCESS' || transaction.trade_state !== 'SUCCESS') {
    // Only payment is notified today; a verified anything-else changes nothing here, and
    // acknowledging it stops WeChat Pay from resending it.
    return accept('not-final');
  }
  const total = transaction.amount?.total;
  if (!Number.isSafeInteger(total) || total! <= 0) {
    return reject('unreadable-amount', 'unreadable amount.total');
  }
  try {
    const result = await creditPayment({
      db,
      paymentId: payment.id,
      paidAmountFen: BigInt(total!),
      currency: transaction.amount?.currency ?? '',
      tradeNo: transaction.transaction_id ?? null,
      paidAt: parseWechatTime(transaction.success_time),
      paidBy: 'provider',
      now,
    });
    if (result.credited) {
      // A closed payment keeps its `closed_at` when credited: paid after we had closed it.
      const afterClose = result.payment.closedAt !== null;
      log.info({ paymentId: payment.id, afterClose }, 'wechat pay payment credited');
    }
    return accept(result.credited ? 'credited' : 'already-paid');
  } catch (error) {
    if (error instanceof AppError) return reject(outcomeOfCreditError(error), error.kind);
    throw error;
  }
}
