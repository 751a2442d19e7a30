import {
  cancelTopUp,
  createTopUp,
  getTopUp,
  getTopUpOptions,
  syncAdminPayment,
  wechatPayNotify,
} from '@stratus/contract';
import type { DatabaseEngine } from '@stratus/db';
import { eq, ledgerEntries, paymentNotifications, payments, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { Formatter, Rsa } from 'wechatpay-axios-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDuePayments } from '../../jobs/expire-payments.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer, registerStaff } from '../../../test/accounts.ts';
import { generateRsaKeyPair } from '../../../test/alipay.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import {
  buildWechatNotification,
  startFakeWechatPay,
  wechatCertificateModeKeys,
  wechatPublicKeyModeKeys,
  wechatTransactionIdOf,
  WECHAT_APIV3_KEY,
  WECHAT_APPID,
  WECHAT_MCHID,
  WECHAT_MERCHANT_SERIAL,
  type FakeWechatPay,
  type WechatPlatformKeys,
  type WechatTransaction,
} from '../../../test/wechat-pay.ts';

const merchantKeys = generateRsaKeyPair();

type Mode = 'public-key' | 'certificate';

/** An app with WeChat Pay on (in `mode`) against a fake WeChat Pay, and the tests' helpers. */
function useWechatApp(engine: DatabaseEngine, mode: Mode) {
  let testApp: TestApp;
  let fake: FakeWechatPay;
  const platformKeys: WechatPlatformKeys =
    mode === 'certificate' ? wechatCertificateModeKeys() : wechatPublicKeyModeKeys();
  beforeAll(async () => {
    fake = await startFakeWechatPay({ platformKeys, merchantPublicKey: merchantKeys.publicKey });
    testApp = await createTestApp(engine, {
      env: {
        PAYMENT_SANDBOX: '0',
        PUBLIC_URL: 'https://shop.example.com',
        WECHATPAY_MCHID: WECHAT_MCHID,
        WECHATPAY_APPID: WECHAT_APPID,
        WECHATPAY_PRIVATE_KEY: merchantKeys.privateKey,
        WECHATPAY_SERIAL_NO: WECHAT_MERCHANT_SERIAL,
        WECHATPAY_APIV3_KEY: WECHAT_APIV3_KEY,
        WECHATPAY_GATEWAY: fake.url,
        ...(mode === 'certificate'
          ? { WECHATPAY_PLATFORM_CERTIFICATE: platformKeys.certificate! }
          : {
              WECHATPAY_PUBLIC_KEY: platformKeys.publicKey,
              WECHATPAY_PUBLIC_KEY_ID: platformKeys.serial,
            }),
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await fake?.close();
  });

  const kit = {
    get testApp() {
      return testApp;
    },
    get fake() {
      return fake;
    },
    platformKeys,
    async startTopUp(token: string, amount: number) {
      const response = await callEndpoint(testApp.app, createTopUp, {
        token,
        body: { amount, channel: 'wechat' },
      });
      expect(response.statusCode).toBe(200);
      const data = response.data();
      return { ...data, outTradeNo: data.paymentId.replaceAll('-', '') };
    },
    notify: ({ headers, body }: { headers: Record<string, string>; body: string }) =>
      callEndpoint(testApp.app, wechatPayNotify, { rawBody: body, headers }),
    /** The notification WeChat Pay sends once the buyer paid the order (paid at the fake). */
    paidNotification(
      outTradeNo: string,
      overrides: Partial<WechatTransaction> = {},
      options: Parameters<typeof buildWechatNotification>[2] = {},
    ) {
      const paid = fake.orders.get(outTradeNo)?.trade_state === 'SUCCESS';
      const transaction = paid ? fake.orders.get(outTradeNo)! : fake.pay(outTradeNo);
      return buildWechatNotification(platformKeys, { ...transaction, ...overrides }, options);
    },
    async balanceFen(userId: string) {
      const [wallet] = await testApp.database.db
        .select()
        .from(wallets)
        .where(eq(wallets.userId, userId));
      return wallet?.balanceFen ?? 0n;
    },
    ledgerOf: (userId: string) =>
      testApp.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)),
    async paymentOf(id: string) {
      const [row] = await testApp.database.db.select().from(payments).where(eq(payments.id, id));
      return row!;
    },
    notificationsOf: (paymentId: string) =>
      testApp.database.db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.paymentId, paymentId)),
  };
  return kit;
}

