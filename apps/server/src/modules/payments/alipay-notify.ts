import { CURRENCY, type AlipayNotifyReply } from '@stratus/contract';
import type { Db } from '@stratus/db';
import type { FastifyBaseLogger } from 'fastify';
import { parseChinaTime } from '../../china-time.ts';
import { parseYuanText } from '../../money-text.ts';
import { AppError } from '../../plugins/errors.ts';
import { isPaidTradeStatus } from './alipay.ts';
import type { PaymentChannels } from './channels.ts';
import { creditPayment } from './crediting.ts';
import { findPayment } from './repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Alipay's asynchronous notification. `success` only once the notification is verified and
 * handled (an already credited payment included), else `failure`, so Alipay retries later.
 * Nothing an unverified or mismatching notification says changes any data.
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
  const channel = channels.get('alipay');
  const reject = (reason: string): AlipayNotifyReply => {
    log.warn({ reason, outTradeNo: params.out_trade_no }, 'alipay notification refused');
    return 'failure';
  };
  if (!channel || !appId) return reject('alipay is not configured');
  if (!channel.verifyNotification(params)) return reject('bad signature');
  if (params.app_id !== appId) return reject('another app id');
  const paymentId = params.out_trade_no ?? '';
  if (!UUID.test(paymentId)) return reject('unknown out_trade_no');
  const payment = await findPayment(db, paymentId);
  if (!payment || payment.channel !== 'alipay') return reject('unknown out_trade_no');
  if (!isPaidTradeStatus(params.trade_status)) {
    // Page-pay notifications normally report payment only; a verified "still waiting" or
    // "closed" changes nothing here (the expiry job settles the payment), and acknowledging it
    // stops Alipay from resending it for a day.
    return 'success';
  }
  const paidAmountFen = parseYuanText(params.total_amount);
  if (paidAmountFen === undefined) return reject('unreadable total_amount');
  try {
    const { credited } = await creditPayment({
      db,
      paymentId,
      paidAmountFen,
      // Nothing to compare: page-pay notifications carry no currency parameter, their
      // `total_amount` is documented as yuan (人民币元), and our pay URLs never request a foreign
      // currency (`trans_currency`), so every trade of this channel is in CNY.
      currency: CURRENCY,
      tradeNo: params.trade_no ?? null,
      paidAt: parseChinaTime(params.gmt_payment),
    });
    if (credited) log.info({ paymentId }, 'alipay payment credited');
    return 'success';
  } catch (error) {
    if (error instanceof AppError) return reject(error.kind);
    throw error;
  }
}
