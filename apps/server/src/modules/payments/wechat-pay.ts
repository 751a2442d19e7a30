// WeChat Pay API v3, Native payment (the buyer scans a QR code): opening, querying and closing
// trades, and opening its notifications. Written against WeChat Pay's published v3 rules:
// requests signed `WECHATPAY2-SHA256-RSA2048` with the merchant key, every answer and notification
// verified with WeChat Pay's public key (public-key mode) or platform certificate (certificate
// mode), notification resources decrypted with the APIv3 key (AEAD_AES_256_GCM).
import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { buildEndpointUrl, CURRENCY, wechatPayNotify } from '@stratus/contract';
import type { WechatPayConfig } from '../../config.ts';
import type { PaymentChannelDriver, StartedTrade, TradeState } from './channel-driver.ts';
import type { PaymentRow } from './repo.ts';

const REQUEST_TIMEOUT_MS = 10_000;
/** How far a signed timestamp (answer or notification) may be from our clock. */
export const WECHATPAY_TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;
const SIGNATURE_TYPE = 'WECHATPAY2-SHA256-RSA2048';
/** The 16-byte GCM authentication tag WeChat Pay appends to every ciphertext. */
const GCM_TAG_BYTES = 16;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/**
 * Our payment id as WeChat Pay's `out_trade_no`: the UUID without its dashes, 32 characters,
 * the most the field takes (6–32 of digits, letters, `_-|*`).
 */
export function wechatOutTradeNo(paymentId: string): string {
  return paymentId.replaceAll('-', '').toLowerCase();
}

/** Our payment id from an `out_trade_no` (32 hex digits); undefined when it is not one of ours. */
export function paymentIdOfOutTradeNo(outTradeNo: string): string | undefined {
  const match = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/i.exec(
    outTradeNo,
  );
  return match ? match.slice(1).join('-').toLowerCase() : undefined;
}

