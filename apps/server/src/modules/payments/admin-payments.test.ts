import {
  alipayNotify,
  cancelTopUp,
  completeSandboxPayment,
  createTopUp,
  getAdminPayment,
  listAdminPayments,
  markAdminPaymentPaid,
  syncAdminPayment,
  type EndpointDefinition,
  type PaymentChannel,
  type StaffRole,
} from '@stratus/contract';
import {
  auditLog,
  eq,
  ledgerEntries,
  messages,
  paymentNotifications,
  payments,
  sql,
  users,
  wallets,
  type DatabaseEngine,
} from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDayOf, formatAlipayTime } from '../../business-time.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerStaff, registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';
import {
  generateRsaKeyPair,
  signAlipayNotification,
  startFakeAlipayGateway,
  type FakeAlipayGateway,
} from '../../../test/alipay.ts';

const APP_ID = '2021000000000001';
const SELLER_ID = '2088000000000001';
const merchantKeys = generateRsaKeyPair();
const alipayKeys = generateRsaKeyPair();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The Alipay trade number our notifications and query answers give a payment. */
const tradeNoOf = (paymentId: string) => `2026112222001${paymentId.slice(0, 8)}`;

/** A notification signed with Alipay's key, for a payment of `amount` (text, yuan). */
function notification(paymentId: string, overrides: Record<string, string> = {}) {
  return signAlipayNotification(
    {
      notify_time: formatAlipayTime(new Date()),
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
      gmt_payment: formatAlipayTime(new Date()),
      ...overrides,
    },
    alipayKeys.privateKey,
  );
}

/** Alipay's query answer for a trade the buyer has paid. */
function paidTrade(paymentId: string, totalAmount: string): Record<string, string> {
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

function useAdminPaymentsApp(engine: DatabaseEngine) {
  let testApp: TestApp;
  let gateway: FakeAlipayGateway;
  const tokens = {} as Record<StaffRole | 'customer', string>;
  beforeAll(async () => {
    gateway = await startFakeAlipayGateway({
      alipayKeys,
      merchantPublicKey: merchantKeys.publicKey,
      sellerId: SELLER_ID,
    });
    testApp = await createTestApp(engine, {
      env: {
        PAYMENT_SANDBOX: '1',
        PUBLIC_URL: 'https://shop.example.com',
        ALIPAY_APP_ID: APP_ID,
        ALIPAY_PRIVATE_KEY: merchantKeys.privateKey,
        ALIPAY_PUBLIC_KEY: alipayKeys.publicKey,
        ALIPAY_GATEWAY: gateway.url,
        ALIPAY_SELLER_ID: SELLER_ID,
      },
    });
    for (const role of ['owner', 'finance', 'support', 'ops'] as const) {
      tokens[role] = (await registerStaff(testApp, role)).token;
    }
    tokens.customer = (await registerCustomer(testApp)).token;
  });
  afterAll(async () => {
    await testApp?.close();
    await gateway?.close();
  });

  const kit = {
    get app() {
      return testApp.app;
    },
    get db() {
      return testApp.database.db;
    },
    get gateway() {
      return gateway;
    },
    tokens,
    /** Calls an admin endpoint as `role` (finance unless told), in English. */
    call<E extends EndpointDefinition>(
      endpoint: E,
      options: CallOptions<E> = {},
      role: StaffRole | 'customer' = 'finance',
    ) {
      return callEndpoint(testApp.app, endpoint, {
        token: tokens[role],
        headers: { 'accept-language': 'en-US' },
        ...options,
      });
    },
    /** A customer with a pending top-up of `amount` yuan on `channel`. */
    async pendingPayment(amount: number, channel: PaymentChannel) {
      const customer = await registerCustomer(testApp);
      const response = await callEndpoint(testApp.app, createTopUp, {
        token: customer.token,
        body: { amount, channel },
      });
      expect(response.statusCode).toBe(200);
      return { customer, paymentId: response.data().paymentId };
    },
    notify: (params: Record<string, string>) =>
      callEndpoint(testApp.app, alipayNotify, { body: params }),
    async paymentOf(id: string) {
      const [row] = await testApp.database.db.select().from(payments).where(eq(payments.id, id));
      return row;
    },
    ledgerOf: (userId: string) =>
      testApp.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)),
    async balanceFen(userId: string) {
      const [wallet] = await testApp.database.db
        .select()
        .from(wallets)
        .where(eq(wallets.userId, userId));
      return wallet?.balanceFen;
    },
    auditOf: (paymentId: string) =>
      testApp.database.db.select().from(auditLog).where(eq(auditLog.targetId, paymentId)),
  };
  return kit;
}

