// The reminder job's pass tells whoever reads the reconciliation of a day and channel whose
// payments and ledger top-ups disagree: once per staff member however many passes find it, and
// only for the days before today in its window.
import { hasPermission, staffRoles } from '@stratus/contract';
import { eq, ledgerEntries, messages, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, registerStaff } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBusinessDays, businessDayOf, startOfBusinessDay } from '../business-time.ts';
import { runReminderPass } from './send-reminders.ts';

const HOUR_MS = 3_600_000;

describe.each(testEngines)('the reminder pass’s reconciliation on %s', (engine) => {
  let testApp: TestApp;
  const staff = new Map<string, { role: string; language: string }>();
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    for (const role of staffRoles) {
      const member = await registerStaff(testApp, role);
      const language = role === 'finance' ? 'en-US' : 'zh-CN';
      await db().update(users).set({ language }).where(eq(users.id, member.user.id));
      staff.set(member.user.id, { role, language });
    }
  });
  afterAll(() => testApp?.close());
  const db = () => testApp.database.db;

  /** A ledger top-up no payment wrote, at noon of `day`: what reconciliation exists to find. */
  async function handMadeTopUp(day: string, amountFen: bigint) {
    const customer = await registerCustomer(testApp);
    await db()
      .insert(ledgerEntries)
      .values({
        userId: customer.user.id,
        type: 'topup',
        amountFen,
        balanceAfterFen: amountFen,
        reference: null,
        note: 'alipay',
        createdAt: new Date(startOfBusinessDay(day).getTime() + 12 * HOUR_MS),
      });
  }

  it('mails each member who reads the reconciliation once per day and channel that differs', async () => {
    const now = new Date();
    const today = businessDayOf(now);
    const yesterday = addBusinessDays(today, -1);
    await handMadeTopUp(yesterday, 12_345n);
    // Outside the window: today (still being written) and eight days ago.
    await handMadeTopUp(today, 500n);
    await handMadeTopUp(addBusinessDays(today, -8), 500n);

    const readers = [...staff].filter(([, { role }]) =>
      hasPermission(role as (typeof staffRoles)[number], 'payments.read'),
    );
    expect(readers.length).toBeGreaterThan(1);
    expect(await runReminderPass({ db: db(), now })).toEqual({
      reminders: 0,
      lowStock: 0,
      reconciliation: readers.length,
    });
    expect(await runReminderPass({ db: db(), now })).toEqual({
      reminders: 0,
      lowStock: 0,
      reconciliation: 0,
    });

    const mail = await db()
      .select()
      .from(messages)
      .where(eq(messages.event, 'reconciliation.mismatch'));
    expect(mail.map((row) => row.userId).sort()).toEqual(readers.map(([id]) => id).sort());
    const english = mail.find((row) => staff.get(row.userId!)?.language === 'en-US')!;
    expect(english.subject).toBe(`Reconciliation of ${yesterday} (Alipay) found differences`);
    expect(english.textBody).toContain('Payments paid: 0, ¥0.00. Top-ups credited: 1, ¥123.45.');
    expect(english.actionUrl).toBe(`/admin/reconciliation?from=${yesterday}&to=${yesterday}`);
    const chinese = mail.find((row) => staff.get(row.userId!)?.language === 'zh-CN')!;
    expect(chinese.subject).toBe(`${yesterday}（支付宝）的对账结果有差异`);
    expect(chinese.textBody).toContain('支付成功 0 笔，共 ¥0.00；充值入账 1 笔，共 ¥123.45。');
    expect(english.data).toEqual({
      day: yesterday,
      channel: 'alipay',
      paidCount: 0,
      paidFen: '0',
      ledgerCount: 1,
      ledgerFen: '12345',
    });
  });
});