/** RFC 3339 in China Standard Time, as WeChat Pay writes and reads times: `…T12:00:00+08:00`. */
export function formatWechatTime(time: Date): string {
  return `${new Date(time.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** `METHOD\nURL\ntimestamp\nnonce\nbody\n`: what a request's signature covers. */
export function wechatRequestMessage(
  method: string,
  url: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** `timestamp\nnonce\nbody\n`: what the signature of an answer or a notification covers. */
export function wechatResponseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

/** The signature headers of a WeChat Pay answer or notification, as received. */
export interface WechatSignedHeaders {
  serial?: string;
  signature?: string;
  timestamp?: string;
  nonce?: string;
  signatureType?: string;
}

/** Why signed text from WeChat Pay is refused, or undefined when it verifies. */
export type WechatSignatureFault = 'bad-signature' | 'stale-timestamp';

/** A transaction as WeChat Pay describes it (query answer or decrypted notification resource). */
export interface WechatTransaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

/** What a notification turned out to be, once opened. */
export type WechatNotificationOpening =
  | { ok: true; eventType: string; transaction: WechatTransaction }
  | { ok: false; fault: WechatSignatureFault | 'undecryptable' };

export interface WechatPayChannelDriver extends PaymentChannelDriver {
  readonly mchId: string;
  readonly appId: string;
  /**
   * Verifies a notification's signature over the exact body received and its timestamp, then
   * decrypts its `resource`. Nothing of a notification is to be read before this says `ok`.
   */
  openNotification(input: {
    headers: WechatSignedHeaders;
    body: string;
    now?: Date;
  }): WechatNotificationOpening;
}

class WechatPayAnswerError extends Error {}

/** WeChat Pay Native: the QR code's `code_url`, its trade query and close, and notifications. */
export function createWechatPayChannel(
  config: WechatPayConfig,
  { fetchImpl = fetch }: { fetchImpl?: typeof fetch } = {},
): WechatPayChannelDriver {
  const verifySigned = (
    headers: WechatSignedHeaders,
    body: string,
    now: Date,
  ): WechatSignatureFault | undefined => {
    const { serial, signature, timestamp, nonce, signatureType } = headers;
    if (!serial || !signature || !timestamp || !nonce) return 'bad-signature';
    if (signatureType !== undefined && signatureType !== SIGNATURE_TYPE) return 'bad-signature';
    // A serial that names another key (a rotated one, an impostor's) cannot verify with ours.
    if (serial.toUpperCase() !== config.verifier.serial.toUpperCase()) return 'bad-signature';
    let verified = false;
    try {
      verified = createVerify('RSA-SHA256')
        .update(wechatResponseMessage(timestamp, nonce, body), 'utf8')
        .verify(config.verifier.publicKey, signature, 'base64');
    } catch {
      // A malformed signature is as good as a wrong one.
    }
    if (!verified) return 'bad-signature';
    // Checked after the signature, so only WeChat Pay's own (replayed) words are called stale.
    const seconds = Number(timestamp);
    if (
      !/^\d{1,12}$/.test(timestamp) ||
      Math.abs(now.getTime() / 1000 - seconds) > WECHATPAY_TIMESTAMP_TOLERANCE_SECONDS
    ) {
      return 'stale-timestamp';
    }
    return undefined;
  };

  /**
   * Calls the API and answers its status and parsed body, only once WeChat Pay's signature over
   * the exact bytes (an empty 204 included) verifies: an error answer is trusted no more than a
   * success, since "no such order" decides whether a payment may close.
   */
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
  ): Promise<{ status: number; data: Record<string, unknown> }> => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(wechatRequestMessage(method, path, timestamp, nonce, body), 'utf8')
      .sign(config.privateKey, 'base64');
    const response = await fetchImpl(`${config.gateway}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        // WeChat Pay refuses requests without a User-Agent.
        'user-agent': 'Stratus/1 (WeChat Pay API v3)',
        authorization:
          `${SIGNATURE_TYPE} mchid="${config.mchId}",nonce_str="${nonce}",` +
          `signature="${signature}",timestamp="${timestamp}",serial_no="${config.serialNo}"`,
      },
      ...(payload === undefined ? {} : { body }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const fault = verifySigned(
      {
        serial: response.headers.get('wechatpay-serial') ?? undefined,
        signature: response.headers.get('wechatpay-signature') ?? undefined,
        timestamp: response.headers.get('wechatpay-timestamp') ?? undefined,
        nonce: response.headers.get('wechatpay-nonce') ?? undefined,
      },
      text,
      new Date(),
    );
    if (fault) {
      throw new WechatPayAnswerError(
        `${method} ${path} answered HTTP ${response.status}: ${fault}`,
      );
    }
    return {
      status: response.status,
      data: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  };
  const failed = (what: string, answer: { status: number; data: Record<string, unknown> }) =>
    new WechatPayAnswerError(`${what} failed: HTTP ${answer.status} ${String(answer.data.code)}`);
  const tradePath = (payment: PaymentRow) =>
    `/v3/pay/transactions/out-trade-no/${wechatOutTradeNo(payment.id)}`;
  /** The trade by our order number; undefined when WeChat Pay has no such order. */
  const lookUpTrade = async (payment: PaymentRow): Promise<TradeState | undefined> => {
    const answer = await call('GET', `${tradePath(payment)}?mchid=${config.mchId}`);
    if (answer.status === 404 && answer.data.code === 'ORDER_NOT_EXIST') return undefined;
    if (answer.status !== 200) throw failed('trade query', answer);
    const trade = answer.data as WechatTransaction;
    if (trade.out_trade_no !== wechatOutTradeNo(payment.id)) {
      throw new WechatPayAnswerError('trade query answered about another trade');
    }
    if (trade.mchid !== config.mchId || trade.appid !== config.appId) {
      throw new WechatPayAnswerError('trade query answered about another merchant or app');
    }
    return tradeStateOf(trade);
  };

  const channel: WechatPayChannelDriver = {
    name: 'wechat',
    mchId: config.mchId,
    appId: config.appId,

    async startPayment(payment: PaymentRow): Promise<StartedTrade> {
      const answer = await call('POST', '/v3/pay/transactions/native', {
        appid: config.appId,
        mchid: config.mchId,
        description: 'Stratus 账户充值',
        out_trade_no: wechatOutTradeNo(payment.id),
        // WeChat Pay takes no money after our expiry, so a late payment cannot be stranded on a
        // payment the expiry job has closed.
        time_expire: formatWechatTime(payment.expiresAt),
        notify_url: `${config.publicUrl}${buildEndpointUrl(wechatPayNotify)}`,
        amount: { total: Number(payment.amountFen), currency: CURRENCY },
      });
      const codeUrl = answer.data.code_url;
      if (answer.status !== 200 || typeof codeUrl !== 'string' || !codeUrl) {
        throw failed('native order', answer);
      }
      return { codeUrl };
    },

    // The QR code is shown on our own cashier page, which reads `codeUrl` from the payment.
    createPayUrl: (payment) => `/console/checkout-counter?paymentId=${payment.id}`,

    async queryTrade(payment: PaymentRow): Promise<TradeState> {
      // No such order: the QR code was never scanned into a trade, so nothing is paid yet.
      return (await lookUpTrade(payment)) ?? { state: 'unpaid' };
    },

    async closeTrade(payment: PaymentRow): Promise<TradeState> {
      const answer = await call('POST', `${tradePath(payment)}/close`, { mchid: config.mchId });
      if (answer.status >= 500) throw failed('trade close', answer);
      // WeChat Pay answers 204 also for an order it does not know, and refuses one paid meanwhile
      // with a business error (ORDERPAID): the query after the close says what the trade is.
      const trade = await lookUpTrade(payment);
      // No order at WeChat Pay: nothing can take money on this payment.
      if (!trade) return { state: 'closed' };
      if (trade.state === 'unpaid') {
        throw new WechatPayAnswerError('trade close left a trade the query says is still unpaid');
      }
      return trade;
    },

    openNotification({ headers, body, now = new Date() }) {
      const fault = verifySigned(headers, body, now);
      if (fault) return { ok: false, fault };
      try {
        const notification = JSON.parse(body) as {
          event_type?: string;
          resource?: {
            algorithm?: string;
            ciphertext?: string;
            associated_data?: string;
            nonce?: string;
          };
        };
        const resource = notification.resource;
        if (resource?.algorithm !== 'AEAD_AES_256_GCM' || !resource.ciphertext || !resource.nonce) {
          return { ok: false, fault: 'undecryptable' };
        }
        const plaintext = decryptAes256Gcm({
          ciphertext: resource.ciphertext,
          key: config.apiV3Key,
          nonce: resource.nonce,
          associatedData: resource.associated_data ?? '',
        });
        return {
          ok: true,
          eventType: notification.event_type ?? '',
          transaction: JSON.parse(plaintext) as WechatTransaction,
        };
      } catch {
        return { ok: false, fault: 'undecryptable' };
      }
    },
  };
  return channel;
}

