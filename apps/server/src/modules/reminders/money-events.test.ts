// The money events and the allowlist, through the API, mailed to a real SMTP server: each
// arrives once, in the recipient's language, with both parts; a payment or order that fails
// writes no message (the mail rolls back with the event's transaction).
import {
  addIpAllowlistEntry,
  approveBalanceAdjustment,
  completeSandboxPayment,
  createBalanceAdjustment,
  createStaticIpOrder,
  createTopUp,
  deleteIpAllowlistEntry,
  refundOrder,
  replaceInstance,
} from '@stratus/contract';
import { eq, messages, payments } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaff } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { addIps, seedStaticIpPlan } from '../../../test/catalog.ts';
import {
  createMailingTestApp,
  deliverOutbox,
  MAIL_BRAND,
  mailTo,
  registerCustomerSpeaking,
  setLanguage,
  subjectsTo,
} from '../../../test/reminders.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';

describe.each(testEngines)('money and allowlist mail on %s', (engine) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await createMailingTestApp(engine, smtp);
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });
  const db = () => testApp.database.db;
  const eventsOf = async (userId: string) =>
    (await db().select().from(messages).where(eq(messages.userId, userId))).map((row) => row.event);

  it('mails a top-up credited and an order paid, once each, in each customer’s language', async () => {
    const zh = await registerCustomerSpeaking(testApp, 'zh-CN');
    const en = await registerCustomerSpeaking(testApp, 'en-US');
    for (const customer of [zh, en]) {
      const topUp = await callEndpoint(testApp.app, createTopUp, {
        token: customer.token,
        body: { amount: 100, channel: 'sandbox' },
      });
      const paymentId = topUp.data().paymentId;
      const paid = await callEndpoint(testApp.app, completeSandboxPayment, {
        token: customer.token,
        params: { paymentId },
      });
      expect(paid.statusCode).toBe(200);
      // A second confirm credits nothing and mails nothing.
      await callEndpoint(testApp.app, completeSandboxPayment, {
        token: customer.token,
        params: { paymentId },
      });
      const plan = await seedStaticIpPlan(db(), { stock: 1, pricesFen: { 30: 3_000n } });
      const order = await callEndpoint(testApp.app, createStaticIpOrder, {
        token: customer.token,
        body: { planId: plan.planId, durationDays: 30, quantity: 1 },
      });
      expect(order.statusCode).toBe(200);
    }
    await deliverOutbox(testApp);

    expect(subjectsTo(smtp, zh.email)).toEqual([
      '充值 ¥100.00 已到账',
      expect.stringMatching(/^订单 \S+ 已支付$/),
    ]);
    const [credited, orderPaid] = mailTo(smtp, zh.email);
    expect(credited!.text).toContain('您通过沙箱支付充值的 ¥100.00 已到账，当前余额 ¥100.00。');
    expect(credited!.text).toContain(`感谢您使用 ${MAIL_BRAND}。`);
    // The receipt's number and its page, linked in both parts.
    const [zhPayment] = await db().select().from(payments).where(eq(payments.userId, zh.id));
    const receiptPage = `/console/receipt/topup/${zhPayment!.id}`;
    expect(credited!.text).toContain(`收据编号 R${zhPayment!.paymentNo}，`);
    expect(credited!.text).toContain(`查看收据：`);
    expect(credited!.text).toContain(receiptPage);
    expect(credited!.html).toContain('查看收据');
    expect(credited!.html).toContain(`${receiptPage}"`);
    expect(orderPaid!.text).toContain('（购买静态 IP）已支付，从账户余额中扣除 ¥30.00。');
    expect(subjectsTo(smtp, en.email)).toEqual([
      'Your top-up of ¥100.00 has arrived',
      expect.stringMatching(/^Order \S+ is paid$/),
    ]);
    const [enCredited, enOrderPaid] = mailTo(smtp, en.email);
    expect(enCredited!.text).toMatch(/Its receipt, number RTP\d{18}, is at the link below/);
    expect(enCredited!.html).toContain('View the receipt');
    expect(enCredited!.text).toContain('/console/receipt/topup/');
    expect(enOrderPaid!.html).toContain('View the order');
  });

  it('writes no message when the order fails, and none for a purchase the balance cannot cover', async () => {
    const en = await registerCustomerSpeaking(testApp, 'en-US', { balanceFen: 1_000n });
    const plan = await seedStaticIpPlan(db(), { stock: 1, pricesFen: { 30: 3_000n } });
    const poor = await callEndpoint(testApp.app, createStaticIpOrder, {
      token: en.token,
      body: { planId: plan.planId, durationDays: 30, quantity: 1 },
    });
    expect(poor.statusCode).toBe(422);
    const empty = await seedStaticIpPlan(db(), { stock: 0, pricesFen: { 30: 500n } });
    const noStock = await callEndpoint(testApp.app, createStaticIpOrder, {
      token: en.token,
      body: { planId: empty.planId, durationDays: 30, quantity: 1 },
    });
    expect(noStock.statusCode).toBeGreaterThanOrEqual(400);
    expect(noStock.statusCode).toBeLessThan(500);
    expect(await eventsOf(en.id)).toEqual([]);
  });

  it('mails a refund and an adjustment with their reasons, and tells approvers of a pending one', async () => {
    const zh = await registerCustomerSpeaking(testApp, 'zh-CN', { balanceFen: 3_000n });
    const finance = await registerStaff(testApp, 'finance');
    const owner = await registerStaff(testApp, 'owner');
    const ops = await registerStaff(testApp, 'ops');
    await setLanguage(db(), owner.id, 'en-US');
    const plan = await seedStaticIpPlan(db(), { stock: 1, pricesFen: { 30: 3_000n } });
    const order = (
      await callEndpoint(testApp.app, createStaticIpOrder, {
        token: zh.token,
        body: { planId: plan.planId, durationDays: 30, quantity: 1 },
      })
    ).data().order;
    const refund = await callEndpoint(testApp.app, refundOrder, {
      token: finance.token,
      params: { id: order.id },
      body: { amount: 10, reason: '线路故障补偿' },
    });
    expect(refund.statusCode).toBe(200);
    const small = await callEndpoint(testApp.app, createBalanceAdjustment, {
      token: finance.token,
      params: { id: zh.id },
      body: { amount: -2.5, reason: '扣除测试费用' },
    });
    expect(small.data().status).toBe('applied');
    const large = await callEndpoint(testApp.app, createBalanceAdjustment, {
      token: finance.token,
      params: { id: zh.id },
      body: { amount: 2000, reason: 'Goodwill credit' },
    });
    expect(large.data().status).toBe('pending');
    await deliverOutbox(testApp);

    // The pooled mailer sends over several connections: mail may arrive in any order.
    const refundSubject = `${MAIL_BRAND} 账户余额变动 +10.00 元`;
    const adjustmentSubject = `${MAIL_BRAND} 账户余额变动 -2.50 元`;
    expect(subjectsTo(smtp, zh.email)).toHaveLength(3);
    expect(subjectsTo(smtp, zh.email)).toEqual(
      expect.arrayContaining([refundSubject, adjustmentSubject]),
    );
    const mailWith = (subject: string) =>
      mailTo(smtp, zh.email).find((mail) => mail.subject === subject)!;
    expect(mailWith(refundSubject).text).toContain(
      '您的账户余额因退款变动 +10.00 元，当前余额 ¥10.00。',
    );
    expect(mailWith(refundSubject).text).toContain('原因：线路故障补偿');
    expect(mailWith(adjustmentSubject).text).toContain('因人工调整变动 -2.50 元，当前余额 ¥7.50。');
    // The pending one: to those who may approve (owner, finance), not to operations.
    expect(subjectsTo(smtp, owner.email)).toEqual([
      'A balance adjustment of +2000.00 yuan awaits approval',
    ]);
    expect(mailTo(smtp, owner.email)[0]!.text).toContain('Reason: Goodwill credit');
    expect(subjectsTo(smtp, finance.email)).toEqual(['一笔 +2000.00 元的余额调整等待审批']);
    expect(subjectsTo(smtp, ops.email)).toEqual([]);

    const approved = await callEndpoint(testApp.app, approveBalanceAdjustment, {
      token: owner.token,
      params: { id: large.data().id },
    });
    expect(approved.statusCode).toBe(200);
    await deliverOutbox(testApp);
    expect(subjectsTo(smtp, zh.email).at(-1)).toBe(`${MAIL_BRAND} 账户余额变动 +2000.00 元`);
    expect(subjectsTo(smtp, zh.email)).toHaveLength(4);
  });

  it('mails a replaced IP and every allowlist change, security mail that cannot be switched off', async () => {
    const en = await registerCustomerSpeaking(testApp, 'en-US', { balanceFen: 3_000n });
    const plan = await seedStaticIpPlan(db(), { stock: 1, pricesFen: { 30: 3_000n } });
    await addIps(db(), { ...plan, count: 1 });
    const { instances } = (
      await callEndpoint(testApp.app, createStaticIpOrder, {
        token: en.token,
        body: { planId: plan.planId, durationDays: 30, quantity: 1 },
      })
    ).data();
    const oldIp = instances[0]!.ip;
    const replaced = await callEndpoint(testApp.app, replaceInstance, {
      token: en.token,
      params: { id: instances[0]!.id },
      body: {},
    });
    expect(replaced.statusCode).toBe(200);
    const newIp = replaced.data().ip;

    const added = await callEndpoint(testApp.app, addIpAllowlistEntry, {
      token: en.token,
      body: { address: '203.0.113.7', note: '' },
    });
    expect(added.statusCode).toBe(200);
    const removed = await callEndpoint(testApp.app, deleteIpAllowlistEntry, {
      token: en.token,
      params: { id: added.data().id },
    });
    expect(removed.statusCode).toBe(200);
    const missing = await callEndpoint(testApp.app, deleteIpAllowlistEntry, {
      token: en.token,
      params: { id: added.data().id },
    });
    expect(missing.statusCode).toBe(404);
    await deliverOutbox(testApp);

    expect(subjectsTo(smtp, en.email).slice(1)).toEqual([
      `Your static IP ${oldIp} was replaced by ${newIp}`,
      `The IP allowlist of your ${MAIL_BRAND} account was changed`,
      `The IP allowlist of your ${MAIL_BRAND} account was changed`,
    ]);
    expect(mailTo(smtp, en.email)[1]!.text).toContain(`(Tokyo, Japan); it still expires on`);
    expect(mailTo(smtp, en.email)[2]!.text).toContain('just changed: added 203.0.113.7/32.');
    expect(mailTo(smtp, en.email)[3]!.text).toContain('just changed: removed 203.0.113.7/32.');
    // A ¥0 replacement order is not an `order.paid`.
    expect((await eventsOf(en.id)).sort()).toEqual(
      ['order.paid', 'instance.replaced', 'allowlist.changed', 'allowlist.changed'].sort(),
    );
  });
});
