// Test doubles for the WeChat Pay channel: a local fake of WeChat Pay's API v3 that follows its
// published rules, and notifications as WeChat Pay builds them. Our request signatures are
// CHECKED and the answers and notifications signed and encrypted by an independent
// implementation, `wechatpay-axios-plugin`'s Rsa, Aes.AesGcm and Formatter, never by our own
// code, so the channel is not its own oracle.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { generateRsaKeyPair, type KeyPair } from './alipay.ts';

export const WECHAT_MCHID = '1900000109';
export const WECHAT_APPID = 'wxd678efh567hg6787';
export const WECHAT_MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
export const WECHAT_PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000001092025010100000000000001';
/** The APIv3 key: 32 ASCII characters. */
export const WECHAT_APIV3_KEY = 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6';

/** WeChat Pay's signing key and the serial its signatures name. */
export interface WechatPlatformKeys extends KeyPair {
  serial: string;
  /** Certificate mode: the self-signed platform certificate (PEM) holding the public key. */
  certificate?: string;
}

/** Public-key mode: a key pair named by its `PUB_KEY_ID_…`. */
export function wechatPublicKeyModeKeys(): WechatPlatformKeys {
  return { ...generateRsaKeyPair(), serial: WECHAT_PUBLIC_KEY_ID };
}

/**
 * Certificate mode: a key pair in a self-signed X.509 platform certificate, made by openssl
 * (node:crypto reads certificates but cannot make one); the serial is the certificate's.
 */
export function wechatCertificateModeKeys(): WechatPlatformKeys {
  const directory = mkdtempSync(join(tmpdir(), 'wechatpay-'));
  try {
    const keyFile = join(directory, 'key.pem');
    const certificateFile = join(directory, 'cert.pem');
    const serial = randomBytes(20).toString('hex').toUpperCase().replace(/^./, '3');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certificateFile,
        '-days',
        '30',
        '-subj',
        '/CN=Tenpay.com Root CA/O=Tenpay.com',
        '-set_serial',
        `0x${serial}`,
      ],
      { stdio: 'ignore' },
    );
    const privateKey = readFileSync(keyFile, 'utf8');
    const certificate = readFileSync(certificateFile, 'utf8');
    const publicKey = Rsa.from(certificate, 'public')
      .export({ type: 'spki', format: 'pem' })
      .toString();
    return { privateKey, publicKey, certificate, serial };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The headers WeChat Pay sends with a signed answer or notification. */
