import { eq, ledgerEntries, payments, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatChinaTime } from '../../china-time.ts';
import { expireDuePayments } from '../../jobs/expire-payments.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../testing.ts';
import { alipaySigningString, extractSignedObject, verifyRsa2 } from './alipay.ts';
import {
  generateRsaKeyPair,
  signAlipayNotification,
  startFakeAlipayGateway,
  type FakeAlipayGateway,
} from './testing.ts';

const APP_ID = '2021000000000001';
const merchantKeys = generateRsaKeyPair();
const alipayKeys = generateRsaKeyPair();

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
  let testApp: TestApp;
  let gateway: FakeAlipayGateway;
  beforeAll(async () => {
    gateway = await startFakeAlipayGateway({
      alipayKeys,
      merchantPublicKey: merchantKeys.publicKey,
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
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await gateway?.close();
  });

  const startTopUp = async (token: string, amount: number) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/wallet/topup',
      headers: bearer(token),
      payload: { amount, channel: 'alipay' },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { paymentId: string; payUrl: string; expiresAt: string };
  };
  /** A notification signed with Alipay's key; an override of `undefined` leaves that field out. */
  const notification = (paymentId: string, overrides: Record<string, string | undefined> = {}) => {
    const fields: Record<string, string | undefined> = {
      notify_time: '2026-11-22 10:00:00',
      notify_type: 'trade_status_sync',
      notify_id: `n-${paymentId}`,
      app_id: APP_ID,
      charset: 'utf-8',
      version: '1.0',
      trade_no: `2026112222001${paymentId.slice(0, 8)}`,
      out_trade_no: paymentId,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '88.80',
      receipt_amount: '88.80',
      gmt_payment: formatChinaTime(new Date()),
      subject: 'Stratus 账户充值',
      ...overrides,
    };
    const present = Object.entries(fields).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    );
    return signAlipayNotification(Object.fromEntries(present), alipayKeys.privateKey);
  };
  const notify = (params: Record<string, string>) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/payments/alipay/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: new URLSearchParams(params).toString(),
    });
  const balanceFen = async (userId: string) => {
    const [wallet] = await testApp.database.db
      .select()
      .from(wallets)
      .where(eq(wallets.userId, userId));
    return wallet?.balanceFen;
  };
  const ledgerOf = (userId: string) =>
    testApp.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  const statusOf = async (id: string) => {
    const [row] = await testApp.database.db.select().from(payments).where(eq(payments.id, id));
    return row?.status;
  };
  const expirePayments = (now: Date) =>
    expireDuePayments({
      db: testApp.database.db,
      channels: testApp.app.paymentChannels,
      log: testApp.app.log,
      now,
    });
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
    const { token } = await registerUser(testApp.app);
    const options = await testApp.app.inject({
      url: '/api/user/wallet/topup-options',
      headers: bearer(token),
    });
    expect(options.json().data.channels).toEqual(['alipay']);
    const { paymentId, payUrl } = await startTopUp(token, 88.8);
    const url = new URL(payUrl);
    expect(`${url.origin}${url.pathname}`).toBe(gateway.url);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.page.pay',
      sign_type: 'RSA2',
      charset: 'utf-8',
      notify_url: 'https://shop.example.com/api/payments/alipay/notify',
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
    const { token, user } = await registerUser(testApp.app);
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
    expect(rows[0]).toMatchObject({ type: 'topup', reference: paymentId, balanceAfterFen: 8_880n });
    const [payment] = await testApp.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'paid', providerTradeNo: params.trade_no });
  });

  it('refuses forged or mismatching notifications and changes nothing', async () => {
    const { token, user } = await registerUser(testApp.app);
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

  it('refuses a notification for a cancelled payment', async () => {
    const { token, user } = await registerUser(testApp.app);
    const { paymentId } = await startTopUp(token, 88.8);
    const cancelled = await testApp.app.inject({
      method: 'POST',
      url: `/api/user/wallet/topups/${paymentId}/cancel`,
      headers: bearer(token),
    });
    expect(cancelled.json().data.status).toBe('closed');
    expect((await notify(notification(paymentId))).body).toBe('failure');
    expect(await balanceFen(user.id)).toBe(0n);
  });

  it('answers `success` (Alipay stops resending) to a verified WAIT_BUYER_PAY or TRADE_CLOSED notification, crediting nothing', async () => {
    const { token, user } = await registerUser(testApp.app);
    const { paymentId } = await startTopUp(token, 88.8);
    const notPaid = [
      notification(paymentId, { trade_status: 'WAIT_BUYER_PAY', gmt_payment: undefined }),
      notification(paymentId, {
        trade_status: 'TRADE_CLOSED',
        gmt_payment: undefined,
        gmt_close: formatChinaTime(new Date()),
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
    const { token, user } = await registerUser(testApp.app);
    const paid = await startTopUp(token, 88.8);
    const unpaid = await startTopUp(token, 10);
    const waiting = await startTopUp(token, 20);
    gateway.trades.set(paid.paymentId, {
      code: '10000',
      msg: 'Success',
      out_trade_no: paid.paymentId,
      trade_no: '2026112222001400000001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '88.80',
      send_pay_date: formatChinaTime(new Date()),
    });
    gateway.trades.set(waiting.paymentId, {
      code: '10000',
      msg: 'Success',
      out_trade_no: waiting.paymentId,
      trade_status: 'WAIT_BUYER_PAY',
      total_amount: '20.00',
    });
    const report = await expireDuePayments({
      db: testApp.database.db,
      channels: testApp.app.paymentChannels,
      log: testApp.app.log,
      now: new Date(Date.parse(paid.expiresAt) + 60_000),
    });
    expect(report.credited).toBe(1);
    expect(report.closed).toBeGreaterThanOrEqual(2);
    expect(await statusOf(paid.paymentId)).toBe('paid');
    expect(await statusOf(unpaid.paymentId)).toBe('closed');
    expect(await statusOf(waiting.paymentId)).toBe('closed');
    expect(await balanceFen(user.id)).toBe(8_880n);
    expect(gateway.badlySignedRequests).toBe(0);
    // A late notification for the credited payment is acknowledged without a second credit.
    expect((await notify(notification(paid.paymentId))).body).toBe('success');
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it('expiry job: an answer without Alipay’s signature settles nothing', async () => {
    const { token, user } = await registerUser(testApp.app);
    const { paymentId, expiresAt } = await startTopUp(token, 88.8);
    gateway.trades.set(paymentId, {
      code: '10000',
      out_trade_no: paymentId,
      trade_no: '2026112222001400000002',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '88.80',
    });
    gateway.forgeAnswers = true;
    const run = (minutesAfterExpiry: number) =>
      expireDuePayments({
        db: testApp.database.db,
        channels: testApp.app.paymentChannels,
        log: testApp.app.log,
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
      gateway.forgeAnswers = false;
    }
  });

  it('expiry job on three servers at once: a trade paid at Alipay is credited exactly once', async () => {
    const { token, user } = await registerUser(testApp.app);
    const { paymentId, expiresAt } = await startTopUp(token, 88.8);
    gateway.trades.set(paymentId, {
      code: '10000',
      msg: 'Success',
      out_trade_no: paymentId,
      trade_no: '2026112222001400000004',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '88.80',
      send_pay_date: formatChinaTime(new Date()),
    });
    // Earlier tests' payments fell due first: settle them now, so the reports count this one only.
    await expirePayments(new Date(Date.parse(expiresAt) - 1));
    // A slow answer keeps the first claim's row locked while the other servers claim.
    gateway.answerDelayMs = 200;
    try {
      const report = await expireOnThreeServers(new Date(Date.parse(expiresAt) + 60_000));
      expect(report).toEqual({ closed: 0, credited: 1, failed: 0 });
    } finally {
      gateway.answerDelayMs = 0;
    }
    const [payment] = await testApp.database.db
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
    const { token, user } = await registerUser(testApp.app);
    const { paymentId, expiresAt } = await startTopUp(token, 20);
    gateway.trades.set(paymentId, {
      code: '10000',
      msg: 'Success',
      out_trade_no: paymentId,
      trade_status: 'WAIT_BUYER_PAY',
      total_amount: '20.00',
    });
    await expirePayments(new Date(Date.parse(expiresAt) - 1));
    const now = new Date(Date.parse(expiresAt) + 60_000);
    gateway.answerDelayMs = 200;
    try {
      const report = await expireOnThreeServers(now);
      // A second close would fail its `status = 'pending'` guard and count as failed.
      expect(report).toEqual({ closed: 1, credited: 0, failed: 0 });
    } finally {
      gateway.answerDelayMs = 0;
    }
    const [payment] = await testApp.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'closed', closedAt: now, paidAt: null });
    expect(await balanceFen(user.id)).toBe(0n);
    expect(await ledgerOf(user.id)).toHaveLength(0);
  });

  it('a cancel finds a trade paid at Alipay: credited, and the cancel is refused', async () => {
    const { token, user } = await registerUser(testApp.app);
    const { paymentId } = await startTopUp(token, 88.8);
    gateway.trades.set(paymentId, {
      code: '10000',
      out_trade_no: paymentId,
      trade_no: '2026112222001400000003',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '88.80',
    });
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/user/wallet/topups/${paymentId}/cancel`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(409);
    expect(await statusOf(paymentId)).toBe('paid');
    expect(await balanceFen(user.id)).toBe(8_880n);
  });

  it('takes only form-encoded notifications on the notify route', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/payments/alipay/notify',
      payload: { out_trade_no: 'x' },
    });
    expect(response.statusCode).toBe(415);
    // …and the form parser does not leak to the rest of the API.
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c&password=x',
    });
    expect(login.statusCode).toBe(415);
  });
});
