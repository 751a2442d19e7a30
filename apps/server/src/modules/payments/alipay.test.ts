import {
  alipayNotify,
  cancelTopUp,
  createTopUp,
  getTopUpOptions,
  login as loginEndpoint,
  buildEndpointUrl,
} from '@stratus/contract';
import { Writable } from 'node:stream';
import type { DatabaseEngine } from '@stratus/db';
import { createDatabase, eq, ledgerEntries, payments, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { formatAlipayTime } from '../../business-time.ts';
import { expireDuePayments } from '../../jobs/expire-payments.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import {
  alipaySigningString,
  createAlipayChannel,
  extractSignedObject,
  isAlipayChannel,
  verifyRsa2,
} from './alipay.ts';
import { claimDuePayments, type PaymentRow } from './repo.ts';
import {
  generateRsaKeyPair,
  signAlipayNotification,
  startFakeAlipayGateway,
  type FakeAlipayGateway,
} from '../../../test/alipay.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

const APP_ID = '2021000000000001';
/** Our seller, the account our trades are paid to. */
const SELLER_ID = '2088000000000001';
const OTHER_SELLER_ID = '2088999999999999';
const merchantKeys = generateRsaKeyPair();
const alipayKeys = generateRsaKeyPair();

/** A notification signed with Alipay's key; an override of `undefined` leaves that field out. */
function notification(paymentId: string, overrides: Record<string, string | undefined> = {}) {
  const fields: Record<string, string | undefined> = {
    notify_time: '2026-11-22 10:00:00',
    notify_type: 'trade_status_sync',
    notify_id: `n-${paymentId}`,
    app_id: APP_ID,
    seller_id: SELLER_ID,
    charset: 'utf-8',
    version: '1.0',
    trade_no: tradeNoOf(paymentId),
    out_trade_no: paymentId,
    trade_status: 'TRADE_SUCCESS',
    total_amount: '88.80',
    receipt_amount: '88.80',
    gmt_payment: formatAlipayTime(new Date()),
    subject: 'Stratus 账户充值',
    ...overrides,
  };
  const present = Object.entries(fields).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return signAlipayNotification(Object.fromEntries(present), alipayKeys.privateKey);
}

/** The Alipay trade number our notifications and query answers give a payment. */
function tradeNoOf(paymentId: string): string {
  return `2026112222001${paymentId.slice(0, 8)}`;
}

/** Alipay's query answer for a trade the buyer has paid. */
function paidTrade(paymentId: string, totalAmount = '88.80'): Record<string, string> {
  return {
    code: '10000',
    msg: 'Success',
    out_trade_no: paymentId,
    trade_no: tradeNoOf(paymentId),
    trade_status: 'TRADE_SUCCESS',
    total_amount: totalAmount,
    send_pay_date: formatAlipayTime(new Date()),
  };
}

/** Resolves once `condition` holds: waits for a state, never for a fixed time. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * An app with Alipay on against a fake gateway, for one engine, and the helpers its tests share.
 * `configuredSellerId` is ALIPAY_SELLER_ID (none: the app learns its seller);
 * `gatewaySellerId` is what the fake puts in its query answers.
 */
