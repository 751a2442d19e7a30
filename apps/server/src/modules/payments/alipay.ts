import { createSign, createVerify } from 'node:crypto';
import { alipayNotify, buildEndpointUrl } from '@stratus/contract';
import { formatAlipayTime, parseAlipayTime } from '../../business-time.ts';
import type { AlipayConfig } from '../../config.ts';
import { formatFen, parseYuanText } from '../../money-text.ts';
import type { PaymentChannelDriver, TradeState } from './channel-driver.ts';
import type { PaymentRow } from './repo.ts';

/**
 * The string Alipay signs: every parameter except those in `exclude` with a non-empty value,
 * sorted by name (byte order), joined as `name=value` with `&`, values raw (not URL-encoded).
 */
export function alipaySigningString(
  params: Record<string, string | undefined>,
  exclude: readonly string[],
): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** RSA2 = SHA256withRSA, base64. */
export function signRsa2(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

export function verifyRsa2(content: string, signature: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256')
      .update(content, 'utf8')
      .verify(publicKey, signature, 'base64');
  } catch {
    // A malformed signature is as good as a wrong one.
    return false;
  }
}

/**
 * The raw JSON text of `"<name>": {…}` inside an Alipay answer. The signature covers these exact
 * bytes, so the object is cut out of the text, never re-serialised after parsing.
 */
export function extractSignedObject(body: string, name: string): string | undefined {
  const keyAt = body.indexOf(`"${name}"`);
  if (keyAt < 0) return undefined;
  const start = body.indexOf('{', keyAt + name.length + 2);
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let index = start; index < body.length; index += 1) {
    const char = body[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return body.slice(start, index + 1);
    }
  }
  return undefined;
}

const PAID_STATUSES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
const REQUEST_TIMEOUT_MS = 10_000;
/**
 * `alipay.trade.close` refusals meaning the trade is past waiting for the buyer (paid, finished or
 * already closed): the trade query then says which. ACQ.TRADE_STATUS_ERROR is the documented one;
 * the others are spellings Alipay's own tables use for the same refusal.
 */
const CLOSE_REFUSED_FOR_STATUS = new Set([
  'ACQ.TRADE_STATUS_ERROR',
  'ACQ.TRADE_HAS_SUCCESS',
  'ACQ.TRADE_HAS_FINISHED',
  'ACQ.TRADE_HAS_CLOSE',
  'ACQ.REASON_TRADE_STATUS_INVALID',
  'ACQ.REASON_ILLEGAL_STATUS',
]);

export interface AlipayChannelDriver extends PaymentChannelDriver {
  readonly appId: string;
  /** Whether an asynchronous notification really comes from Alipay. */
  verifyNotification(params: Record<string, string>): boolean;
  /**
   * The seller our trades are paid to: `ALIPAY_SELLER_ID`, else the one learned (see
   * `learnSellerId`); undefined until then.
   */
  sellerId(): string | undefined;
  /**
   * Remembers the seller of our trades, read from an answer or notification Alipay signed about
   * one of our own trades. The first one learned stays: it is a property of the merchant account,
   * the same on every server, so a later different value is not ours to adopt.
   */
  learnSellerId(sellerId: string): void;
}

