// Test doubles for the Alipay channel: key pairs and a local fake gateway that signs its answers
// like Alipay does, so no test touches the network.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { alipaySigningString, signRsa2, verifyRsa2 } from './alipay.ts';

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
  /** What `alipay.trade.query` answers per `out_trade_no`; absent → ACQ.TRADE_NOT_EXIST. */
  trades: Map<string, Record<string, string>>;
  /** Requests whose merchant signature did not verify. */
  badlySignedRequests: number;
  /** Sign answers with a key that is not Alipay's, as an impostor would. */
  forgeAnswers: boolean;
  /** Wait this long before answering, as a slow provider does while the caller holds row locks. */
  answerDelayMs: number;
  close(): Promise<void>;
}

export async function startFakeAlipayGateway({
  alipayKeys,
  merchantPublicKey,
}: {
  alipayKeys: KeyPair;
  merchantPublicKey: string;
}): Promise<FakeAlipayGateway> {
  const trades = new Map<string, Record<string, string>>();
  const gateway = { badlySignedRequests: 0, forgeAnswers: false, answerDelayMs: 0 };
  const impostorKeys = generateRsaKeyPair();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const signed = alipaySigningString(params, ['sign']);
      let answer: Record<string, string>;
      if (!verifyRsa2(signed, params.sign ?? '', merchantPublicKey)) {
        gateway.badlySignedRequests += 1;
        answer = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' };
      } else {
        const { out_trade_no: outTradeNo = '' } = JSON.parse(params.biz_content ?? '{}') as {
          out_trade_no?: string;
        };
        answer = trades.get(outTradeNo) ?? {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
        };
      }
      const json = JSON.stringify(answer);
      const signingKey = gateway.forgeAnswers ? impostorKeys : alipayKeys;
      const sign = signRsa2(json, signingKey.privateKey);
      setTimeout(() => {
        response.setHeader('content-type', 'application/json;charset=utf-8');
        response.end(`{"alipay_trade_query_response":${json},"sign":"${sign}"}`);
      }, gateway.answerDelayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/gateway.do`,
    trades,
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