/** What a transaction's `trade_state` means for the payment. */
function tradeStateOf(trade: WechatTransaction): TradeState {
  switch (trade.trade_state) {
    // REFUND: paid, then (partly) refunded at WeChat Pay; the payment was paid all the same.
    case 'SUCCESS':
    case 'REFUND':
      return {
        state: 'paid',
        amountFen: typeof trade.amount?.total === 'number' ? BigInt(trade.amount.total) : undefined,
        currency: trade.amount?.currency,
        tradeNo: trade.transaction_id,
        paidAt: parseWechatTime(trade.success_time),
      };
    case 'CLOSED':
    case 'REVOKED':
    case 'PAYERROR':
      return { state: 'closed' };
    default:
      // NOTPAY, USERPAYING: the buyer may still pay.
      return { state: 'unpaid' };
  }
}

/** An RFC 3339 time WeChat Pay sent; undefined when absent or unreadable (then: now). */
export function parseWechatTime(text: string | undefined): Date | undefined {
  const time = text ? new Date(text) : undefined;
  return time && !Number.isNaN(time.getTime()) ? time : undefined;
}

/**
 * AEAD_AES_256_GCM as WeChat Pay uses it: the APIv3 key's bytes as the key, the resource's
 * `nonce` as the IV, `associated_data` as AAD, and the ciphertext's last 16 bytes as the tag.
 * Throws when the tag does not authenticate (another key, tampered text).
 */
export function decryptAes256Gcm({
  ciphertext,
  key,
  nonce,
  associatedData,
}: {
  ciphertext: string;
  key: string;
  nonce: string;
  associatedData: string;
}): string {
  const bytes = Buffer.from(ciphertext, 'base64');
  if (bytes.length <= GCM_TAG_BYTES) throw new Error('ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(key, 'utf8'),
    Buffer.from(nonce, 'utf8'),
  );
  decipher.setAuthTag(bytes.subarray(bytes.length - GCM_TAG_BYTES));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([
    decipher.update(bytes.subarray(0, bytes.length - GCM_TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

export function isWechatPayChannel(
  driver: PaymentChannelDriver | undefined,
): driver is WechatPayChannelDriver {
  return driver?.name === 'wechat' && 'openNotification' in driver;
}
