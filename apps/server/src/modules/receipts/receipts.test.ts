import {
  completeSandboxPayment,
  createApiKey,
  createTopUp,
  errors,
  getReceipt,
  refundOrder,
  updateBusinessProfile,
  type BusinessProfileFields,
} from '@stratus/contract';
import { eq, payments } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDayOf } from '../../business-time.ts';
import { registerCustomer, registerStaffTeam, type StaffTeam } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { buyStaticIps } from '../../../test/orders.ts';

const english = { 'accept-language': 'en-US' };

const issuer: BusinessProfileFields = {
  companyName: '云层网络科技（上海）有限公司',
  address: '上海市浦东新区张江路 88 号',
  taxNumber: '91310115MA1K4ABC2X',
  phone: '021-5555 0100',
  email: 'billing@stratus.example',
};

describe.each(testEngines)('receipts on %s', (engine) => {
  let testApp: TestApp;
  let team: StaffTeam;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    team = await registerStaffTeam(testApp);
    const saved = await callEndpoint(testApp.app, updateBusinessProfile, {
      token: team.owner.token,
      body: issuer,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => testApp?.close());

  const receipt = (token: string, kind: 'topup' | 'order', id: string, headers = english) =>
    callEndpoint(testApp.app, getReceipt, { token, params: { kind, id }, headers });

  /** A top-up of `amount` yuan through the sandbox, paid unless told otherwise. */
  const topUp = async (token: string, amount: number, { pay = true } = {}) => {
    const started = await callEndpoint(testApp.app, createTopUp, {
      token,
      body: { amount, channel: 'sandbox' },
    });
    const { paymentId, paymentNo } = started.data();
    if (pay) {
      const paid = await callEndpoint(testApp.app, completeSandboxPayment, {
        token,
        params: { paymentId },
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    return { paymentId, paymentNo };
  };

  const expectNoReceipt = (response: Awaited<ReturnType<typeof receipt>>) => {
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual({
      code: errors.receiptNotFound.code,
      message: errors.receiptNotFound.message['en-US'],
      data: null,
    });
  };

  it("prints a paid top-up's receipt: number, amount, trade number and the issuer", async () => {
    const customer = await registerCustomer(testApp, { name: 'Li Lei' });
    const { paymentId, paymentNo } = await topUp(customer.token, 123.45);
    const [payment] = await testApp.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId));

    const response = await receipt(customer.token, 'topup', paymentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data()).toEqual({
      receiptNo: `R${paymentNo}`,
      kind: 'topup',
      sourceId: paymentId,
      sourceNo: paymentNo,
      orderType: null,
      paidAt: payment!.paidAt!.toISOString(),
      businessDate: businessDayOf(payment!.paidAt!),
      issuer,
      customer: { email: customer.email, name: 'Li Lei' },
      lines: [{ kind: 'topup', quantity: 1, unitPrice: 123.45, amount: 123.45 }],
      amount: 123.45,
      refunded: null,
      currency: 'CNY',
      channel: 'sandbox',
      providerTradeNo: `sandbox-${paymentId}`,
    });
    // The number the ledger shows finds the same receipt.
    const byNumber = await receipt(customer.token, 'topup', paymentNo);
    expect(byNumber.data()).toEqual(response.data());
  });

  it("prints an order's lines, and what a refund gave back", async () => {
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
    const { order } = await buyStaticIps(testApp, customer.token, { quantity: 2 });

    // Lines in the reader's language, as the order answered the purchase (in Chinese).
    const before = await receipt(customer.token, 'order', order.id, { 'accept-language': 'zh-CN' });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.data()).toMatchObject({
      receiptNo: `R${order.orderNo}`,
      kind: 'order',
      sourceNo: order.orderNo,
      orderType: 'static_ip',
      paidAt: order.createdAt,
      lines: order.items,
      amount: 60,
      refunded: 0,
      channel: null,
      providerTradeNo: null,
    });
    expect(before.data().lines).toMatchObject([{ kind: 'static_ip', quantity: 2, amount: 60 }]);

    const refunded = await callEndpoint(testApp.app, refundOrder, {
      token: team.finance.token,
      params: { id: order.id },
      body: { amount: 12.5, reason: 'receipt test' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = await receipt(customer.token, 'order', order.orderNo);
    expect(after.data()).toMatchObject({ amount: 60, refunded: 12.5 });
    expect(after.data().lines).toMatchObject([{ countryName: 'Japan', city: 'Tokyo' }]);
  });

  it("answers 404 for another customer's receipt, a pending top-up and a kind that is not its", async () => {
    const owner = await registerCustomer(testApp, { balanceFen: 10_000n });
    const stranger = await registerCustomer(testApp);
    const { paymentId, paymentNo } = await topUp(owner.token, 10);
    const { order } = await buyStaticIps(testApp, owner.token);
    expectNoReceipt(await receipt(stranger.token, 'topup', paymentId));
    expectNoReceipt(await receipt(stranger.token, 'topup', paymentNo));
    expectNoReceipt(await receipt(stranger.token, 'order', order.id));
    expectNoReceipt(await receipt(stranger.token, 'order', order.orderNo));

    const pending = await topUp(owner.token, 20, { pay: false });
    expectNoReceipt(await receipt(owner.token, 'topup', pending.paymentId));
    expectNoReceipt(await receipt(owner.token, 'topup', pending.paymentNo));
    // An order's id is no payment's, and a payment's no order's.
    expectNoReceipt(await receipt(owner.token, 'topup', order.id));
    expectNoReceipt(await receipt(owner.token, 'order', paymentId));
    expectNoReceipt(await receipt(owner.token, 'order', '00000000-0000-4000-8000-000000000000'));
  });

  it('refuses a bad kind or id by name, and strangers without a session', async () => {
    const customer = await registerCustomer(testApp);
    for (const [params, field] of [
      [{ kind: 'invoice', id: '00000000-0000-4000-8000-000000000000' }, 'kind'],
      [{ kind: 'topup', id: 'payment-1' }, 'id'],
      [{ kind: 'order', id: 'tp202611290123456789' }, 'id'],
      [{ kind: 'order', id: 'SI2026112901234567890' }, 'id'],
    ] as const) {
      const response = await callEndpoint(testApp.app, getReceipt, {
        token: customer.token,
        rawParams: params,
        headers: english,
      });
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
      expect(response.json()).toMatchObject({
        code: errors.validationFailed.code,
        data: { field },
      });
    }
    const anonymous = await callEndpoint(testApp.app, getReceipt, {
      params: { kind: 'topup', id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers an API key with the read scope', async () => {
    const customer = await registerCustomer(testApp);
    const { paymentId, paymentNo } = await topUp(customer.token, 50);
    const made = await callEndpoint(testApp.app, createApiKey, {
      token: customer.token,
      body: { name: 'accounting', scopes: ['read'] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const response = await receipt(made.data().key, 'topup', paymentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data().receiptNo).toBe(`R${paymentNo}`);
  });
});
