// Test doubles for the Alipay channel: key pairs and a local fake gateway that signs its answers
// like Alipay does, so no test touches the network.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { alipaySigningString, signRsa2, verifyRsa2 } from '../src/modules/payments/public.ts';

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

export function generateRsaKeyPair(): KeyPair {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** Signs notification parameters with Alipay's (here: the test's) private key. */
export function signAlipayNotification(
  params: Record<string, string>,
  alipayPrivateKey: string,
): Record<string, string> {
  const sign = signRsa2(alipaySigningString(params, ['sign', 'sign_type']), alipayPrivateKey);
  return { ...params, sign_type: 'RSA2', sign };
}

export interface FakeAlipayGateway {
  url: string;
  /**
   * Each trade's `alipay.trade.query` answer per `out_trade_no`; absent → ACQ.TRADE_NOT_EXIST (the
   * buyer never opened the cashier). `alipay.trade.close` acts on it like Alipay: a
   * WAIT_BUYER_PAY trade closes (its status becomes TRADE_CLOSED), any other status is refused
   * with ACQ.TRADE_STATUS_ERROR, an absent one answers ACQ.TRADE_NOT_EXIST, and a stored error
   * answer (code other than 10000) is answered as it is.
   */
  trades: Map<string, Record<string, string>>;
  /** Merchant-signed requests in arrival order: their method and `out_trade_no`. */
  requests: { method: string; outTradeNo: string }[];
  /** Put into every successful trade query answer as `seller_id`; undefined leaves it out. */
  sellerId: string | undefined;
  /** Requests whose merchant signature did not verify. */
  badlySignedRequests: number;
  /** Sign answers with a key that is not Alipay's, as an impostor would. */
  forgeAnswers: boolean;
  /** Wait this long before answering, as a slow provider does while the caller holds row locks. */
  answerDelayMs: number;
  /**
   * Holds every answer from now on until `releaseAnswers()`: the caller stays inside its provider
   * call for as long as a test needs.
   */
  holdAnswers(): void;
  releaseAnswers(): void;
  close(): Promise<void>;
}

const TRADE_NOT_EXIST = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' };

export async function startFakeAlipayGateway({
  alipayKeys,
  merchantPublicKey,
  sellerId,
}: {
  alipayKeys: KeyPair;
  merchantPublicKey: string;
  /** See `FakeAlipayGateway.sellerId`. */
  sellerId?: string;
}): Promise<FakeAlipayGateway> {
  const trades = new Map<string, Record<string, string>>();
  const requests: FakeAlipayGateway['requests'] = [];
  const gateway = {
    badlySignedRequests: 0,
    forgeAnswers: false,
    answerDelayMs: 0,
    sellerId,
  };
  const impostorKeys = generateRsaKeyPair();
  let heldAnswers: (() => void)[] | undefined;

  const query = (outTradeNo: string): Record<string, string> => {
    const trade = trades.get(outTradeNo);
    if (!trade) return TRADE_NOT_EXIST;
    if (trade.code !== '10000' || !gateway.sellerId) return trade;
    return { seller_id: gateway.sellerId, ...trade };
  };
  const close = (outTradeNo: string): Record<string, string> => {
    const trade = trades.get(outTradeNo);
    if (!trade) return TRADE_NOT_EXIST;
    if (trade.code !== '10000') return trade;
    if (trade.trade_status !== 'WAIT_BUYER_PAY') {
      return {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_STATUS_ERROR',
        sub_msg: '交易状态不合法',
      };
    }
    trades.set(outTradeNo, { ...trade, trade_status: 'TRADE_CLOSED' });
    return {
      code: '10000',
      msg: 'Success',
      out_trade_no: outTradeNo,
      ...(trade.trade_no ? { trade_no: trade.trade_no } : {}),
    };
  };

  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const method = params.method ?? '';
      const signed = alipaySigningString(params, ['sign']);
      let answer: Record<string, string>;
      if (!verifyRsa2(signed, params.sign ?? '', merchantPublicKey)) {
        gateway.badlySignedRequests += 1;
        answer = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' };
      } else {
        const { out_trade_no: outTradeNo = '' } = JSON.parse(params.biz_content ?? '{}') as {
          out_trade_no?: string;
        };
        requests.push({ method, outTradeNo });
        if (method === 'alipay.trade.query') answer = query(outTradeNo);
        else if (method === 'alipay.trade.close') answer = close(outTradeNo);
        else answer = { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' };
      }
      const json = JSON.stringify(answer);
      const signingKey = gateway.forgeAnswers ? impostorKeys : alipayKeys;
      const sign = signRsa2(json, signingKey.privateKey);
      // Every answer sits under `<method with _>_response`, next to the signature over it.
      const node = `${method.replaceAll('.', '_')}_response`;
      const answerNow = () => {
        response.setHeader('content-type', 'application/json;charset=utf-8');
        response.end(`{"${node}":${json},"sign":"${sign}"}`);
      };
      if (heldAnswers) heldAnswers.push(answerNow);
      else setTimeout(answerNow, gateway.answerDelayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/gateway.do`,
    trades,
    requests,
    get sellerId() {
      return gateway.sellerId;
    },
    set sellerId(value: string | undefined) {
      gateway.sellerId = value;
    },
    get badlySignedRequests() {
      return gateway.badlySignedRequests;
    },
    get forgeAnswers() {
      return gateway.forgeAnswers;
    },
    set forgeAnswers(value: boolean) {
      gateway.forgeAnswers = value;
    },
    get answerDelayMs() {
      return gateway.answerDelayMs;
    },
    set answerDelayMs(value: number) {
      gateway.answerDelayMs = value;
    },
    holdAnswers() {
      heldAnswers ??= [];
    },
    releaseAnswers() {
      const held = heldAnswers ?? [];
      heldAnswers = undefined;
      for (const answerNow of held) answerNow();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