/** Alipay page pay (`alipay.trade.page.pay`), its trade query and close, and its notifications. */
export function createAlipayChannel(
  config: AlipayConfig,
  { fetchImpl = fetch }: { fetchImpl?: typeof fetch } = {},
): AlipayChannelDriver {
  let learnedSellerId: string | undefined;
  const commonParams = (method: string, bizContent: object, now = new Date()) => ({
    app_id: config.appId,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: formatAlipayTime(now),
    version: '1.0',
    biz_content: JSON.stringify(bizContent),
  });
  const signed = (params: Record<string, string>) => ({
    ...params,
    sign: signRsa2(alipaySigningString(params, ['sign']), config.privateKey),
  });

  /**
   * Calls an OpenAPI method and answers its response node (`alipay_trade_query_response` for
   * `alipay.trade.query`), only once Alipay's signature over those exact bytes verifies.
   */
  const call = async (
    method: string,
    bizContent: object,
  ): Promise<Record<string, string | undefined>> => {
    const params = signed(commonParams(method, bizContent));
    const response = await fetchImpl(config.gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} answered HTTP ${response.status}`);
    const signedText = extractSignedObject(text, `${method.replaceAll('.', '_')}_response`);
    const { sign } = JSON.parse(text) as { sign?: string };
    if (!signedText || !sign || !verifyRsa2(signedText, sign, config.alipayPublicKey)) {
      throw new Error(`${method} answer has no valid signature`);
    }
    return JSON.parse(signedText) as Record<string, string | undefined>;
  };
  const failed = (method: string, answer: Record<string, string | undefined>) =>
    new Error(`${method} failed: ${answer.code} ${answer.sub_code ?? ''}`);

  const channel: AlipayChannelDriver = {
    name: 'alipay',
    appId: config.appId,

    sellerId: () => config.sellerId ?? learnedSellerId,

    learnSellerId(sellerId: string) {
      learnedSellerId ??= sellerId;
    },

    createPayUrl(payment: PaymentRow): string {
      const params = signed({
        ...commonParams('alipay.trade.page.pay', {
          out_trade_no: payment.id,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: formatFen(payment.amountFen),
          subject: 'Stratus 账户充值',
          // Alipay refuses to take money after our expiry, so a late payment cannot be stranded
          // on a payment the expiry job has closed.
          time_expire: formatAlipayTime(payment.expiresAt),
        }),
        notify_url: `${config.publicUrl}${buildEndpointUrl(alipayNotify)}`,
        return_url: `${config.publicUrl}/portal/paySuccess?paymentId=${payment.id}`,
      });
      return `${config.gateway}?${new URLSearchParams(params).toString()}`;
    },

    async queryTrade(payment: PaymentRow): Promise<TradeState> {
      const answer = await call('alipay.trade.query', { out_trade_no: payment.id });
      if (answer.code === '40004' && answer.sub_code === 'ACQ.TRADE_NOT_EXIST') {
        // The cashier page was never paid from: Alipay has no trade at all.
        return { state: 'unpaid' };
      }
      if (answer.code !== '10000') throw failed('alipay.trade.query', answer);
      if (answer.out_trade_no && answer.out_trade_no !== payment.id) {
        throw new Error('alipay.trade.query answered about another trade');
      }
      // Alipay's reference lists no seller_id in this answer, but where it carries one, it is
      // signed and about a trade we asked for under our own app: our seller.
      if (answer.seller_id) channel.learnSellerId(answer.seller_id);
      const status = answer.trade_status ?? '';
      if (PAID_STATUSES.has(status)) {
        return {
          state: 'paid',
          amountFen: parseYuanText(answer.total_amount),
          currency: 'CNY',
          tradeNo: answer.trade_no,
          paidAt: parseAlipayTime(answer.send_pay_date),
        };
      }
      return { state: status === 'TRADE_CLOSED' ? 'closed' : 'unpaid' };
    },

    async closeTrade(payment: PaymentRow): Promise<TradeState> {
      const answer = await call('alipay.trade.close', { out_trade_no: payment.id });
      if (answer.code === '10000') {
        if (answer.out_trade_no && answer.out_trade_no !== payment.id) {
          throw new Error('alipay.trade.close answered about another trade');
        }
        return { state: 'closed' };
      }
      if (answer.code === '40004' && answer.sub_code === 'ACQ.TRADE_NOT_EXIST') {
        // Page pay creates the trade only once the buyer opens the cashier and logs in or scans:
        // none yet, so none to close. Should the buyer still pay from a page left open, the
        // verified notification credits the closed payment (see creditPayment).
        return { state: 'closed' };
      }
      if (answer.code === '40004' && CLOSE_REFUSED_FOR_STATUS.has(answer.sub_code ?? '')) {
        const trade = await channel.queryTrade(payment);
        if (trade.state === 'unpaid') {
          throw new Error('alipay.trade.close refused a trade the query says is still unpaid');
        }
        return trade;
      }
      throw failed('alipay.trade.close', answer);
    },

    verifyNotification(params: Record<string, string>): boolean {
      const { sign, sign_type: signType } = params;
      if (!sign || (signType !== undefined && signType !== 'RSA2')) return false;
      // Notifications, unlike requests, leave sign_type out of the signed string.
      const content = alipaySigningString(params, ['sign', 'sign_type']);
      return verifyRsa2(content, sign, config.alipayPublicKey);
    },
  };
  return channel;
}

/** Trade statuses of a notification that mean the buyer has paid. */
export function isPaidTradeStatus(status: string | undefined): boolean {
  return PAID_STATUSES.has(status ?? '');
}

export function isAlipayChannel(driver: PaymentChannelDriver): driver is AlipayChannelDriver {
  return driver.name === 'alipay' && 'sellerId' in driver;
}