describe.each(testEngines)('admin payments on %s', (engine) => {
  const kit = useAdminPaymentsApp(engine);
  const { call, pendingPayment, notify, paymentOf, ledgerOf, balanceFen, auditOf } = kit;

  describe('who may call', () => {
    /** Each endpoint with a call that passes the guard and what an allowed role gets. */
    const cases = (paidId: string, sandboxId: string) => [
      {
        endpoint: listAdminPayments,
        run: (role: StaffRole | 'customer') => call(listAdminPayments, {}, role),
        allowed: ['owner', 'finance'],
        allowedStatus: 200,
      },
      {
        endpoint: getAdminPayment,
        run: (role: StaffRole | 'customer') =>
          call(getAdminPayment, { params: { id: paidId } }, role),
        allowed: ['owner', 'finance'],
        allowedStatus: 200,
      },
      {
        // A sandbox payment has no provider to ask: the guard let the call through.
        endpoint: syncAdminPayment,
        run: (role: StaffRole | 'customer') =>
          call(syncAdminPayment, { params: { id: sandboxId } }, role),
        allowed: ['owner', 'finance'],
        allowedStatus: 409,
      },
      {
        // Paid already: refused by the service, past the guard, changing nothing.
        endpoint: markAdminPaymentPaid,
        run: (role: StaffRole | 'customer') =>
          call(
            markAdminPaymentPaid,
            { params: { id: paidId }, body: { tradeNo: 'T-1', note: 'bank statement' } },
            role,
          ),
        allowed: ['owner', 'finance'],
        allowedStatus: 409,
      },
    ];

    it('lets owner and finance in, refuses support and ops by role, customers and anonymous callers', async () => {
      const paid = await pendingPayment(12, 'sandbox');
      await callEndpoint(kit.app, completeSandboxPayment, {
        token: paid.customer.token,
        params: { paymentId: paid.paymentId },
      });
      const { paymentId: sandboxId } = await pendingPayment(13, 'sandbox');
      for (const { endpoint, run, allowed, allowedStatus } of cases(paid.paymentId, sandboxId)) {
        for (const role of ['owner', 'finance', 'support', 'ops'] as const) {
          const response = await run(role);
          if (allowed.includes(role)) {
            expect(response.statusCode, `${endpoint.path} as ${role}`).toBe(allowedStatus);
          } else {
            expect(response.statusCode, `${endpoint.path} as ${role}`).toBe(403);
            expect(response.json()).toEqual({
              code: 10302,
              message: `Your staff role (${role}) does not allow this`,
              data: null,
            });
          }
        }
        const customer = await run('customer');
        expect(customer.statusCode).toBe(403);
        expect(customer.json().code).toBe(10301);
        const anonymous = await callEndpoint(kit.app, endpoint, {
          rawParams: { id: paid.paymentId },
        });
        expect(anonymous.statusCode).toBe(401);
      }
      // None of the refused or failed writes left an audit entry, nor changed anything.
      expect(await auditOf(paid.paymentId)).toHaveLength(0);
      expect(await auditOf(sandboxId)).toHaveLength(0);
      expect((await paymentOf(sandboxId))?.status).toBe('pending');
    });
  });

  describe('notify history', () => {
    it('records every Alipay notification, verified or not, with its outcome and our reply', async () => {
      const { customer, paymentId } = await pendingPayment(88.8, 'alipay');
      const genuine = notification(paymentId);
      const attempts: [Record<string, string>, string][] = [
        [{ ...genuine, sign: 'bm90IGEgc2lnbmF0dXJl' }, 'failure'],
        [notification(paymentId, { app_id: '2021999999999999' }), 'failure'],
        [notification(paymentId, { seller_id: '2088999999999999' }), 'failure'],
        [notification(paymentId, { trade_status: 'WAIT_BUYER_PAY' }), 'success'],
        [notification(paymentId, { total_amount: '1.00' }), 'failure'],
        [notification(paymentId, { total_amount: 'lots' }), 'failure'],
        [genuine, 'success'],
        [genuine, 'success'],
      ];
      for (const [params, reply] of attempts) expect((await notify(params)).body).toBe(reply);
      expect(await balanceFen(customer.user.id)).toBe(8_880n);

      const detail = (await call(getAdminPayment, { params: { id: paymentId } })).data();
      expect(
        detail.notifications.map(({ verified, outcome, reply }) => [verified, outcome, reply]),
      ).toEqual([
        [false, 'bad-signature', 'failure'],
        [true, 'app-id-mismatch', 'failure'],
        [true, 'seller-mismatch', 'failure'],
        [true, 'not-final', 'success'],
        [true, 'amount-mismatch', 'failure'],
        [true, 'unreadable-amount', 'failure'],
        [true, 'credited', 'success'],
        [true, 'already-paid', 'success'],
      ]);
      expect(detail.notifications[4]).toMatchObject({
        channel: 'alipay',
        outTradeNo: paymentId,
        providerTradeNo: tradeNoOf(paymentId),
        tradeStatus: 'TRADE_SUCCESS',
        amount: 1,
      });
      expect(detail.notifications[5]?.amount).toBeNull();
      expect(detail.payment).toMatchObject({
        status: 'paid',
        providerTradeNo: tradeNoOf(paymentId),
        notificationCount: 8,
      });
      expect(detail.ledgerEntry).toMatchObject({
        type: 'topup',
        amount: 88.8,
        // Worded as the ledger shows it: the payment number, not the stored id.
        reference: detail.payment.paymentNo,
        note: 'alipay',
      });
    });

    it('tells owner and finance of a notification failing verification, at most once an hour', async () => {
      const { paymentId } = await pendingPayment(10, 'alipay');
      const forged = { ...notification(paymentId), sign: 'bm90IGEgc2lnbmF0dXJl' };
      expect((await notify(forged)).body).toBe('failure');
      expect((await notify(forged)).body).toBe('failure');
      const rows = await kit.db
        .select({ role: users.role, subject: messages.subject, data: messages.data })
        .from(messages)
        .innerJoin(users, eq(users.id, messages.userId))
        .where(eq(messages.event, 'payment.notification_failed'));
      expect(rows.map((row) => row.role).sort()).toEqual(['finance', 'owner']);
      expect(rows[0]).toMatchObject({
        subject: '一条支付宝支付通知未通过验证',
        data: { channel: 'alipay', outcome: 'bad-signature' },
      });
    });

    it('records a notification naming no payment of ours without a payment', async () => {
      const { paymentId: sandboxPayment } = await pendingPayment(5, 'sandbox');
      for (const outTradeNo of [UNKNOWN_ID, 'not-ours', sandboxPayment]) {
        expect((await notify(notification(outTradeNo))).body).toBe('failure');
      }
      const rows = await kit.db
        .select()
        .from(paymentNotifications)
        .where(
          sql`${paymentNotifications.outTradeNo} in (${UNKNOWN_ID}, 'not-ours', ${sandboxPayment})`,
        );
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row).toMatchObject({ paymentId: null, verified: true, outcome: 'unknown-payment' });
      }
    });

    it('records sandbox confirms: credited, already paid, and refused once closed', async () => {
      const paid = await pendingPayment(9, 'sandbox');
      const confirm = (token: string, paymentId: string) =>
        callEndpoint(kit.app, completeSandboxPayment, { token, params: { paymentId } });
      expect((await confirm(paid.customer.token, paid.paymentId)).statusCode).toBe(200);
      expect((await confirm(paid.customer.token, paid.paymentId)).statusCode).toBe(200);
      const closed = await pendingPayment(9, 'sandbox');
      await callEndpoint(kit.app, cancelTopUp, {
        token: closed.customer.token,
        params: { id: closed.paymentId },
      });
      expect((await confirm(closed.customer.token, closed.paymentId)).statusCode).toBe(409);
      const outcomes = async (id: string) =>
        (await call(getAdminPayment, { params: { id } }))
          .data()
          .notifications.map(({ channel, verified, outcome, reply, providerTradeNo }) => ({
            channel,
            verified,
            outcome,
            reply,
            providerTradeNo,
          }));
      const sandbox = { channel: 'sandbox', verified: true };
      expect(await outcomes(paid.paymentId)).toEqual([
        {
          ...sandbox,
          outcome: 'credited',
          reply: 'success',
          providerTradeNo: `sandbox-${paid.paymentId}`,
        },
        {
          ...sandbox,
          outcome: 'already-paid',
          reply: 'success',
          providerTradeNo: `sandbox-${paid.paymentId}`,
        },
      ]);
      expect(await outcomes(closed.paymentId)).toEqual([
        {
          ...sandbox,
          outcome: 'not-pending',
          reply: 'failure',
          providerTradeNo: `sandbox-${closed.paymentId}`,
        },
      ]);
    });

    it('answers Alipay the same when the history cannot be written', async () => {
      const { customer, paymentId } = await pendingPayment(88.8, 'alipay');
      await kit.db.execute(
        sql`alter table payment_notifications rename to payment_notifications_away`,
      );
      try {
        expect((await notify(notification(paymentId, { total_amount: '1.00' }))).body).toBe(
          'failure',
        );
        expect((await notify(notification(paymentId))).body).toBe('success');
      } finally {
        await kit.db.execute(
          sql`alter table payment_notifications_away rename to payment_notifications`,
        );
      }
      expect(await balanceFen(customer.user.id)).toBe(8_880n);
      expect((await paymentOf(paymentId))?.status).toBe('paid');
    });
  });

  describe('list and detail', () => {
    it('filters by status, channel, customer, trade number and day, newest first', async () => {
      const marker = await registerCustomer(kit, { email: `filter-${engine}@list.example` });
      const own = async (channel: PaymentChannel, amount: number) => {
        const response = await callEndpoint(kit.app, createTopUp, {
          token: marker.token,
          body: { amount, channel },
        });
        return response.data().paymentId;
      };
      const numberOf = async (paymentId: string) =>
        (await call(getAdminPayment, { params: { id: paymentId } })).data().payment.paymentNo;
      const first = await own('sandbox', 1);
      const second = await own('alipay', 2);
      const third = await own('alipay', 3);
      await notify(notification(third, { total_amount: '3.00' }));
      const list = (query: CallOptions<typeof listAdminPayments>['query']) =>
        call(listAdminPayments, { query }).then((response) => response.data());

      const mine = await list({ customer: `filter-${engine}@LIST` });
      expect(mine.total).toBe(3);
      expect(mine.items.map((item) => item.id)).toEqual([third, second, first]);
      expect(mine.items[0]).toEqual({
        id: third,
        paymentNo: await numberOf(third),
        customerId: marker.user.id,
        customerEmail: `filter-${engine}@list.example`,
        channel: 'alipay',
        amount: 3,
        currency: 'CNY',
        status: 'paid',
        providerTradeNo: tradeNoOf(third),
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        paidAt: expect.any(String),
        closedAt: null,
        notificationCount: 1,
      });
      expect((await list({ customer: marker.user.id })).total).toBe(3);
      const alipayPending = await list({
        customer: marker.user.id,
        channel: 'alipay',
        status: 'pending',
      });
      expect(alipayPending.items.map((item) => item.id)).toEqual([second]);
      expect((await list({ tradeNo: tradeNoOf(third) })).items.map((item) => item.id)).toEqual([
        third,
      ]);
      expect((await list({ tradeNo: first })).items.map((item) => item.id)).toEqual([first]);
      const secondNo = await numberOf(second);
      expect(secondNo).toMatch(/^TP\d{18}$/);
      for (const tradeNo of [secondNo, secondNo.toLowerCase()]) {
        expect((await list({ tradeNo })).items.map((item) => item.id)).toEqual([second]);
      }
      const today = businessDayOf(new Date());
      expect((await list({ customer: marker.user.id, from: today, to: today })).total).toBe(3);
      expect((await list({ customer: marker.user.id, to: '2020-01-01' })).total).toBe(0);
      const paged = await list({ customer: marker.user.id, page: 2, pageSize: 2 });
      expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(paged.items.map((item) => item.id)).toEqual([first]);
    });

    it('refuses bad filters with a message', async () => {
      const cases: [unknown, string][] = [
        [{ status: 'refunded' }, 'status'],
        [{ channel: 'paypal' }, 'channel'],
        [{ pageSize: '101' }, 'pageSize'],
        [{ from: '2026-13-01' }, 'from'],
        [{ customer: '' }, 'customer'],
      ];
      for (const [rawQuery, field] of cases) {
        const response = await call(listAdminPayments, { rawQuery });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 10001, data: { field } });
        expect(response.json().message).toMatch(new RegExp(`^Invalid ${field}: `));
      }
    });

    it('answers 404 for an unknown payment and 400 for a malformed id', async () => {
      const unknown = await call(getAdminPayment, { params: { id: UNKNOWN_ID } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 30003, message: 'The payment does not exist' });
      const malformed = await call(getAdminPayment, { rawParams: { id: 'nope' } });
      expect(malformed.statusCode).toBe(400);
      const pending = await pendingPayment(4, 'alipay');
      const detail = (await call(getAdminPayment, { params: { id: pending.paymentId } })).data();
      expect(detail).toMatchObject({ notifications: [], ledgerEntry: null });
      expect(detail.payment).toMatchObject({ status: 'pending', notificationCount: 0 });
    });
  });

  describe('sync with the provider', () => {
    const sync = (id: string, role: StaffRole = 'finance') =>
      call(syncAdminPayment, { params: { id } }, role);

    it('reports an unpaid trade, then credits a paid one exactly once, audited each time', async () => {
      const { customer, paymentId } = await pendingPayment(66, 'alipay');
      const unpaid = await sync(paymentId);
      expect(unpaid.data()).toMatchObject({
        provider: { state: 'unpaid', tradeNo: null, amount: null, paidAt: null },
        credited: false,
        payment: { status: 'pending' },
      });
      kit.gateway.trades.set(paymentId, paidTrade(paymentId, '66.00'));
      const answers = await Promise.all([
        sync(paymentId),
        sync(paymentId, 'owner'),
        sync(paymentId),
      ]);
      const credited = answers.filter((answer) => answer.data().credited);
      expect(credited).toHaveLength(1);
      for (const answer of answers) {
        expect(answer.data()).toMatchObject({
          provider: { state: 'paid', tradeNo: tradeNoOf(paymentId), amount: 66 },
          payment: { status: 'paid', providerTradeNo: tradeNoOf(paymentId) },
        });
      }
      expect(await ledgerOf(customer.user.id)).toHaveLength(1);
      expect(await balanceFen(customer.user.id)).toBe(6_600n);
      const entries = await auditOf(paymentId);
      expect(entries).toHaveLength(4);
      expect(entries.every((entry) => entry.action === 'payment.sync')).toBe(true);
      const changed = entries.filter((entry) => Object.keys(entry.changes).length > 0);
      expect(changed).toHaveLength(1);
      expect(changed[0]?.changes).toMatchObject({
        status: { before: 'pending', after: 'paid' },
        providerTradeNo: { before: null, after: tradeNoOf(paymentId) },
      });
      expect(changed[0]).toMatchObject({ targetType: 'payment', actorRole: expect.any(String) });
    });

    it('refuses a paid answer of another amount and leaves no audit entry', async () => {
      const { customer, paymentId } = await pendingPayment(50, 'alipay');
      kit.gateway.trades.set(paymentId, paidTrade(paymentId, '0.50'));
      const response = await sync(paymentId);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe(30005);
      expect((await paymentOf(paymentId))?.status).toBe('pending');
      expect(await ledgerOf(customer.user.id)).toHaveLength(0);
      expect(await auditOf(paymentId)).toHaveLength(0);
    });

    it('answers 503 when the provider cannot be asked, 409 for the sandbox, 404 for none', async () => {
      const { paymentId } = await pendingPayment(20, 'alipay');
      kit.gateway.forgeAnswers = true;
      try {
        const response = await sync(paymentId);
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({
          code: 70305,
          message:
            'The payment provider cannot be asked about this payment right now; try again later',
        });
      } finally {
        kit.gateway.forgeAnswers = false;
      }
      const { paymentId: sandboxId } = await pendingPayment(20, 'sandbox');
      const sandbox = await sync(sandboxId);
      expect(sandbox.statusCode).toBe(409);
      expect(sandbox.json().code).toBe(70303);
      expect((await sync(UNKNOWN_ID)).statusCode).toBe(404);
      expect(await auditOf(paymentId)).toHaveLength(0);
      expect(await auditOf(sandboxId)).toHaveLength(0);
    });
  });

  describe('mark paid', () => {
    const markPaid = (
      id: string,
      body: { tradeNo: string; note: string },
      role: StaffRole = 'finance',
    ) => call(markAdminPaymentPaid, { params: { id }, body }, role);

    it('credits through the crediting path once, audited with the note as its reason', async () => {
      const { customer, paymentId } = await pendingPayment(120, 'alipay');
      const response = await markPaid(paymentId, {
        tradeNo: ' 2026112299990001 ',
        note: 'Confirmed on the Alipay merchant statement',
      });
      expect(response.statusCode).toBe(200);
      expect(response.data().payment).toMatchObject({
        status: 'paid',
        providerTradeNo: '2026112299990001',
        closedAt: null,
      });
      const rows = await ledgerOf(customer.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        type: 'topup',
        amountFen: 12_000n,
        reference: paymentId,
        note: 'alipay',
      });
      const entries = await auditOf(paymentId);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: 'payment.mark_paid',
        actorRole: 'finance',
        targetType: 'payment',
        reason: 'Confirmed on the Alipay merchant statement',
        changes: {
          status: { before: 'pending', after: 'paid' },
          providerTradeNo: { before: null, after: '2026112299990001' },
        },
      });

      // Paid now: a second mark-paid changes nothing and leaves no entry.
      const again = await markPaid(paymentId, { tradeNo: 'other', note: 'again' }, 'owner');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 70301,
        message: 'This payment is already paid; nothing was changed',
      });
      expect(await ledgerOf(customer.user.id)).toHaveLength(1);
      expect(await auditOf(paymentId)).toHaveLength(1);
    });

    it('credits a payment closed here meanwhile, noting it was credited after the close', async () => {
      const { customer, paymentId } = await pendingPayment(30, 'sandbox');
      await callEndpoint(kit.app, cancelTopUp, {
        token: customer.token,
        params: { id: paymentId },
      });
      const response = await markPaid(
        paymentId,
        { tradeNo: 'BANK-77', note: 'Paid by transfer' },
        'owner',
      );
      expect(response.data().payment).toMatchObject({
        status: 'paid',
        closedAt: expect.any(String),
      });
      const [row] = await ledgerOf(customer.user.id);
      expect(row?.note).toBe('sandbox:credited-after-close');
      expect((await auditOf(paymentId))[0]?.actorRole).toBe('owner');
    });

    it('refuses a trade number of another payment, and bad input, changing nothing', async () => {
      const { paymentId: holder } = await pendingPayment(10, 'alipay');
      await notify(notification(holder, { total_amount: '10.00' }));
      const { customer, paymentId } = await pendingPayment(10, 'alipay');
      const taken = await markPaid(paymentId, { tradeNo: tradeNoOf(holder), note: 'dup' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(
        `Trade number ${tradeNoOf(holder)} already belongs to another payment`,
      );
      const bad: [unknown, string, string][] = [
        [{ tradeNo: 'T', note: '   ' }, 'note', 'Invalid note: is required'],
        [
          { tradeNo: 'T', note: 'x'.repeat(201) },
          'note',
          'Invalid note: must be at most 200 characters',
        ],
        [{ tradeNo: 'T' }, 'note', 'Invalid note: is required'],
        [{ tradeNo: '', note: 'n' }, 'tradeNo', 'Invalid tradeNo: is required'],
        [
          { tradeNo: 'a\nb', note: 'n' },
          'tradeNo',
          'Invalid tradeNo: must not contain line breaks or other control characters',
        ],
      ];
      for (const [rawBody, field, message] of bad) {
        const response = await call(markAdminPaymentPaid, { params: { id: paymentId }, rawBody });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 10001, message, data: { field } });
      }
      expect((await markPaid(UNKNOWN_ID, { tradeNo: 'T', note: 'n' })).statusCode).toBe(404);
      expect((await paymentOf(paymentId))?.status).toBe('pending');
      expect(await ledgerOf(customer.user.id)).toHaveLength(0);
      expect(await auditOf(paymentId)).toHaveLength(0);
    });

    it('five mark-paids at once credit once, with one audit entry', async () => {
      const { customer, paymentId } = await pendingPayment(15, 'alipay');
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          markPaid(paymentId, { tradeNo: `CONCURRENT-${index}`, note: `try ${index}` }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409]);
      expect(await ledgerOf(customer.user.id)).toHaveLength(1);
      expect(await balanceFen(customer.user.id)).toBe(1_500n);
      expect(await auditOf(paymentId)).toHaveLength(1);
    });

    it('two payments marked paid at once with one trade number: one credited, one refused', async () => {
      for (let round = 0; round < 3; round += 1) {
        const first = await pendingPayment(20, 'alipay');
        const second = await pendingPayment(20, 'alipay');
        const tradeNo = `SHARED-${round}`;
        const answers = await Promise.all([
          markPaid(first.paymentId, { tradeNo, note: 'statement line' }),
          markPaid(second.paymentId, { tradeNo, note: 'statement line' }, 'owner'),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        const refused = answers.find((answer) => answer.statusCode === 409)!;
        expect(refused.json()).toMatchObject({
          code: 70302,
          message: `Trade number ${tradeNo} already belongs to another payment`,
        });
        const ledgers = [
          ...(await ledgerOf(first.customer.user.id)),
          ...(await ledgerOf(second.customer.user.id)),
        ];
        expect(ledgers).toHaveLength(1);
        const audits = [...(await auditOf(first.paymentId)), ...(await auditOf(second.paymentId))];
        expect(audits).toHaveLength(1);
      }
    });

    it('a sync or a notification bringing a trade number another payment holds: 409 and failure, never a 500', async () => {
      for (let round = 0; round < 3; round += 1) {
        const holder = await pendingPayment(21, 'alipay');
        const synced = await pendingPayment(21, 'alipay');
        const notified = await pendingPayment(21, 'alipay');
        // The provider (wrongly, or a forged answer) names the holder's trade for both others.
        const tradeNo = tradeNoOf(holder.paymentId);
        kit.gateway.trades.set(synced.paymentId, {
          ...paidTrade(synced.paymentId, '21.00'),
          trade_no: tradeNo,
        });
        const [marked, sync, notice] = await Promise.all([
          markPaid(holder.paymentId, { tradeNo, note: 'statement line' }),
          call(syncAdminPayment, { params: { id: synced.paymentId } }),
          notify(notification(notified.paymentId, { trade_no: tradeNo })),
        ]);
        const statuses = [marked.statusCode, sync.statusCode];
        expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
        expect(notice.statusCode).toBe(200);
        expect(['success', 'failure']).toContain(notice.body);
        const paid = [
          marked.statusCode === 200,
          sync.statusCode === 200,
          notice.body === 'success',
        ].filter(Boolean);
        expect(paid).toHaveLength(1);
        for (const refused of [marked, sync].filter((answer) => answer.statusCode === 409)) {
          expect(refused.json()).toMatchObject({
            code: 70302,
            message: `Trade number ${tradeNo} already belongs to another payment`,
          });
        }
      }
    });

    it('racing a genuine notification, the payment is credited exactly once', async () => {
      for (let round = 0; round < 3; round += 1) {
        const { customer, paymentId } = await pendingPayment(88.8, 'alipay');
        const [marked, notified] = await Promise.all([
          markPaid(paymentId, { tradeNo: tradeNoOf(paymentId), note: 'race' }),
          notify(notification(paymentId)),
        ]);
        // Alipay is acknowledged either way; the mark-paid wins or finds it paid.
        expect(notified.body).toBe('success');
        expect([200, 409]).toContain(marked.statusCode);
        expect(await ledgerOf(customer.user.id)).toHaveLength(1);
        expect(await balanceFen(customer.user.id)).toBe(8_880n);
        expect(await auditOf(paymentId)).toHaveLength(marked.statusCode === 200 ? 1 : 0);
        const [record] = (await call(getAdminPayment, { params: { id: paymentId } })).data()
          .notifications;
        expect(record?.outcome).toBe(marked.statusCode === 200 ? 'already-paid' : 'credited');
      }
    });
  });
});
