import {
  cancelTopUp,
  completeSandboxPayment,
  createTopUp,
  getOpenTopUp,
  getTopUp,
  getTopUpOptions,
  getWallet,
  listTransactions,
  type EndpointBody,
} from '@stratus/contract';
import { eq, ledgerEntries, payments, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDuePayments } from '../../jobs/expire-payments.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

describe.each(testEngines)('sandbox top-ups on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const topUp = (token: string, payload: EndpointBody<typeof createTopUp>, language = 'en-US') =>
    callEndpoint(testApp.app, createTopUp, {
      token,
      body: payload,
      headers: { 'accept-language': language },
    });
  const complete = (token: string, paymentId: string) =>
    callEndpoint(testApp.app, completeSandboxPayment, { token, params: { paymentId } });
  const startTopUp = async (token: string, amount: number) => {
    const response = await topUp(token, { amount, channel: 'sandbox' });
    expect(response.statusCode).toBe(200);
    return response.data();
  };
  const balanceFen = async (userId: string) => {
    const [wallet] = await testApp.database.db
      .select()
      .from(wallets)
      .where(eq(wallets.userId, userId));
    return wallet?.balanceFen;
  };
  const ledgerOf = (userId: string) =>
    testApp.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));

  it('offers the sandbox, the default limits and presets within them', async () => {
    const { token } = await registerCustomer(testApp);
    const response = await callEndpoint(testApp.app, getTopUpOptions, { token });
    expect(response.data()).toEqual({
      channels: ['sandbox'],
      minAmount: 1,
      maxAmount: 50000,
      presets: [50, 100, 500, 1000, 5000],
    });
  });

  it('tops up through the sandbox cashier: one ledger row, balance and payment status', async () => {
    const { token, user } = await registerCustomer(testApp);
    const started = Date.now();
    const { paymentId, paymentNo, payUrl, expiresAt } = await startTopUp(token, 123.45);
    // Today in China time, then 10 digits; the provider still gets the id.
    expect(paymentNo).toMatch(/^TP20\d{16}$/);
    expect(payUrl).toBe(`/console/checkout-counter?paymentId=${paymentId}`);
    const minutes = (new Date(expiresAt).getTime() - started) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThan(30.1);

    const pending = await callEndpoint(testApp.app, getTopUp, { token, params: { id: paymentId } });
    expect(pending.data()).toMatchObject({
      id: paymentId,
      paymentNo,
      channel: 'sandbox',
      amount: 123.45,
      currency: 'CNY',
      status: 'pending',
      payUrl,
      paidAt: null,
      balanceAfter: null,
    });

    const completed = await complete(token, paymentId);
    expect(completed.statusCode).toBe(200);
    expect(completed.data()).toMatchObject({ status: 'paid', balanceAfter: 123.45 });
    expect(await balanceFen(user.id)).toBe(12_345n);
    const rows = await ledgerOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'topup',
      amountFen: 12_345n,
      balanceAfterFen: 12_345n,
      reference: paymentId,
    });

    // People see the payment number where the row stores the id: in the list and in the CSV.
    const ledger = await callEndpoint(testApp.app, listTransactions, { token });
    expect(ledger.data().items.map((entry) => entry.reference)).toEqual([paymentNo]);
    const csv = await callEndpoint(testApp.app, listTransactions, {
      token,
      query: { format: 'csv' },
    });
    expect(csv.body).toContain(paymentNo);
    expect(csv.body).not.toContain(paymentId);

    const wallet = await callEndpoint(testApp.app, getWallet, { token });
    expect(wallet.data().wallet.balance).toBe(123.45);
    // A repeated confirm answers the same paid payment and credits nothing more.
    const again = await complete(token, paymentId);
    expect(again.statusCode).toBe(200);
    expect(again.data().status).toBe('paid');
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it('credits once however many confirmations arrive at the same time', async () => {
    const { token, user } = await registerCustomer(testApp);
    const { paymentId } = await startTopUp(token, 50);
    const answers = await Promise.all(Array.from({ length: 20 }, () => complete(token, paymentId)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.data().status).toBe('paid');
    }
    expect(await balanceFen(user.id)).toBe(5_000n);
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it('refuses amounts outside the limits with a message naming them', async () => {
    const { token } = await registerCustomer(testApp);
    for (const amount of [0.99, 50_000.01, 0]) {
      const response = await topUp(token, { amount, channel: 'sandbox' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 30001,
        message: 'The top-up amount must be between ¥1 and ¥50000',
      });
    }
    const chinese = await topUp(token, { amount: 0.5, channel: 'sandbox' }, 'zh-CN');
    expect(chinese.json().message).toBe('充值金额需在 ¥1 至 ¥50000 之间');
    const precise = await topUp(token, { amount: 1.001, channel: 'sandbox' });
    expect(precise.statusCode).toBe(400);
    expect(precise.json().code).toBe(10001);
    expect((await topUp(token, { amount: 1, channel: 'sandbox' })).statusCode).toBe(200);
    expect((await topUp(token, { amount: 50_000, channel: 'sandbox' })).statusCode).toBe(200);
  });

  it('refuses an unknown or disabled channel', async () => {
    const { token } = await registerCustomer(testApp);
    const unknown = await callEndpoint(testApp.app, createTopUp, {
      token,
      rawBody: { amount: 10, channel: 'paypal' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.field).toBe('channel');
    const disabled = await topUp(token, { amount: 10, channel: 'alipay' });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().code).toBe(30002);
  });

  it('hides other users’ payments: get, cancel and complete answer 404', async () => {
    const owner = await registerCustomer(testApp);
    const stranger = await registerCustomer(testApp);
    const { paymentId } = await startTopUp(owner.token, 10);
    const get = await callEndpoint(testApp.app, getTopUp, {
      token: stranger.token,
      params: { id: paymentId },
    });
    const cancel = await callEndpoint(testApp.app, cancelTopUp, {
      token: stranger.token,
      params: { id: paymentId },
    });
    const completion = await complete(stranger.token, paymentId);
    for (const response of [get, cancel, completion]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(30003);
    }
    expect(await balanceFen(stranger.user.id)).toBe(0n);
    expect(await balanceFen(owner.user.id)).toBe(0n);
    const [payment] = await testApp.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId));
    expect(payment?.status).toBe('pending');
  });

  it('cancels a pending payment; completing or cancelling it afterwards is 409', async () => {
    const { token, user } = await registerCustomer(testApp);
    const { paymentId } = await startTopUp(token, 10);
    const cancel = () =>
      callEndpoint(testApp.app, cancelTopUp, { token, params: { id: paymentId } });
    const cancelled = await cancel();
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.data()).toMatchObject({ status: 'closed', payUrl: '' });
    const completion = await complete(token, paymentId);
    expect(completion.statusCode).toBe(409);
    expect(completion.json().code).toBe(30004);
    expect((await cancel()).statusCode).toBe(409);
    expect(await balanceFen(user.id)).toBe(0n);
    expect(await ledgerOf(user.id)).toHaveLength(0);
  });

  it('answers the top-up left open, newest first, until it is paid, cancelled or expired', async () => {
    const { token } = await registerCustomer(testApp);
    const open = async () =>
      (await callEndpoint(testApp.app, getOpenTopUp, { token })).data().payment;
    expect(await open()).toBeNull();
    const first = await startTopUp(token, 10);
    const second = await startTopUp(token, 20);
    expect(await open()).toMatchObject({
      id: second.paymentId,
      status: 'pending',
      amount: 20,
      payUrl: second.payUrl,
    });
    await complete(token, second.paymentId);
    expect((await open())?.id).toBe(first.paymentId);
    await callEndpoint(testApp.app, cancelTopUp, { token, params: { id: first.paymentId } });
    expect(await open()).toBeNull();
    // Past its expiry it is not offered, even before the job closes it.
    const third = await startTopUp(token, 30);
    await testApp.database.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, third.paymentId));
    expect(await open()).toBeNull();
    // Someone else's open top-up is never answered.
    const other = await registerCustomer(testApp);
    await startTopUp(other.token, 40);
    expect(await open()).toBeNull();
  });

  it('answers 404 for an unknown payment and 400 for a malformed id', async () => {
    const { token } = await registerCustomer(testApp);
    const unknown = await callEndpoint(testApp.app, getTopUp, {
      token,
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await complete(token, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
  });

  it('requires a token for top-ups and sandbox confirms', async () => {
    const response = await callEndpoint(testApp.app, createTopUp, {
      body: { amount: 10, channel: 'sandbox' },
    });
    expect(response.statusCode).toBe(401);
    const confirm = await callEndpoint(testApp.app, completeSandboxPayment, {
      params: { paymentId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(confirm.statusCode).toBe(401);
  });

  it('expiry job: closes due pending payments, keeps the others, and a late confirm is 409', async () => {
    const { token, user } = await registerCustomer(testApp);
    const due = await startTopUp(token, 10);
    const later = await startTopUp(token, 20);
    // The first one expires ten minutes earlier than the other.
    await testApp.database.db
      .update(payments)
      .set({ expiresAt: new Date(Date.parse(due.expiresAt) - 10 * 60_000) })
      .where(eq(payments.id, due.paymentId));
    const now = new Date(Date.parse(due.expiresAt) - 5 * 60_000);
    const report = await expireDuePayments({
      db: testApp.database.db,
      channels: testApp.app.paymentChannels,
      log: testApp.app.log,
      now,
      batchSize: 1,
    });
    expect(report).toMatchObject({ credited: 0, failed: 0 });
    expect(report.closed).toBeGreaterThanOrEqual(1);
    const statusOf = async (id: string) => {
      const [row] = await testApp.database.db.select().from(payments).where(eq(payments.id, id));
      return row?.status;
    };
    expect(await statusOf(due.paymentId)).toBe('closed');
    expect(await statusOf(later.paymentId)).toBe('pending');
    expect((await complete(token, due.paymentId)).statusCode).toBe(409);
    expect(await balanceFen(user.id)).toBe(0n);
  });
});

describe.each(testEngines)('payments configuration on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine, {
      env: { PAYMENT_SANDBOX: '0', TOPUP_MIN_YUAN: '5', TOPUP_MAX_YUAN: '100' },
    });
  });
  afterAll(() => testApp?.close());

  it('switches the sandbox off and applies configured limits', async () => {
    const { token } = await registerCustomer(testApp);
    const options = await callEndpoint(testApp.app, getTopUpOptions, { token });
    expect(options.data()).toEqual({
      channels: [],
      minAmount: 5,
      maxAmount: 100,
      presets: [50, 100],
    });
    const response = await callEndpoint(testApp.app, createTopUp, {
      token,
      body: { amount: 10, channel: 'sandbox' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(30002);
  });
});
