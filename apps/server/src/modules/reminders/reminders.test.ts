// Reminders and the lifecycle jobs' mail, end to end: the reminder pass and the jobs write the
// outbox, the delivery pass sends it to a real SMTP server (smtp-server + mailparser), and each
// reason arrives once, in the recipient's language, with both parts; a renewal, a new package or
// a top-up above the mark starts the thresholds again.
import { BYTES_PER_GB } from '@stratus/contract';
import { and, eq, inArray, messages, proxyInstances, trafficPackages, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import {
  createMailingTestApp,
  deliverOutbox,
  MAIL_BRAND,
  mailTo,
  registerCustomerSpeaking,
  subjectsTo,
} from '../../../test/reminders.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { insertTrafficPackage } from '../../../test/usage.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { expireInstances } from '../../jobs/expire-instances.ts';
import { renewDueInstances } from '../../jobs/renew-instances.ts';
import { renewInstances } from '../instances/public.ts';
import { purchaseStaticIps } from '../orders/public.ts';
import { changeBalance } from '../wallet/public.ts';
import { sendDueReminders } from './public.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const GB = BigInt(BYTES_PER_GB);
const MONEY_EVENTS = ['order.paid', 'payment.credited', 'balance.changed'];

describe.each(testEngines)('reminders on %s', (engine) => {
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

  /** A pass of the reminder job at `now`, then the delivery job until the outbox is empty. */
  /** The purchases' and renewals' money mail (order paid) is money-events.test.ts's to count. */
  async function forgetMoneyMail() {
    await db()
      .delete(messages)
      .where(and(eq(messages.state, 'queued'), inArray(messages.event, MONEY_EVENTS)));
  }

  /** The delivery job until the outbox is empty, the money mail left out. */
  async function deliverAllButMoneyMail() {
    await forgetMoneyMail();
    return deliverOutbox(testApp);
  }

  async function remindAndDeliver(now: Date) {
    await forgetMoneyMail();
    const { queued } = await sendDueReminders({ db: db(), now });
    const sent = await deliverOutbox(testApp);
    expect(sent).toBe(queued);
    return queued;
  }

  async function buyIp(
    customer: { id: string },
    { autoRenew = false, priceFen = 3000n }: { autoRenew?: boolean; priceFen?: bigint } = {},
  ) {
    const plan = await seedStaticIpPlan(db(), { pricesFen: { 30: priceFen }, stock: 1 });
    await creditWallet(db(), { userId: customer.id, amountFen: priceFen });
    const { instances } = await purchaseStaticIps({
      db: db(),
      userId: customer.id,
      locale: 'en-US',
      purchase: { planId: plan.planId, durationDays: 30, quantity: 1, autoRenew },
    });
    const instance = instances[0]!;
    return { id: instance.id, ip: instance.ip, expiresAt: new Date(instance.expiresAt) };
  }

  async function expiryOf(instanceId: string): Promise<Date> {
    const [row] = await db()
      .select({ expiresAt: proxyInstances.expiresAt })
      .from(proxyInstances)
      .where(eq(proxyInstances.id, instanceId));
    return row!.expiresAt;
  }

  it('reminds of an expiring IP 7, 3 and 1 days ahead, once each, in the owner’s language; a renewal starts again', async () => {
    const zh = await registerCustomerSpeaking(testApp, 'zh-CN');
    const en = await registerCustomerSpeaking(testApp, 'en-US');
    const zhIp = await buyIp(zh);
    const enIp = await buyIp(en);
    const before = (instance: { expiresAt: Date }, days: number) =>
      new Date(instance.expiresAt.getTime() - days * DAY_MS);

    // Eight days ahead: nothing is due yet.
    expect(await remindAndDeliver(before(zhIp, 8))).toBe(0);

    await remindAndDeliver(before(zhIp, 6.5));
    expect(subjectsTo(smtp, zh.email)).toEqual([`静态 IP ${zhIp.ip} 将在 7 天内到期`]);
    expect(subjectsTo(smtp, en.email)).toEqual([`Your static IP ${enIp.ip} expires within 7 days`]);
    const [zhMail] = mailTo(smtp, zh.email);
    expect(zhMail!.text).toContain(`您好，您在 ${MAIL_BRAND} 的静态 IP ${zhIp.ip}（日本东京）将于`);
    expect(zhMail!.text).toContain('https://proxy.acme.test/console/ipList');
    expect(zhMail!.html).toContain('去续费');
    const [enMail] = mailTo(smtp, en.email);
    expect(enMail!.text).toContain(`(Tokyo, Japan) expires on`);
    expect(enMail!.text).toMatch(/expires on \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\+8\)/);
    expect(enMail!.html).toContain('Renew now');

    // Again, and an hour later: the same reason is not mailed twice.
    expect(await remindAndDeliver(before(zhIp, 6.5))).toBe(0);
    expect(await remindAndDeliver(before(zhIp, 6.4))).toBe(0);

    // Past two thresholds at once (the job was down): only the nearer one goes out.
    await remindAndDeliver(before(zhIp, 0.5));
    expect(subjectsTo(smtp, zh.email)).toEqual([
      `静态 IP ${zhIp.ip} 将在 7 天内到期`,
      `静态 IP ${zhIp.ip} 将在 1 天内到期`,
    ]);
    expect(subjectsTo(smtp, en.email)).toHaveLength(2);
    expect(await remindAndDeliver(before(zhIp, 0.4))).toBe(0);

    // A renewal moves the expiry: the thresholds start again for the new period.
    await creditWallet(db(), { userId: zh.id, amountFen: 3000n });
    await renewInstances({ db: db(), userId: zh.id, instanceIds: [zhIp.id], durationDays: 30 });
    const renewed = { expiresAt: await expiryOf(zhIp.id) };
    await remindAndDeliver(before(renewed, 2.5));
    expect(subjectsTo(smtp, zh.email).at(-1)).toBe(`静态 IP ${zhIp.ip} 将在 3 天内到期`);
    expect(subjectsTo(smtp, zh.email)).toHaveLength(3);

    const [row] = await db()
      .select()
      .from(messages)
      .where(eq(messages.providerMessageId, mailTo(smtp, zh.email).at(-1)!.messageId!));
    expect(row).toMatchObject({
      event: 'instance.expiring',
      state: 'sent',
      actionUrl: 'https://proxy.acme.test/console/ipList',
      data: {
        instanceId: zhIp.id,
        ip: zhIp.ip,
        days: 3,
        autoRenew: false,
        expiresAt: renewed.expiresAt.toISOString(),
      },
    });
  });

  it('reminds of an auto-renew IP 3 days ahead only when the balance will not cover the renewal', async () => {
    const poor = await registerCustomerSpeaking(testApp, 'en-US');
    const rich = await registerCustomerSpeaking(testApp, 'en-US');
    const poorIp = await buyIp(poor, { autoRenew: true });
    const richIp = await buyIp(rich, { autoRenew: true });
    await creditWallet(db(), { userId: rich.id, amountFen: 3000n });

    // Seven days ahead an auto-renew IP is not reminded at all.
    await remindAndDeliver(new Date(poorIp.expiresAt.getTime() - 6.5 * DAY_MS));
    expect(subjectsTo(smtp, poor.email)).toEqual([]);

    await remindAndDeliver(new Date(poorIp.expiresAt.getTime() - 2.5 * DAY_MS));
    expect(subjectsTo(smtp, poor.email)).toEqual([
      `Your static IP ${poorIp.ip} expires within 3 days`,
    ]);
    expect(subjectsTo(smtp, rich.email)).toEqual([]);
    expect(richIp.expiresAt.getTime()).toBeGreaterThan(0);
  });

  it('tells of traffic at 80, 90 and 100 per cent once each, and of a package ending; a new package starts again', async () => {
    const zh = await registerCustomerSpeaking(testApp, 'zh-CN');
    const now = new Date();
    const packageId = await insertTrafficPackage(db(), {
      userId: zh.id,
      totalBytes: 10n * GB,
      usedBytes: 7n * GB,
      expiresAt: new Date(now.getTime() + 20 * DAY_MS),
    });
    const use = (usedBytes: bigint, status: 'active' | 'exhausted' = 'active') =>
      db()
        .update(trafficPackages)
        .set({ usedBytes, status })
        .where(eq(trafficPackages.id, packageId));

    expect(await remindAndDeliver(now)).toBe(0);
    await use((85n * 10n * GB) / 100n);
    await remindAndDeliver(now);
    await remindAndDeliver(now);
    expect(subjectsTo(smtp, zh.email)).toEqual(['流量包已使用 80%']);
    expect(mailTo(smtp, zh.email)[0]!.text).toContain('您的 1 GB 流量包已使用 80%，剩余 1.5 GB。');

    // Straight past 90 to all of it: only 100 % is told.
    await use(10n * GB, 'exhausted');
    await remindAndDeliver(now);
    await remindAndDeliver(now);
    expect(subjectsTo(smtp, zh.email)).toEqual(['流量包已使用 80%', '流量包已使用 100%']);

    // A new package is a new subject: its thresholds start again.
    const fresh = await insertTrafficPackage(db(), {
      userId: zh.id,
      totalBytes: GB,
      usedBytes: GB - GB / 10n,
      expiresAt: new Date(now.getTime() + 2 * DAY_MS),
    });
    await remindAndDeliver(now);
    await remindAndDeliver(now);
    const fresher = subjectsTo(smtp, zh.email).slice(2);
    expect(fresher).toHaveLength(2);
    expect(fresher).toContain('流量包已使用 90%');
    expect(fresher.filter((subject) => /^流量包将于 .+ 到期$/.test(subject))).toHaveLength(1);
    const ending = mailTo(smtp, zh.email).find((mail) => mail.subject?.includes('到期'))!;
    expect(ending.text).toContain('还剩 102.4 MB 未使用');
    expect(ending.html).toContain('查看流量');
    const [row] = await db().select().from(messages).where(eq(messages.event, 'traffic.expiring'));
    expect(row?.data).toMatchObject({ packageId: fresh, totalBytes: GB.toString() });
  });

  it('tells of a balance under the customer’s mark once per crossing; a top-up above it starts again', async () => {
    const en = await registerCustomerSpeaking(testApp, 'en-US', { balanceFen: 5000n });
    await db().update(users).set({ lowBalanceThresholdFen: 1000n }).where(eq(users.id, en.id));
    const spend = (amountFen: bigint) =>
      db().transaction((tx) =>
        changeBalance({ tx, userId: en.id, amountFen: -amountFen, type: 'static_ip_purchase' }),
      );
    const topUp = (amountFen: bigint) => creditWallet(db(), { userId: en.id, amountFen });
    const now = new Date();

    await spend(3000n);
    expect(await remindAndDeliver(now)).toBe(0);
    await spend(1500n);
    await remindAndDeliver(now);
    expect(subjectsTo(smtp, en.email)).toEqual([`Your ${MAIL_BRAND} balance is below ¥10.00`]);
    expect(mailTo(smtp, en.email)[0]!.text).toContain(
      'your balance is ¥5.00, below the ¥10.00 you asked to be told about.',
    );

    // Lower still, and a top-up that stays under the mark: the same crossing, no second mail.
    await spend(200n);
    await topUp(300n);
    await spend(100n);
    await remindAndDeliver(now);
    expect(subjectsTo(smtp, en.email)).toHaveLength(1);

    // Above the mark, then under it again: a new crossing.
    await topUp(2000n);
    expect(await remindAndDeliver(now)).toBe(0);
    await spend(2000n);
    await remindAndDeliver(now);
    await remindAndDeliver(now);
    expect(subjectsTo(smtp, en.email)).toHaveLength(2);

    // No mark (the default): never told.
    await db().update(users).set({ lowBalanceThresholdFen: null }).where(eq(users.id, en.id));
    await topUp(5000n);
    await spend(5000n);
    expect(await remindAndDeliver(now)).toBe(0);
  });

  it('mails what the renewal and expiry jobs did: a failed renewal once with its reason, a renewal, an expiry', async () => {
    const zh = await registerCustomerSpeaking(testApp, 'zh-CN');
    const en = await registerCustomerSpeaking(testApp, 'en-US');
    const zhIp = await buyIp(zh, { autoRenew: true });
    const enIp = await buyIp(en, { autoRenew: false });
    const log = testApp.app.log;
    const nearExpiry = new Date(zhIp.expiresAt.getTime() - HOUR_MS);

    await renewDueInstances({ db: db(), log, renewAheadHours: 24, now: nearExpiry });
    await renewDueInstances({ db: db(), log, renewAheadHours: 24, now: nearExpiry });
    await deliverAllButMoneyMail();
    expect(subjectsTo(smtp, zh.email)).toEqual([`静态 IP ${zhIp.ip} 自动续费未成功`]);
    expect(mailTo(smtp, zh.email)[0]!.text).toContain('自动续费未成功：账户余额不足以支付续费。');

    await creditWallet(db(), { userId: zh.id, amountFen: 3000n });
    await renewDueInstances({ db: db(), log, renewAheadHours: 24, now: nearExpiry });
    await deliverAllButMoneyMail();
    expect(subjectsTo(smtp, zh.email).at(-1)).toBe(`静态 IP ${zhIp.ip} 已自动续费`);
    expect(mailTo(smtp, zh.email).at(-1)!.text).toContain('已自动续费 30 天，扣款 ¥30.00。');

    await expireInstances({
      db: db(),
      cooldownHours: 24,
      now: new Date(enIp.expiresAt.getTime() + HOUR_MS),
    });
    await deliverAllButMoneyMail();
    expect(subjectsTo(smtp, en.email)).toEqual([`Your static IP ${enIp.ip} has expired`]);
    expect(mailTo(smtp, en.email)[0]!.html).toContain('Renew this IP');
    // The renewed one did not expire and was not told so.
    expect(subjectsTo(smtp, zh.email)).toHaveLength(2);
  });
});
