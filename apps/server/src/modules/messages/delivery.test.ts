// The outbox against a real SMTP server (smtp-server, mail parsed with mailparser): each message
// arrives once with both parts in its recipient's language; a server that answers 451 twice gets
// it on the third attempt; 550 fails it at once with the reply kept; two servers delivering at
// once send every message exactly once; a message lives and dies with its event's transaction.
import { createDatabase, eq, messages, type Database, type Db } from '@stratus/db';
import { createTestDatabase, testEngines, type TestDatabase } from '@stratus/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { backoffAfter, deliverDueMessages } from './delivery.ts';
import { createSmtpMailer, describeSmtpFailure, type Mailer } from './mailer.ts';
import { pruneMessagesBefore } from './outbox-repo.ts';
import { queueMail } from './outbox.ts';

const MINUTE_MS = 60_000;
const DOMAIN = 'mail.stratus.test';

describe('backoff after temporary failures', () => {
  it('waits a minute, then twice as long each time, at most six hours', () => {
    expect([1, 2, 3, 4].map(backoffAfter)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(backoffAfter(20)).toBe(6 * 60 * MINUTE_MS);
  });

  it('takes 5xx replies as permanent, 4xx and connection errors as temporary', () => {
    expect(describeSmtpFailure({ responseCode: 550, response: '550 no such user' })).toEqual({
      permanent: true,
      reply: '550 no such user',
    });
    expect(describeSmtpFailure({ responseCode: 451, response: '451 try later' }).permanent).toBe(
      false,
    );
    expect(describeSmtpFailure({ code: 'ECONNREFUSED', message: 'connect refused' })).toEqual({
      permanent: false,
      reply: 'ECONNREFUSED: connect refused',
    });
  });
});

describe.each(testEngines)('the outbox on %s', (engine) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let mailer: Mailer;

  beforeAll(async () => {
    [database, smtp] = await Promise.all([createTestDatabase(engine), startTestSmtpServer()]);
    mailer = createSmtpMailer({ smtpUrl: smtp.url, from: `Stratus <noreply@${DOMAIN}>` });
  });
  afterAll(async () => {
    mailer?.close();
    await Promise.all([database?.close(), smtp?.close()]);
  });
  afterEach(() => {
    smtp.received.length = 0;
  });

  const db = () => database.db;
  const deliver = (now: Date, over: Db = db()) =>
    deliverDueMessages({ db: over, mailer, messageIdDomain: DOMAIN, now });
  const queueTest = (to: string, locale: 'zh-CN' | 'en-US' = 'en-US', dedupeKey?: string) =>
    queueMail(db(), {
      to,
      locale,
      template: 'mail.test',
      brand: 'Acme <Proxy>',
      actionUrl: 'https://proxy.example.com/admin',
      dedupeKey,
    });
  const rowOf = async (id: string) =>
    (await db().select().from(messages).where(eq(messages.id, id)))[0]!;

  it('delivers each message once, in its recipient’s language, as HTML and as text', async () => {
    const chinese = (await queueTest('li@example.com', 'zh-CN'))!;
    const english = (await queueTest('sam@example.com', 'en-US'))!;
    const now = new Date();
    expect(await deliver(now)).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(await deliver(new Date(now.getTime() + 10 * MINUTE_MS))).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });

    expect(smtp.received).toHaveLength(2);
    const toLi = smtp.received.find((mail) => mail.messageId === `<${chinese.id}@${DOMAIN}>`)!;
    expect(toLi.subject).toBe('Acme <Proxy> 测试邮件');
    expect(toLi.text).toContain('这是 Acme <Proxy> 运营后台发出的测试邮件');
    expect(toLi.text).toContain('打开运营后台：https://proxy.example.com/admin');
    expect(toLi.text).toContain('\n-- \n这封邮件由 Acme <Proxy> 自动发送');
    // The brand is escaped in HTML, and the link is the button's.
    expect(toLi.html).toContain('Acme &lt;Proxy&gt;');
    expect(toLi.html).toContain('href="https://proxy.example.com/admin"');
    expect(toLi.html).toContain('<html lang="zh-CN">');
    const toSam = smtp.received.find((mail) => mail.messageId === `<${english.id}@${DOMAIN}>`)!;
    expect(toSam.subject).toBe('Test email from Acme <Proxy>');
    expect(toSam.from?.value).toEqual([{ name: 'Stratus', address: `noreply@${DOMAIN}` }]);

    const row = await rowOf(chinese.id);
    expect(row).toMatchObject({
      state: 'sent',
      attempts: 1,
      providerMessageId: `<${chinese.id}@${DOMAIN}>`,
    });
    expect(row.lastReply).toMatch(/^250 .*queued as test-/);
    expect(row.sentAt).toEqual(now);
  });

  it('tries a 451 again later, each wait longer, and sends it once on the third attempt', async () => {
    const message = (await queueTest('later@example.com'))!;
    smtp.refuseNext(
      { code: 451, message: 'Try again later' },
      { code: 451, message: 'Still busy' },
    );
    const start = new Date();
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE_MS);
    expect((await deliver(start)).retrying).toBe(1);
    expect(await rowOf(message.id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      nextAttemptAt: at(1),
    });
    expect((await rowOf(message.id)).lastReply).toContain('451 Try again later');
    // Not due before its time.
    expect((await deliver(at(0.5))).retrying).toBe(0);
    expect((await deliver(at(1))).retrying).toBe(1);
    expect(await rowOf(message.id)).toMatchObject({ attempts: 2, nextAttemptAt: at(3) });
    expect((await deliver(at(3))).sent).toBe(1);
    expect(smtp.received.map((mail) => mail.messageId)).toEqual([`<${message.id}@${DOMAIN}>`]);
    expect(await rowOf(message.id)).toMatchObject({ state: 'sent', attempts: 3 });
  });

  it('fails a 550 at once, keeping the reply, and never tries it again', async () => {
    const message = (await queueTest('nobody@example.com'))!;
    smtp.refuseNext({ code: 550, message: 'No such user here' });
    const now = new Date();
    expect(await deliver(now)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const row = await rowOf(message.id);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, sentAt: null });
    expect(row.lastReply).toContain('550 No such user here');
    expect((await deliver(new Date(now.getTime() + 60 * MINUTE_MS))).failed).toBe(0);
    expect(smtp.received).toEqual([]);
  });

  it('gives up on temporary failures a day after the message was written', async () => {
    const message = (await queueTest('slow@example.com'))!;
    smtp.refuseNext({ code: 421, message: 'Service not available' });
    const created = (await rowOf(message.id)).createdAt;
    expect((await deliver(new Date(created.getTime() + 24 * 60 * MINUTE_MS))).failed).toBe(1);
    expect((await rowOf(message.id)).lastReply).toContain('421');
  });

  it('writes one message per reason, and none when its event rolls back', async () => {
    expect(await queueTest('once@example.com', 'en-US', 'test:once@example.com:1')).toBeDefined();
    expect(await queueTest('once@example.com', 'en-US', 'test:once@example.com:1')).toBeUndefined();
    await expect(
      db().transaction(async (tx) => {
        await queueMail(tx, {
          to: 'rolled-back@example.com',
          locale: 'en-US',
          template: 'mail.test',
          brand: 'Acme',
        });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    const rows = await db().select().from(messages);
    expect(rows.filter((row) => row.toAddress === 'once@example.com')).toHaveLength(1);
    expect(rows.filter((row) => row.toAddress === 'rolled-back@example.com')).toEqual([]);
    await deliver(new Date(Date.now() + 1_000));
  });

  it('prunes messages done with before a time, never a queued one', async () => {
    const done = (await queueTest('old-sent@example.com'))!;
    const waiting = (await queueTest('old-queued@example.com'))!;
    await deliver(new Date(Date.now() + 1_000));
    await db().update(messages).set({ state: 'queued' }).where(eq(messages.id, waiting.id));
    const old = new Date(Date.now() - 91 * 24 * 60 * MINUTE_MS);
    await db().update(messages).set({ createdAt: old });
    const deleted = await pruneMessagesBefore(
      db(),
      new Date(Date.now() - 90 * 24 * 60 * MINUTE_MS),
    );
    expect(deleted).toBeGreaterThan(0);
    const left = await db().select().from(messages);
    expect(left.map((row) => row.id)).toContain(waiting.id);
    expect(left.map((row) => row.id)).not.toContain(done.id);
    expect(left.every((row) => row.state === 'queued')).toBe(true);
    await db().delete(messages);
  });

  it.runIf(engine === 'postgres')(
    'sends every one of 200 due messages exactly once from two servers delivering at once',
    async () => {
      const ids = new Set<string>();
      for (let index = 0; index < 200; index += 1) {
        ids.add((await queueTest(`many-${index}@example.com`))!.id);
      }
      const second: Database = await createDatabase({ url: database.url! });
      try {
        const now = new Date(Date.now() + 1_000);
        const drain = async (over: Db) => {
          let sent = 0;
          for (;;) {
            const report = await deliverDueMessages({
              db: over,
              mailer,
              messageIdDomain: DOMAIN,
              now,
              limit: 10,
            });
            if (report.sent + report.retrying + report.failed === 0) return sent;
            sent += report.sent;
          }
        };
        const [first, other] = await Promise.all([drain(db()), drain(second.db)]);
        expect(first + other).toBe(200);
        // Both servers took a share.
        expect(first).toBeGreaterThan(0);
        expect(other).toBeGreaterThan(0);
      } finally {
        await second.close();
      }
      const delivered = smtp.received.map((mail) => mail.messageId);
      expect(delivered).toHaveLength(200);
      expect(new Set(delivered)).toEqual(new Set([...ids].map((id) => `<${id}@${DOMAIN}>`)));
    },
  );
});