function useAlipayApp(
  engine: DatabaseEngine,
  {
    configuredSellerId,
    gatewaySellerId,
  }: { configuredSellerId?: string; gatewaySellerId?: string },
) {
  let testApp: TestApp;
  let gateway: FakeAlipayGateway;
  /** Warnings and errors the app logged. */
  const logLines: string[] = [];
  beforeAll(async () => {
    gateway = await startFakeAlipayGateway({
      alipayKeys,
      merchantPublicKey: merchantKeys.publicKey,
      sellerId: gatewaySellerId,
    });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    testApp = await createTestApp(engine, {
      env: {
        PAYMENT_SANDBOX: '0',
        PUBLIC_URL: 'https://shop.example.com',
        ALIPAY_APP_ID: APP_ID,
        ALIPAY_PRIVATE_KEY: merchantKeys.privateKey,
        // One-line form with escaped newlines, as some deployment tools need it.
        ALIPAY_PUBLIC_KEY: alipayKeys.publicKey.replaceAll('\n', '\\n'),
        ALIPAY_GATEWAY: gateway.url,
        ...(configuredSellerId ? { ALIPAY_SELLER_ID: configuredSellerId } : {}),
      },
      logger: { level: 'warn', stream },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await gateway?.close();
  });

  const kit = {
    get testApp() {
      return testApp;
    },
    get gateway() {
      return gateway;
    },
    logLines,
    async startTopUp(token: string, amount: number) {
      const response = await callEndpoint(testApp.app, createTopUp, {
        token,
        body: { amount, channel: 'alipay' },
      });
      expect(response.statusCode).toBe(200);
      return response.data() as { paymentId: string; payUrl: string; expiresAt: string };
    },
    cancel: (token: string, paymentId: string) =>
      callEndpoint(testApp.app, cancelTopUp, { token, params: { id: paymentId } }),
    notify: (params: Record<string, string>) =>
      callEndpoint(testApp.app, alipayNotify, {
        body: params,
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      }),
    async balanceFen(userId: string) {
      const [wallet] = await testApp.database.db
        .select()
        .from(wallets)
        .where(eq(wallets.userId, userId));
      return wallet?.balanceFen;
    },
    ledgerOf: (userId: string) =>
      testApp.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)),
    async paymentOf(id: string) {
      const [row] = await testApp.database.db.select().from(payments).where(eq(payments.id, id));
      return row;
    },
    async statusOf(id: string) {
      return (await kit.paymentOf(id))?.status;
    },
    /** The methods the app called at the gateway about one payment, in order. */
    callsAbout: (paymentId: string) =>
      gateway.requests.filter((call) => call.outTradeNo === paymentId).map((call) => call.method),
    expirePayments: (now: Date) =>
      expireDuePayments({
        db: testApp.database.db,
        channels: testApp.app.paymentChannels,
        log: testApp.app.log,
        now,
      }),
  };
  return kit;
}

describe('alipay signing helpers', () => {
  it('signs the sorted non-empty parameters, without the excluded ones', () => {
    expect(alipaySigningString({ b: '2', a: '1', sign: 'x', empty: '', c: 'é=&' }, ['sign'])).toBe(
      'a=1&b=2&c=é=&',
    );
  });

  it('cuts the signed object out of an answer exactly as sent', () => {
    const body = '{"x_response":{"a":"}{\\"","b":{"c":1}},"sign":"s"}';
    expect(extractSignedObject(body, 'x_response')).toBe('{"a":"}{\\"","b":{"c":1}}');
    expect(extractSignedObject(body, 'missing')).toBeUndefined();
  });
});