describe.each(testEngines)('wechat pay (public-key mode) on %s', (engine) => {
  const kit = useWechatApp(engine, 'public-key');
  const { startTopUp, notify, paidNotification, balanceFen, ledgerOf, paymentOf } = kit;

  it('opens a Native order signed as WeChat Pay checks it, and answers its QR code', async () => {
    const { token } = await registerCustomer(kit.testApp);
    const options = await callEndpoint(kit.testApp.app, getTopUpOptions, { token });
    expect(options.data().channels).toEqual(['wechat']);
    const started = await startTopUp(token, 88.8);
    expect(kit.fake.badlySignedRequests).toBe(0);
    const order = kit.fake.requests.find((call) => call.body.out_trade_no === started.outTradeNo);
    expect(order).toMatchObject({
      method: 'POST',
      path: '/v3/pay/transactions/native',
      body: {
        appid: WECHAT_APPID,
        mchid: WECHAT_MCHID,
        notify_url: 'https://shop.example.com/api/payments/wechat/notify',
        amount: { total: 8_880, currency: 'CNY' },
      },
    });
    expect(started.outTradeNo).toHaveLength(32);
    // Our expiry, in China Standard Time.
    const expiresAt = new Date(started.expiresAt);
    expect(new Date(String(order?.body.time_expire)).getTime()).toBe(
      Math.floor(expiresAt.getTime() / 1000) * 1000,
    );
    expect(started.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(started.payUrl).toBe(`/console/checkout-counter?paymentId=${started.paymentId}`);
    const payment = await callEndpoint(kit.testApp.app, getTopUp, {
      token,
      params: { id: started.paymentId },
    });
    expect(payment.data()).toMatchObject({ channel: 'wechat', codeUrl: started.codeUrl });
  });

  it('a genuine notification credits once: 204, replayed 10 times in a row and 10 at once', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const { paymentId, outTradeNo } = await startTopUp(token, 88.8);
    const genuine = paidNotification(outTradeNo);
    const first = await notify(genuine);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    for (let round = 0; round < 10; round += 1)
      expect((await notify(genuine)).statusCode).toBe(204);
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => notify(genuine)));
    expect(concurrent.map((answer) => answer.statusCode)).toEqual(Array(10).fill(204));
    expect(await balanceFen(user.id)).toBe(8_880n);
    expect(await ledgerOf(user.id)).toMatchObject([
      { type: 'topup', reference: paymentId, amountFen: 8_880n, note: 'wechat' },
    ]);
    expect(await paymentOf(paymentId)).toMatchObject({
      status: 'paid',
      providerTradeNo: wechatTransactionIdOf(outTradeNo),
    });
    const outcomes = (await kit.notificationsOf(paymentId)).map((row) => row.outcome).sort();
    expect(outcomes).toEqual(['credited', ...Array(20).fill('already-paid')].sort());
    // The pending QR code is gone once paid.
    const answer = await callEndpoint(kit.testApp.app, getTopUp, {
      token,
      params: { id: paymentId },
    });
    expect(answer.data()).toMatchObject({ status: 'paid', codeUrl: null });
  });

  it('refuses forged, tampered, stale and mismatching notifications, and changes nothing', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const { paymentId, outTradeNo } = await startTopUp(token, 88.8);
    const genuine = paidNotification(outTradeNo);
    const impostor = { ...generateRsaKeyPair(), serial: kit.platformKeys.serial };
    const sixMinutesAgo = Formatter.timestamp() - 6 * 60;
    const transaction = kit.fake.orders.get(outTradeNo)!;
    const attempts: [string, { headers: Record<string, string>; body: string }, number, string][] =
      [
        [
          'tampered body',
          { ...genuine, body: genuine.body.replace('"summary":"支付成功"', '"summary":"x"') },
          401,
          'bad-signature',
        ],
        [
          'signed with another key',
          buildWechatNotification(impostor, transaction),
          401,
          'bad-signature',
        ],
        [
          'no signature',
          { ...genuine, headers: { 'content-type': 'application/json' } },
          401,
          'bad-signature',
        ],
        [
          'another serial',
          buildWechatNotification({ ...kit.platformKeys, serial: 'PUB_KEY_ID_0000' }, transaction),
          401,
          'bad-signature',
        ],
        [
          '6 minutes old',
          paidNotification(outTradeNo, {}, { timestamp: sixMinutesAgo }),
          401,
          'stale-timestamp',
        ],
        [
          'another APIv3 key',
          paidNotification(outTradeNo, {}, { apiV3Key: 'z'.repeat(32) }),
          401,
          'undecryptable',
        ],
        [
          'another mchid',
          paidNotification(outTradeNo, { mchid: '1900000999' }),
          400,
          'merchant-mismatch',
        ],
        [
          'another appid',
          paidNotification(outTradeNo, { appid: 'wx0000000000000000' }),
          400,
          'app-id-mismatch',
        ],
        [
          'another amount',
          paidNotification(outTradeNo, { amount: { total: 1, currency: 'CNY' } }),
          400,
          'amount-mismatch',
        ],
      ];
    for (const [name, attempt, status, outcome] of attempts) {
      const answer = await notify(attempt);
      expect(answer.statusCode, name).toBe(status);
      expect(answer.json(), name).toMatchObject({
        code: expect.any(Number),
        message: expect.any(String),
      });
      const [latest] = (
        await kit.testApp.database.db
          .select()
          .from(paymentNotifications)
          .orderBy(paymentNotifications.id)
      ).reverse();
      expect(latest, name).toMatchObject({ channel: 'wechat', outcome, reply: `http-${status}` });
    }
    expect(await balanceFen(user.id)).toBe(0n);
    expect((await paymentOf(paymentId)).status).toBe('pending');
    // The genuine one still credits afterwards.
    expect((await notify(genuine)).statusCode).toBe(204);
    expect(await balanceFen(user.id)).toBe(8_880n);
  });

  it('expiry job: the close answers the order was paid, and it is credited once', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const { paymentId, outTradeNo, expiresAt } = await startTopUp(token, 12.34);
    kit.fake.pay(outTradeNo);
    const later = new Date(new Date(expiresAt).getTime() + 60_000);
    const run = () =>
      expireDuePayments({
        db: kit.testApp.database.db,
        channels: kit.testApp.app.paymentChannels,
        log: kit.testApp.app.log,
        now: later,
      });
    const reports = await Promise.all([run(), run(), run()]);
    expect(reports.reduce((sum, report) => sum + report.credited, 0)).toBe(1);
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'paid', closedAt: null });
    expect(await balanceFen(user.id)).toBe(1_234n);
    const calls = kit.fake.requests.filter((call) => call.path.includes(outTradeNo));
    expect(
      calls.map((call) => `${call.method} ${call.path.endsWith('/close') ? 'close' : 'query'}`),
    ).toEqual(['POST close', 'GET query']);
  });

  it('paid just before the cancel closed it: the late notification credits it, marked', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const { paymentId, outTradeNo } = await startTopUp(token, 20);
    const cancelled = await callEndpoint(kit.testApp.app, cancelTopUp, {
      token,
      params: { id: paymentId },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(kit.fake.orders.get(outTradeNo)?.trade_state).toBe('CLOSED');
    expect((await notify(paidNotification(outTradeNo))).statusCode).toBe(204);
    expect(await ledgerOf(user.id)).toMatchObject([{ note: 'wechat:credited-after-close' }]);
    expect((await paymentOf(paymentId)).status).toBe('paid');
  });

  it('a sync query credits a payment whose notification never came, once', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const finance = await registerStaff(kit.testApp, 'owner');
    const { paymentId, outTradeNo } = await startTopUp(token, 30);
    const sync = () =>
      callEndpoint(kit.testApp.app, syncAdminPayment, {
        token: finance.token,
        params: { id: paymentId },
      });
    expect((await sync()).data()).toMatchObject({ credited: false, provider: { state: 'unpaid' } });
    kit.fake.pay(outTradeNo);
    const answers = await Promise.all([sync(), sync()]);
    expect(answers.filter((answer) => answer.data().credited)).toHaveLength(1);
    expect(await balanceFen(user.id)).toBe(3_000n);
  });

  it('a top-up WeChat Pay refuses to open is 503 and leaves no payment to pay', async () => {
    const { token } = await registerCustomer(kit.testApp);
    kit.fake.failOrders = { status: 500, code: 'SYSTEM_ERROR' };
    try {
      const answer = await callEndpoint(kit.testApp.app, createTopUp, {
        token,
        body: { amount: 10, channel: 'wechat' },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ code: 40501 });
    } finally {
      kit.fake.failOrders = undefined;
    }
  });

  it('an answer not signed by WeChat Pay opens nothing', async () => {
    const { token } = await registerCustomer(kit.testApp);
    kit.fake.forgeAnswers = true;
    try {
      const answer = await callEndpoint(kit.testApp.app, createTopUp, {
        token,
        body: { amount: 10, channel: 'wechat' },
      });
      expect(answer.statusCode).toBe(503);
    } finally {
      kit.fake.forgeAnswers = false;
    }
  });
});