export function wechatSignatureHeaders(
  keys: WechatPlatformKeys,
  body: string,
  { timestamp = Formatter.timestamp(), serial = keys.serial } = {},
): Record<string, string> {
  const nonce = Formatter.nonce(32);
  return {
    'wechatpay-timestamp': String(timestamp),
    'wechatpay-nonce': nonce,
    'wechatpay-serial': serial,
    'wechatpay-signature': Rsa.sign(Formatter.response(timestamp, nonce, body), keys.privateKey),
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

/** A WeChat Pay transaction as its query answers and notifications describe it. */
export type WechatTransaction = Record<string, unknown> & {
  out_trade_no: string;
  trade_state: string;
  amount: { total: number; payer_total?: number; currency: string; payer_currency?: string };
};

/**
 * A payment notification as WeChat Pay builds it: the transaction encrypted with the APIv3 key
 * (AEAD_AES_256_GCM), the envelope signed with WeChat Pay's key.
 */
export function buildWechatNotification(
  keys: WechatPlatformKeys,
  transaction: WechatTransaction,
  { apiV3Key = WECHAT_APIV3_KEY, timestamp }: { apiV3Key?: string; timestamp?: number } = {},
): { headers: Record<string, string>; body: string } {
  const nonce = Formatter.nonce(12);
  const associatedData = 'transaction';
  const body = JSON.stringify({
    id: `EV-${Formatter.nonce(16)}`,
    create_time: '2026-11-22T10:00:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: Aes.AesGcm.encrypt(JSON.stringify(transaction), apiV3Key, nonce, associatedData),
      associated_data: associatedData,
      nonce,
    },
  });
  return {
    headers: {
      'content-type': 'application/json',
      ...wechatSignatureHeaders(keys, body, { timestamp }),
    },
    body,
  };
}

export interface FakeWechatPay {
  url: string;
  /** Orders by `out_trade_no`, as the query answers them. */
  orders: Map<string, WechatTransaction>;
  /** Merchant-signed requests in arrival order. */
  requests: { method: string; path: string; body: Record<string, unknown> }[];
  /** Requests refused for their signature (wrong key, serial or mchid). */
  badlySignedRequests: number;
  /** Sign answers with a key that is not WeChat Pay's, as an impostor would. */
  forgeAnswers: boolean;
  /** Answer every native order with this error instead (status, code). */
  failOrders: { status: number; code: string } | undefined;
  /** Marks the order paid at WeChat Pay, as the buyer's scan would; answers the transaction. */
  pay(outTradeNo: string): WechatTransaction;
  close(): Promise<void>;
}

/** The transaction id WeChat Pay gives an order once paid. */
export function wechatTransactionIdOf(outTradeNo: string): string {
  return `4200002026112${outTradeNo.slice(0, 15)}`;
}

export async function startFakeWechatPay({
  platformKeys,
  merchantPublicKey,
}: {
  platformKeys: WechatPlatformKeys;
  merchantPublicKey: string;
}): Promise<FakeWechatPay> {
  const orders = new Map<string, WechatTransaction>();
  const requests: FakeWechatPay['requests'] = [];
  const impostorKeys = { ...generateRsaKeyPair(), serial: platformKeys.serial };
  const state = {
    badlySignedRequests: 0,
    forgeAnswers: false,
    failOrders: undefined as FakeWechatPay['failOrders'],
  };

  /** Checks the Authorization header of a request, as WeChat Pay does. */
  const authorised = (method: string, uri: string, body: string, header: string | undefined) => {
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header ?? '');
    if (!match) return false;
    const fields = Object.fromEntries(
      [...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((field) => [field[1], field[2]]),
    );
    if (fields.mchid !== WECHAT_MCHID || fields.serial_no !== WECHAT_MERCHANT_SERIAL) return false;
    const message = Formatter.request(method, uri, fields.timestamp, fields.nonce_str, body);
    return Rsa.verify(message, fields.signature ?? '', merchantPublicKey);
  };

  const native = (body: Record<string, unknown>): [number, object] => {
    const amount = body.amount as { total?: unknown; currency?: unknown } | undefined;
    const outTradeNo = String(body.out_trade_no ?? '');
    const valid =
      body.appid === WECHAT_APPID &&
      body.mchid === WECHAT_MCHID &&
      typeof body.description === 'string' &&
      /^[0-9A-Za-z_\-|*]{6,32}$/.test(outTradeNo) &&
      typeof body.notify_url === 'string' &&
      /^https:\/\//.test(body.notify_url) &&
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(String(body.time_expire)) &&
      Number.isInteger(amount?.total) &&
      Number(amount?.total) > 0 &&
      amount?.currency === 'CNY';
    if (!valid) return [400, { code: 'PARAM_ERROR', message: '参数错误' }];
    if (state.failOrders)
      return [state.failOrders.status, { code: state.failOrders.code, message: '失败' }];
    if (orders.has(outTradeNo))
      return [403, { code: 'OUT_TRADE_NO_USED', message: '商户订单号重复' }];
    orders.set(outTradeNo, {
      appid: WECHAT_APPID,
      mchid: WECHAT_MCHID,
      out_trade_no: outTradeNo,
      trade_type: 'NATIVE',
      trade_state: 'NOTPAY',
      trade_state_desc: '订单未支付',
      amount: { total: Number(amount?.total), currency: 'CNY' },
    });
    return [200, { code_url: `weixin://wxpay/bizpayurl?pr=${Formatter.nonce(7)}` }];
  };
  const notFound: [number, object] = [404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' }];

  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const method = request.method ?? '';
      const uri = request.url ?? '';
      const url = new URL(uri, 'http://localhost');
      let answer: [number, object | undefined];
      if (!authorised(method, uri, body, request.headers.authorization)) {
        state.badlySignedRequests += 1;
        answer = [401, { code: 'SIGN_ERROR', message: '签名错误' }];
      } else {
        const parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
        requests.push({ method, path: url.pathname, body: parsed });
        const tradeMatch = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(
          url.pathname,
        );
        const outTradeNo = tradeMatch?.[1] ?? '';
        const order = orders.get(outTradeNo);
        if (method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
          answer = native(parsed);
        } else if (method === 'GET' && tradeMatch && !tradeMatch[2]) {
          answer =
            url.searchParams.get('mchid') !== WECHAT_MCHID
              ? notFound
              : order
                ? [200, order]
                : notFound;
        } else if (method === 'POST' && tradeMatch?.[2]) {
          if (!order || order.trade_state === 'NOTPAY' || order.trade_state === 'CLOSED') {
            // WeChat Pay answers 204 for an order it does not know, too.
            if (order)
              orders.set(outTradeNo, {
                ...order,
                trade_state: 'CLOSED',
                trade_state_desc: '已关闭',
              });
            answer = [204, undefined];
          } else {
            answer = [400, { code: 'ORDERPAID', message: '订单已支付' }];
          }
        } else {
          answer = [404, { code: 'NOT_FOUND', message: '无此接口' }];
        }
      }
      const [status, payload] = answer;
      const text = payload === undefined ? '' : JSON.stringify(payload);
      const keys = state.forgeAnswers ? impostorKeys : platformKeys;
      response.writeHead(status, {
        ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}),
        ...wechatSignatureHeaders(keys, text),
      });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    requests,
    get badlySignedRequests() {
      return state.badlySignedRequests;
    },
    get forgeAnswers() {
      return state.forgeAnswers;
    },
    set forgeAnswers(value: boolean) {
      state.forgeAnswers = value;
    },
    get failOrders() {
      return state.failOrders;
    },
    set failOrders(value) {
      state.failOrders = value;
    },
    pay(outTradeNo: string) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`no order ${outTradeNo}`);
      const paid: WechatTransaction = {
        ...order,
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        transaction_id: wechatTransactionIdOf(outTradeNo),
        bank_type: 'OTHERS',
        success_time: '2026-11-22T10:00:05+08:00',
        payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        amount: { ...order.amount, payer_total: order.amount.total, payer_currency: 'CNY' },
      };
      orders.set(outTradeNo, paid);
      return paid;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