describe.each(testEngines)('alipay on %s', (engine) => {
  const kit = useAlipayApp(engine, { configuredSellerId: SELLER_ID, gatewaySellerId: SELLER_ID });
  const {
    startTopUp,
    cancel,
    notify,
    balanceFen,
    ledgerOf,
    paymentOf,
    statusOf,
    callsAbout,
    expirePayments,
  } = kit;
  /** The expiry job of three servers at the same moment, their reports added up. */
  const expireOnThreeServers = async (now: Date) => {
    const reports = await Promise.all([1, 2, 3].map(() => expirePayments(now)));
    return reports.reduce((sum, report) => ({
      closed: sum.closed + report.closed,
      credited: sum.credited + report.credited,
      failed: sum.failed + report.failed,
    }));
  };

  it('lists alipay only and answers a signed page-pay URL', async () => {
    const { token } = await registerCustomer(kit.testApp);
    const options = await callEndpoint(kit.testApp.app, getTopUpOptions, { token });
    expect(options.data().channels).toEqual(['alipay']);
    const { paymentId, payUrl } = await startTopUp(token, 88.8);
    const url = new URL(payUrl);
    expect(`${url.origin}${url.pathname}`).toBe(kit.gateway.url);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.page.pay',
      sign_type: 'RSA2',
      charset: 'utf-8',
      notify_url: `https://shop.example.com${buildEndpointUrl(alipayNotify)}`,
      return_url: `https://shop.example.com/portal/paySuccess?paymentId=${paymentId}`,
    });
    expect(JSON.parse(params.biz_content ?? '')).toMatchObject({
      out_trade_no: paymentId,
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: '88.80',
    });
    const signed = alipaySigningString(params, ['sign']);
    expect(verifyRsa2(signed, params.sign ?? '', merchantKeys.publicKey)).toBe(true);
  });

  it('credits a verified notification once, however many arrive at the same time', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const { paymentId } = await startTopUp(token, 88.8);
    const params = notification(paymentId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(params)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
      expect(answer.body).toBe('success');
    }
    expect(await balanceFen(user.id)).toBe(8_880n);
    const rows = await ledgerOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'topup',
      reference: paymentId,
      balanceAfterFen: 8_880n,
      note: 'alipay',
    });
    expect(await paymentOf(paymentId)).toMatchObject({
      status: 'paid',
      providerTradeNo: params.trade_no,
      closedAt: null,
    });
  });

  it('refuses forged or mismatching notifications and changes nothing', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const { paymentId } = await startTopUp(token, 88.8);
    const genuine = notification(paymentId);
    const forgedKeys = generateRsaKeyPair();
    const attempts: Record<string, string>[] = [
      // Signed with someone else's key.
      signAlipayNotification({ ...genuine, sign: '' }, forgedKeys.privateKey),
      // A genuine signature over a tampered amount.
      { ...genuine, total_amount: '8880.00' },
      // Garbage signature.
      { ...genuine, sign: 'bm90IGEgc2lnbmF0dXJl' },
      // No signature at all.
      Object.fromEntries(Object.entries(genuine).filter(([key]) => key !== 'sign')),
      // Correctly signed, but the amount differs from the payment.
      notification(paymentId, { total_amount: '1.00' }),
      // Correctly signed, for another merchant's app.
      notification(paymentId, { app_id: '2021999999999999' }),
      // Correctly signed, for a payment that does not exist.
      notification('00000000-0000-4000-8000-000000000000'),
      notification(paymentId, { out_trade_no: 'not-ours' }),
    ];
    for (const params of attempts) {
      const answer = await notify(params);
      expect(answer.body).toBe('failure');
    }
    expect(await balanceFen(user.id)).toBe(0n);
    expect(await ledgerOf(user.id)).toHaveLength(0);
    expect(await statusOf(paymentId)).toBe('pending');
    // The genuine one still works afterwards.
    expect((await notify(genuine)).body).toBe('success');
    expect(await balanceFen(user.id)).toBe(8_880n);
  });

  it('refuses notifications for another seller: nothing changes, each is logged', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const { paymentId } = await startTopUp(token, 88.8);
    const logged = kit.logLines.length;
    const attempts = [
      ...Array.from({ length: 9 }, (_, index) =>
        notification(paymentId, {
          seller_id: OTHER_SELLER_ID,
          notify_id: `n-other-${index}`,
        }),
      ),
      // A seller left out is not ours either.
      notification(paymentId, { seller_id: undefined }),
    ];
    for (const params of attempts) {
      const answer = await notify(params);
      expect(answer.statusCode).toBe(200);
      // `failure` keeps Alipay resending, so a mistyped ALIPAY_SELLER_ID can still be fixed.
      expect(answer.body).toBe('failure');
    }
    expect(await balanceFen(user.id)).toBe(0n);
    expect(await ledgerOf(user.id)).toHaveLength(0);
    expect(await statusOf(paymentId)).toBe('pending');
    const refusals = kit.logLines
      .slice(logged)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.reason === 'another seller');
    expect(refusals).toHaveLength(10);
    expect(refusals[0]).toMatchObject({
      outTradeNo: paymentId,
      sellerId: OTHER_SELLER_ID,
      expectedSellerId: SELLER_ID,
    });
    // Our own seller's notification still credits.
    expect((await notify(notification(paymentId))).body).toBe('success');
    expect(await balanceFen(user.id)).toBe(8_880n);
  });

  it('cancelling closes the trade at Alipay first, then the payment', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    // The buyer never opened the cashier: Alipay has no trade (ACQ.TRADE_NOT_EXIST), so closed.
    const unopened = await startTopUp(token, 88.8);
    // The buyer opened it and is logged in: a WAIT_BUYER_PAY trade, which Alipay closes.
    const opened = await startTopUp(token, 20);
    kit.gateway.trades.set(opened.paymentId, {
      code: '10000',
      msg: 'Success',
      out_trade_no: opened.paymentId,
      trade_no: tradeNoOf(opened.paymentId),
      trade_status: 'WAIT_BUYER_PAY',
      total_amount: '20.00',
    });
    for (const { paymentId } of [unopened, opened]) {
      const cancelled = await cancel(token, paymentId);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.data()).toMatchObject({ status: 'closed', payUrl: '' });
      expect(callsAbout(paymentId)).toEqual(['alipay.trade.close']);
    }
    expect(kit.gateway.trades.get(opened.paymentId)?.trade_status).toBe('TRADE_CLOSED');
    expect((await cancel(token, opened.paymentId)).statusCode).toBe(409);
    expect(await balanceFen(user.id)).toBe(0n);
    expect(kit.gateway.badlySignedRequests).toBe(0);
  });

  it('a cancel Alipay cannot answer is 503, and the payment stays pending', async () => {
    const { token } = await registerCustomer(kit.testApp);
    const { paymentId } = await startTopUp(token, 88.8);
    kit.gateway.forgeAnswers = true;
    try {
      const response = await cancel(token, paymentId);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 30006 });
    } finally {
      kit.gateway.forgeAnswers = false;
    }
    expect(await statusOf(paymentId)).toBe('pending');
    expect((await cancel(token, paymentId)).statusCode).toBe(200);
    expect(await statusOf(paymentId)).toBe('closed');
  });

  it('a verified TRADE_SUCCESS arriving after we closed is credited once, with a note', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const { paymentId } = await startTopUp(token, 88.8);
    expect((await cancel(token, paymentId)).statusCode).toBe(200);
    const closedAt = (await paymentOf(paymentId))?.closedAt;
    expect(closedAt).toBeInstanceOf(Date);
    // The buyer pays from a cashier page left open: Alipay created the trade after our close.
    const params = notification(paymentId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(params)));
    expect(answers.map((answer) => answer.body)).toEqual(Array(10).fill('success'));
    expect(await balanceFen(user.id)).toBe(8_880n);
    const rows = await ledgerOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'topup',
      reference: paymentId,
      amountFen: 8_880n,
      note: 'alipay:credited-after-close',
    });
    // Paid, keeping the time we had closed it.
    expect(await paymentOf(paymentId)).toMatchObject({
      status: 'paid',
      providerTradeNo: params.trade_no,
      closedAt,
    });
    // Resent later: acknowledged, nothing more credited.
    expect((await notify(params)).body).toBe('success');
    expect(await ledgerOf(user.id)).toHaveLength(1);
    // Closed → paid is for the provider's verified word only: nothing reopens it for a cancel.
    expect((await cancel(token, paymentId)).statusCode).toBe(409);
  });

  it('answers `success` (Alipay stops resending) to a verified WAIT_BUYER_PAY or TRADE_CLOSED notification, crediting nothing', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const { paymentId } = await startTopUp(token, 88.8);
    const notPaid = [
      notification(paymentId, { trade_status: 'WAIT_BUYER_PAY', gmt_payment: undefined }),
      notification(paymentId, {
        trade_status: 'TRADE_CLOSED',
        gmt_payment: undefined,
        gmt_close: formatAlipayTime(new Date()),
      }),
    ];
    for (const params of notPaid) {
      const answer = await notify(params);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
      // Alipay resends for a day unless the answer is exactly these seven characters.
      expect(answer.body).toBe('success');
    }
    expect(await balanceFen(user.id)).toBe(0n);
    expect(await ledgerOf(user.id)).toHaveLength(0);
    // Not even closed: only the expiry job settles an unpaid payment, after asking Alipay itself.
    expect(await statusOf(paymentId)).toBe('pending');
  });

  it('expiry job: credits a trade paid at Alipay, closes an unpaid one', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const paid = await startTopUp(token, 88.8);
    const unpaid = await startTopUp(token, 10);
    const waiting = await startTopUp(token, 20);
    kit.gateway.trades.set(paid.paymentId, {
      code: '10000',
      msg: 'Success',
      out_trade_no: paid.paymentId,
      trade_no: '2026112222001400000001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '88.80',
      send_pay_date: formatAlipayTime(new Date()),
    });
    kit.gateway.trades.set(waiting.paymentId, {
      code: '10000',
      msg: 'Success',
      out_trade_no: waiting.paymentId,
      trade_status: 'WAIT_BUYER_PAY',
      total_amount: '20.00',
    });
    const report = await expireDuePayments({
      db: kit.testApp.database.db,
      channels: kit.testApp.app.paymentChannels,
      log: kit.testApp.app.log,
      now: new Date(Date.parse(paid.expiresAt) + 60_000),
    });
    expect(report.credited).toBe(1);
    expect(report.closed).toBeGreaterThanOrEqual(2);
    expect(await statusOf(paid.paymentId)).toBe('paid');
    expect(await statusOf(unpaid.paymentId)).toBe('closed');
    expect(await statusOf(waiting.paymentId)).toBe('closed');
    expect(await balanceFen(user.id)).toBe(8_880n);
    expect(kit.gateway.badlySignedRequests).toBe(0);
    // Each was closed at Alipay first; only the paid one, which would not close, was queried.
    expect(callsAbout(paid.paymentId)).toEqual(['alipay.trade.close', 'alipay.trade.query']);
    expect(callsAbout(unpaid.paymentId)).toEqual(['alipay.trade.close']);
    expect(callsAbout(waiting.paymentId)).toEqual(['alipay.trade.close']);
    expect(kit.gateway.trades.get(waiting.paymentId)?.trade_status).toBe('TRADE_CLOSED');
    // A late notification for the credited payment is acknowledged without a second credit.
    expect((await notify(notification(paid.paymentId))).body).toBe('success');
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it('expiry job: an answer without Alipay’s signature settles nothing', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const { paymentId, expiresAt } = await startTopUp(token, 88.8);
    kit.gateway.trades.set(paymentId, {
      code: '10000',
      out_trade_no: paymentId,
      trade_no: '2026112222001400000002',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '88.80',
    });
    kit.gateway.forgeAnswers = true;
    const run = (minutesAfterExpiry: number) =>
      expireDuePayments({
        db: kit.testApp.database.db,
        channels: kit.testApp.app.paymentChannels,
        log: kit.testApp.app.log,
        now: new Date(Date.parse(expiresAt) + minutesAfterExpiry * 60_000),
      });
    try {
      const report = await run(1);
      expect(report.failed).toBeGreaterThanOrEqual(1);
      expect(await statusOf(paymentId)).toBe('pending');
      expect(await balanceFen(user.id)).toBe(0n);
      // A day later the job stops asking and closes it.
      await run(25 * 60);
      expect(await statusOf(paymentId)).toBe('closed');
      expect(await balanceFen(user.id)).toBe(0n);
    } finally {
      kit.gateway.forgeAnswers = false;
    }
  });

  it('expiry job on three servers at once: a trade paid at Alipay is credited exactly once', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const { paymentId, expiresAt } = await startTopUp(token, 88.8);
    kit.gateway.trades.set(paymentId, {
      code: '10000',
      msg: 'Success',
      out_trade_no: paymentId,
      trade_no: '2026112222001400000004',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '88.80',
      send_pay_date: formatAlipayTime(new Date()),
    });
    // Earlier tests' payments fell due first: settle them now, so the reports count this one only.
    await expirePayments(new Date(Date.parse(expiresAt) - 1));
    // A slow answer keeps the first claim's row locked while the other servers claim.
    kit.gateway.answerDelayMs = 200;
    try {
      const report = await expireOnThreeServers(new Date(Date.parse(expiresAt) + 60_000));
      expect(report).toEqual({ closed: 0, credited: 1, failed: 0 });
    } finally {
      kit.gateway.answerDelayMs = 0;
    }
    const [payment] = await kit.testApp.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'paid', providerTradeNo: '2026112222001400000004' });
    expect(await balanceFen(user.id)).toBe(8_880n);
    const rows = await ledgerOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'topup', reference: paymentId, amountFen: 8_880n });
  });

  it('expiry job on three servers at once: a trade unpaid at Alipay is closed once, crediting nothing', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const { paymentId, expiresAt } = await startTopUp(token, 20);
    kit.gateway.trades.set(paymentId, {
      code: '10000',
      msg: 'Success',
      out_trade_no: paymentId,
      trade_status: 'WAIT_BUYER_PAY',
      total_amount: '20.00',
    });
    await expirePayments(new Date(Date.parse(expiresAt) - 1));
    const now = new Date(Date.parse(expiresAt) + 60_000);
    kit.gateway.answerDelayMs = 200;
    try {
      const report = await expireOnThreeServers(now);
      // A second close would fail its `status = 'pending'` guard and count as failed.
      expect(report).toEqual({ closed: 1, credited: 0, failed: 0 });
    } finally {
      kit.gateway.answerDelayMs = 0;
    }
    const [payment] = await kit.testApp.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'closed', closedAt: now, paidAt: null });
    expect(await balanceFen(user.id)).toBe(0n);
    expect(await ledgerOf(user.id)).toHaveLength(0);
  });

  it('a cancel finds a trade paid at Alipay: credited, and the cancel is refused', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const { paymentId } = await startTopUp(token, 88.8);
    kit.gateway.trades.set(paymentId, {
      code: '10000',
      out_trade_no: paymentId,
      trade_no: '2026112222001400000003',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '88.80',
    });
    const response = await cancel(token, paymentId);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe(30004);
    // Alipay refused to close a paid trade (ACQ.TRADE_STATUS_ERROR); the query said it was paid.
    expect(callsAbout(paymentId)).toEqual(['alipay.trade.close', 'alipay.trade.query']);
    expect(await statusOf(paymentId)).toBe('paid');
    expect(await balanceFen(user.id)).toBe(8_880n);
    const rows = await ledgerOf(user.id);
    expect(rows).toHaveLength(1);
    // Credited before we closed anything: a plain top-up note.
    expect(rows[0]).toMatchObject({ reference: paymentId, note: 'alipay' });
  });

  it('expiry job: no transaction stays open across the call to Alipay, and a notification meanwhile wins', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const { paymentId, expiresAt } = await startTopUp(token, 88.8);
    await expirePayments(new Date(Date.parse(expiresAt) - 1));
    kit.gateway.holdAnswers();
    let run: ReturnType<typeof expirePayments> | undefined;
    try {
      run = expirePayments(new Date(Date.parse(expiresAt) + 60_000));
      // The job is inside its close call (no trade yet: it will answer "closed")…
      await until(() => callsAbout(paymentId).includes('alipay.trade.close'));
      // …when the buyer's payment is notified: the row is not locked, so it credits at once.
      expect((await notify(notification(paymentId))).body).toBe('success');
      expect(await statusOf(paymentId)).toBe('paid');
    } finally {
      kit.gateway.releaseAnswers();
    }
    // The job's late "closed" answer does not undo the payment.
    expect(await run).toEqual({ closed: 0, credited: 0, failed: 0 });
    expect(await statusOf(paymentId)).toBe('paid');
    expect(await balanceFen(user.id)).toBe(8_880n);
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it.runIf(engine === 'postgres')(
    'expiry job on two servers sharing one database: Alipay is called once within the lease',
    async () => {
      const database = await createDatabase({ url: kit.testApp.database.url });
      const secondServer = await buildApp({ config: kit.testApp.config, database, logger: false });
      const expireOnSecondServer = (now: Date) =>
        expireDuePayments({
          db: database.db,
          channels: secondServer.paymentChannels,
          log: secondServer.log,
          now,
        });
      try {
        const { token } = await registerCustomer(kit.testApp);
        const { paymentId, expiresAt } = await startTopUp(token, 20);
        kit.gateway.trades.set(paymentId, {
          code: '10000',
          msg: 'Success',
          out_trade_no: paymentId,
          trade_status: 'WAIT_BUYER_PAY',
          total_amount: '20.00',
        });
        await expirePayments(new Date(Date.parse(expiresAt) - 1));
        const now = new Date(Date.parse(expiresAt) + 60_000);
        kit.gateway.holdAnswers();
        let firstRun: ReturnType<typeof expirePayments> | undefined;
        try {
          firstRun = expirePayments(now);
          // The first server has committed its claim and waits inside its close call…
          await until(() => callsAbout(paymentId).length > 0);
          const leased = await paymentOf(paymentId);
          // …holding a lease in its own column: `closed_at` stays empty while pending.
          expect(leased).toMatchObject({
            status: 'pending',
            closedAt: null,
            providerCheckLeasedUntil: new Date(now.getTime() + 5 * 60_000),
          });
          const leasedUntil = leased?.providerCheckLeasedUntil ?? now;
          // The second server's job, at once and at the lease's last moment, leaves it alone. (A
          // second call would be held like the first: the wait ends on the run or on that call.)
          for (const at of [now, new Date(leasedUntil.getTime() - 1)]) {
            let finished = false;
            const secondRun = expireOnSecondServer(at).finally(() => (finished = true));
            await until(() => finished || callsAbout(paymentId).length > 1);
            expect(callsAbout(paymentId)).toEqual(['alipay.trade.close']);
            expect(await secondRun).toEqual({ closed: 0, credited: 0, failed: 0 });
          }
        } finally {
          kit.gateway.releaseAnswers();
        }
        expect(await firstRun).toEqual({ closed: 1, credited: 0, failed: 0 });
        expect(await paymentOf(paymentId)).toMatchObject({
          status: 'closed',
          closedAt: now,
          providerCheckLeasedUntil: null,
        });
        expect(callsAbout(paymentId)).toEqual(['alipay.trade.close']);
      } finally {
        await secondServer.close();
        await database.close();
      }
    },
    120_000,
  );

  it('expiry job: a lease left by a server that died lapses, then one server settles the payment', async () => {
    const { token } = await registerCustomer(kit.testApp);
    const { paymentId, expiresAt } = await startTopUp(token, 20);
    await expirePayments(new Date(Date.parse(expiresAt) - 1));
    const claimedAt = new Date(Date.parse(expiresAt) + 60_000);
    // Another server claims the payment (the job's first step), commits, and dies before it asks
    // Alipay. On PostgreSQL it has a connection of its own; PGlite has one process only.
    const deadServer =
      engine === 'postgres' ? await createDatabase({ url: kit.testApp.database.url }) : undefined;
    let claimed: PaymentRow[];
    try {
      claimed = await (deadServer?.db ?? kit.testApp.database.db).transaction((tx) =>
        claimDuePayments(tx, { now: claimedAt, limit: 10, leaseMs: 5 * 60_000 }),
      );
    } finally {
      await deadServer?.close();
    }
    expect(claimed.map((payment) => payment.id)).toEqual([paymentId]);
    const leasedUntil = claimed[0]?.providerCheckLeasedUntil ?? claimedAt;
    expect(leasedUntil).toEqual(new Date(claimedAt.getTime() + 5 * 60_000));
    // Until the lease ends, the living server leaves the payment alone and asks Alipay nothing.
    for (const at of [claimedAt, new Date(leasedUntil.getTime() - 1)]) {
      expect(await expirePayments(at)).toEqual({ closed: 0, credited: 0, failed: 0 });
    }
    expect(callsAbout(paymentId)).toEqual([]);
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'pending', closedAt: null });
    // Then the lease has lapsed: the payment is closed, Alipay asked once.
    expect(await expirePayments(leasedUntil)).toEqual({ closed: 1, credited: 0, failed: 0 });
    expect(callsAbout(paymentId)).toEqual(['alipay.trade.close']);
    expect(await paymentOf(paymentId)).toMatchObject({
      status: 'closed',
      closedAt: leasedUntil,
      providerCheckLeasedUntil: null,
    });
  });

  it('takes only form-encoded notifications on the notify route', async () => {
    const response = await callEndpoint(kit.testApp.app, alipayNotify, {
      rawBody: JSON.stringify({ out_trade_no: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(415);
    // …and the form parser does not leak to the rest of the API.
    const login = await callEndpoint(kit.testApp.app, loginEndpoint, {
      rawBody: 'email=a%40b.c&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode).toBe(415);
  });
});

describe.each(testEngines)('alipay with the seller learned, not configured, on %s', (engine) => {
  // The fake answers trade queries without seller_id, as Alipay's reference documents them.
  const kit = useAlipayApp(engine, {});
  const { startTopUp, notify, balanceFen, ledgerOf, statusOf, callsAbout } = kit;

  it('confirms the first paid notification with a trade query, then learns its seller', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const first = await startTopUp(token, 88.8);
    // Not yet paid at Alipay: a notification alone, whatever its seller, credits nothing.
    expect((await notify(notification(first.paymentId))).body).toBe('failure');
    expect(callsAbout(first.paymentId)).toEqual(['alipay.trade.query']);
    // Paid, but the notification names another trade (another seller's, under our order number).
    kit.gateway.trades.set(first.paymentId, paidTrade(first.paymentId));
    const foreign = notification(first.paymentId, {
      seller_id: OTHER_SELLER_ID,
      trade_no: '2026112222001499999999',
    });
    expect((await notify(foreign)).body).toBe('failure');
    expect(await balanceFen(user.id)).toBe(0n);
    // Our own trade: the query confirms it, the payment is credited and the seller learned.
    expect((await notify(notification(first.paymentId))).body).toBe('success');
    expect(await balanceFen(user.id)).toBe(8_880n);
    const alipay = kit.testApp.app.paymentChannels.get('alipay');
    expect(alipay && isAlipayChannel(alipay) ? alipay.sellerId() : undefined).toBe(SELLER_ID);

    // From now on another seller's notification is refused without asking Alipay.
    const second = await startTopUp(token, 88.8);
    kit.gateway.trades.set(second.paymentId, paidTrade(second.paymentId));
    const otherSeller = notification(second.paymentId, { seller_id: OTHER_SELLER_ID });
    expect((await notify(otherSeller)).body).toBe('failure');
    expect(callsAbout(second.paymentId)).toEqual([]);
    expect(await statusOf(second.paymentId)).toBe('pending');
    // …and our seller's is credited on its own word.
    expect((await notify(notification(second.paymentId))).body).toBe('success');
    expect(callsAbout(second.paymentId)).toEqual([]);
    expect(await balanceFen(user.id)).toBe(17_760n);
    expect(await ledgerOf(user.id)).toHaveLength(2);
  });
});

describe('alipay channel against the fake gateway', () => {
  let gateway: FakeAlipayGateway;
  beforeAll(async () => {
    gateway = await startFakeAlipayGateway({
      alipayKeys,
      merchantPublicKey: merchantKeys.publicKey,
    });
  });
  afterAll(() => gateway?.close());

  const channelFor = (sellerId: string | null) =>
    createAlipayChannel({
      appId: APP_ID,
      privateKey: merchantKeys.privateKey,
      alipayPublicKey: alipayKeys.publicKey,
      gateway: gateway.url,
      publicUrl: 'https://shop.example.com',
      sellerId,
    });
  let paymentCount = 0;
  const paymentRow = (): PaymentRow => {
    paymentCount += 1;
    return {
      id: `00000000-0000-4000-8000-${String(paymentCount).padStart(12, '0')}`,
      paymentNo: `TP20261124${String(paymentCount).padStart(10, '0')}`,
      userId: '00000000-0000-4000-8000-000000000000',
      channel: 'alipay',
      amountFen: 8_880n,
      currency: 'CNY',
      status: 'pending',
      providerTradeNo: null,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 30 * 60_000),
      paidAt: null,
      closedAt: null,
      providerCheckLeasedUntil: null,
      providerCodeUrl: null,
    };
  };

  it('closes: no trade yet, a waiting trade, a paid one (queried), a failure', async () => {
    const channel = channelFor(SELLER_ID);
    expect(await channel.closeTrade(paymentRow())).toEqual({ state: 'closed' });
    const waiting = paymentRow();
    gateway.trades.set(waiting.id, {
      code: '10000',
      out_trade_no: waiting.id,
      trade_status: 'WAIT_BUYER_PAY',
      total_amount: '88.80',
    });
    expect(await channel.closeTrade(waiting)).toEqual({ state: 'closed' });
    // Closing again: Alipay refuses a closed trade, and the query says it is closed.
    expect(await channel.closeTrade(waiting)).toEqual({ state: 'closed' });
    const paid = paymentRow();
    gateway.trades.set(paid.id, paidTrade(paid.id));
    expect(await channel.closeTrade(paid)).toMatchObject({
      state: 'paid',
      amountFen: 8_880n,
      tradeNo: tradeNoOf(paid.id),
    });
    const broken = paymentRow();
    gateway.trades.set(broken.id, { code: '20000', msg: 'Service Currently Unavailable' });
    await expect(channel.closeTrade(broken)).rejects.toThrow(/alipay.trade.close failed: 20000/);
  });

  it('learns the seller from the first verified query answer that carries one, and keeps it', async () => {
    const channel = channelFor(null);
    const payment = paymentRow();
    gateway.trades.set(payment.id, paidTrade(payment.id));
    await channel.queryTrade(payment);
    expect(channel.sellerId()).toBeUndefined();
    gateway.forgeAnswers = true;
    gateway.sellerId = OTHER_SELLER_ID;
    try {
      await expect(channel.queryTrade(payment)).rejects.toThrow(/no valid signature/);
      expect(channel.sellerId()).toBeUndefined();
    } finally {
      gateway.forgeAnswers = false;
    }
    gateway.sellerId = SELLER_ID;
    await channel.queryTrade(payment);
    expect(channel.sellerId()).toBe(SELLER_ID);
    gateway.sellerId = OTHER_SELLER_ID;
    await channel.queryTrade(payment);
    expect(channel.sellerId()).toBe(SELLER_ID);
    // A configured seller is never replaced.
    expect(channelFor(SELLER_ID).sellerId()).toBe(SELLER_ID);
    gateway.sellerId = undefined;
  });
});