describe.each(testEngines)('wechat pay (certificate mode) on %s', (engine) => {
  const kit = useWechatApp(engine, 'certificate');

  it('verifies answers and notifications with the platform certificate', async () => {
    const { token, user } = await registerCustomer(kit.testApp);
    const { outTradeNo } = await kit.startTopUp(token, 66.6);
    // Signed with the certificate's key, named by a public-key id: not ours in this mode.
    const transaction = kit.fake.pay(outTradeNo);
    const misnamed = buildWechatNotification(
      { ...kit.platformKeys, serial: 'PUB_KEY_ID_0119000001092025010100000000000001' },
      transaction,
    );
    expect((await kit.notify(misnamed)).statusCode).toBe(401);
    expect((await kit.notify(kit.paidNotification(outTradeNo))).statusCode).toBe(204);
    expect(await kit.balanceFen(user.id)).toBe(6_660n);
    // The certificate really holds the key that signed.
    expect(
      Rsa.verify('x', Rsa.sign('x', kit.platformKeys.privateKey), kit.platformKeys.certificate!),
    ).toBe(true);
  });
});

describe.each(testEngines)('wechat pay notify without WeChat Pay on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  it('answers 404 and records the notification', async () => {
    const keys = wechatPublicKeyModeKeys();
    const answer = await callEndpoint(testApp.app, wechatPayNotify, {
      ...buildWechatNotification(keys, {
        out_trade_no: 'x'.repeat(32),
        trade_state: 'SUCCESS',
        amount: { total: 1, currency: 'CNY' },
      }),
      rawBody: '{}',
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 40502 });
  });
});
