// The operator's view of the outbox through the API: who may read it, the list and its filters, a
// message's two parts, the resend of a failed one (audited, refused for any other), and the test
// email against a real SMTP server (smtp-server, mail parsed with mailparser): its accepting
// answer, its 550, a server that is not there, and no server configured at all.
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import {
  errors,
  getAdminMessage,
  listAdminMessages,
  resendAdminMessage,
  sendTestEmail,
  type AdminMessage,
} from '@stratus/contract';
import { auditLog, eq, messages } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  expectAccessPerPermissionTable,
  registerCustomer,
  registerStaff,
  registerStaffTeam,
  type StaffTeam,
} from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { auditEntriesOf } from '../../../test/audit.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { createSmtpMailer, deliverDueMessages, queueMail } from './public.ts';

const english = { 'accept-language': 'en-US' };
const chinese = { 'accept-language': 'zh-CN' };
const MAIL_DOMAIN = 'mail.stratus.test';
const MAIL_FROM = `Stratus <noreply@${MAIL_DOMAIN}>`;

describe.each(testEngines)('the outbox for operators on %s (no SMTP server)', (engine) => {
  let testApp: TestApp;
  let team: StaffTeam;
  let customerToken: string;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    team = await registerStaffTeam(testApp);
    customerToken = (await registerCustomer(testApp)).token;
  });
  afterAll(() => testApp?.close());
  beforeEach(async () => {
    await testApp.database.db.delete(messages);
  });

  const db = () => testApp.database.db;

  /** A message written as an event writes it, then put in `state` as delivery would leave it. */
  async function message(
    to: string,
    {
      state = 'queued',
      locale = 'en-US',
      template = 'mail.test',
      createdAt,
    }: {
      state?: AdminMessage['state'];
      locale?: 'zh-CN' | 'en-US';
      template?: 'mail.test' | 'security.changed';
      createdAt?: Date;
    } = {},
  ) {
    const row = (await queueMail(db(), {
      to,
      locale,
      template,
      brand: 'Acme Proxy',
      values: template === 'security.changed' ? { change: 'password' } : {},
      actionUrl: '/portal/verify-email?token=abc',
    }))!;
    const failed = state === 'failed';
    await db()
      .update(messages)
      .set({
        state,
        attempts: failed ? 1 : 0,
        lastReply: failed ? '550 5.1.1 <' + to + '>: no such user' : null,
        ...(createdAt ? { createdAt } : {}),
        ...(state === 'sent' ? { sentAt: new Date(), providerMessageId: '<x@y>' } : {}),
      })
      .where(eq(messages.id, row.id));
    return row.id;
  }

  it('lets the owner and support read the outbox, resend and test; nobody else', async () => {
    const id = await message('someone@example.com');
    await expectAccessPerPermissionTable(testApp, listAdminMessages, {
      team,
      customerToken,
      call: async () => ({}),
    });
    await expectAccessPerPermissionTable(testApp, getAdminMessage, {
      team,
      customerToken,
      call: async () => ({ params: { id } }),
    });
    await expectAccessPerPermissionTable(testApp, resendAdminMessage, {
      team,
      customerToken,
      call: async () => ({
        params: { id: await message('failed@example.com', { state: 'failed' }) },
      }),
    });
    await expectAccessPerPermissionTable(testApp, sendTestEmail, {
      team,
      customerToken,
      call: async (role) => ({ body: { to: `${role}@example.com` } }),
    });
  });

  it('lists every message newest first, filtered by recipient, event and state', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const oldest = await message('Alice@Example.com', { state: 'sent', createdAt: minutesAgo(30) });
    const middle = await message('bob@example.com', {
      state: 'failed',
      template: 'security.changed',
      createdAt: minutesAgo(20),
    });
    const newest = await message('alice_b@example.org', { createdAt: minutesAgo(10) });
    const list = async (query: Record<string, unknown> = {}) => {
      const response = await callEndpoint(testApp.app, listAdminMessages, {
        token: team.support.token,
        query,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.data();
    };

    const all = await list();
    expect(all.items.map((item) => item.id)).toEqual([newest, middle, oldest]);
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(all.items[1]).toMatchObject({
      to: 'bob@example.com',
      event: 'security.changed',
      locale: 'en-US',
      state: 'failed',
      attempts: 1,
      lastReply: '550 5.1.1 <bob@example.com>: no such user',
      providerMessageId: null,
      sentAt: null,
    });
    expect(all.items[1]!.subject).not.toBe('');
    expect(all.items[2]).toMatchObject({ state: 'sent', providerMessageId: '<x@y>' });
    expect(all.items[2]!.sentAt).not.toBeNull();

    // Part of the address, in any case; `_` is a character, not a wildcard.
    expect((await list({ to: 'ALICE' })).items.map((item) => item.id)).toEqual([newest, oldest]);
    expect((await list({ to: 'alice_' })).items.map((item) => item.id)).toEqual([newest]);
    expect((await list({ event: 'security.changed' })).items.map((item) => item.id)).toEqual([
      middle,
    ]);
    expect((await list({ state: 'sent' })).items.map((item) => item.id)).toEqual([oldest]);
    expect((await list({ to: 'alice', state: 'queued' })).total).toBe(1);
    const second = await list({ page: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((item) => item.id)).toEqual([oldest]);
  });

  it('shows one message with its text and HTML parts', async () => {
    const id = await message('reader@example.com', { locale: 'zh-CN' });
    const response = await callEndpoint(testApp.app, getAdminMessage, {
      token: team.owner.token,
      params: { id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.data();
    expect(detail).toMatchObject({ id, to: 'reader@example.com', locale: 'zh-CN' });
    expect(detail.subject).toBe('Acme Proxy 测试邮件');
    expect(detail.text).toContain('打开运营后台：/portal/verify-email?token=abc');
    expect(detail.html).toContain('href="/portal/verify-email?token=abc"');
    expect(detail.html).toContain('style="');
  });

  it('refuses an unknown or malformed id clearly, in the caller language', async () => {
    const unknown = await callEndpoint(testApp.app, getAdminMessage, {
      token: team.owner.token,
      params: { id: randomUUID() },
      headers: chinese,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: errors.messageNotFound.code,
      message: '该邮件不存在或已被清理',
      data: null,
    });
    const resendUnknown = await callEndpoint(testApp.app, resendAdminMessage, {
      token: team.owner.token,
      params: { id: randomUUID() },
      headers: english,
    });
    expect(resendUnknown.statusCode).toBe(404);
    expect(resendUnknown.json().message).toBe('No such message (it may have been pruned)');
    const malformed = await callEndpoint(testApp.app, getAdminMessage, {
      token: team.owner.token,
      params: { id: 'not-a-message' },
      headers: english,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(errors.validationFailed.code);
    const badFilter = await callEndpoint(testApp.app, listAdminMessages, {
      token: team.owner.token,
      // @ts-expect-error: a state the outbox does not know
      query: { state: 'lost' },
      headers: english,
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().code).toBe(errors.validationFailed.code);
  });

  it('queues a failed message again, due now, attempts afresh, audited', async () => {
    const id = await message('bounced@example.com', { state: 'failed' });
    const before = Date.now();
    const response = await callEndpoint(testApp.app, resendAdminMessage, {
      token: team.support.token,
      params: { id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const resent = response.data();
    expect(resent).toMatchObject({ id, state: 'queued', attempts: 0 });
    // The refusal stays readable until the next attempt answers.
    expect(resent.lastReply).toContain('550');
    expect(Date.parse(resent.nextAttemptAt)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(resent.nextAttemptAt)).toBeGreaterThanOrEqual(before - 1000);
    const entries = await auditEntriesOf(testApp, id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'message.resend',
      actorId: team.support.id,
      actorRole: 'support',
      targetType: 'message',
      changes: {
        state: { before: 'failed', after: 'queued' },
        attempts: { before: 1, after: 0 },
      },
    });
  });

  it('gives a resent message a day of retries of its own: a 451 then waits, and it is sent', async () => {
    const written = new Date(Date.now() - 2 * 86_400_000);
    const id = await message('revived@example.com', { state: 'failed', createdAt: written });
    const response = await callEndpoint(testApp.app, resendAdminMessage, {
      token: team.owner.token,
      params: { id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const smtp = await startTestSmtpServer();
    const mailer = createSmtpMailer({ smtpUrl: smtp.url, from: MAIL_FROM });
    const deliver = (now: Date) =>
      deliverDueMessages({ db: db(), mailer, messageIdDomain: MAIL_DOMAIN, now });
    const rowOf = async () => (await db().select().from(messages).where(eq(messages.id, id)))[0]!;
    try {
      smtp.refuseNext({ code: 451, message: 'Try again later' });
      const now = new Date();
      // Counted from its writing, two days ago, it would be given up on here.
      expect(await deliver(now)).toEqual({ sent: 0, retrying: 1, failed: 0 });
      expect(await rowOf()).toMatchObject({ state: 'queued', attempts: 1 });
      expect((await rowOf()).lastReply).toContain('451');
      expect(await deliver(new Date(now.getTime() + 2 * 60_000))).toEqual({
        sent: 1,
        retrying: 0,
        failed: 0,
      });
      expect(await rowOf()).toMatchObject({ state: 'sent', attempts: 2 });
      expect(smtp.received.map((mail) => mail.to)).toHaveLength(1);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('resends only failed messages; the others stay as they were, unaudited', async () => {
    for (const state of ['sent', 'queued', 'suppressed'] as const) {
      const id = await message(`${state}@example.com`, { state });
      const [before] = await db().select().from(messages).where(eq(messages.id, id));
      const response = await callEndpoint(testApp.app, resendAdminMessage, {
        token: team.owner.token,
        params: { id },
        headers: english,
      });
      expect(response.statusCode, state).toBe(409);
      expect(response.json()).toEqual({
        code: errors.messageNotFailed.code,
        message: 'Only a failed message can be resent; this one is sent, queued or suppressed',
        data: null,
      });
      const [after] = await db().select().from(messages).where(eq(messages.id, id));
      expect(after).toEqual(before);
      expect(await auditEntriesOf(testApp, id)).toEqual([]);
    }
  });

  it('keeps a test email in the outbox when no SMTP server is configured, and says so', async () => {
    const response = await callEndpoint(testApp.app, sendTestEmail, {
      token: team.owner.token,
      body: { to: ' Owner@Example.com ' },
      headers: chinese,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.data();
    expect(answer).toMatchObject({ outcome: 'outbox', reply: null });
    expect(answer.message).toMatchObject({
      to: 'owner@example.com',
      event: 'mail.test',
      locale: 'zh-CN',
      state: 'queued',
      attempts: 0,
    });
    const detail = (
      await callEndpoint(testApp.app, getAdminMessage, {
        token: team.owner.token,
        params: { id: answer.message.id },
      })
    ).data();
    expect(detail.html).toContain('href="/admin"');
    const [entry] = await auditEntriesOf(testApp, answer.message.id);
    expect(entry).toMatchObject({
      action: 'message.test',
      actorId: team.owner.id,
      changes: { to: { before: null, after: 'owner@example.com' } },
    });
  });

  it('refuses a malformed address and writes nothing', async () => {
    const auditBefore = (await db().select().from(auditLog)).length;
    for (const to of ['not-an-address', '', 'a@b@c', 'x'.repeat(300) + '@example.com']) {
      const response = await callEndpoint(testApp.app, sendTestEmail, {
        token: team.owner.token,
        body: { to },
        headers: english,
      });
      expect(response.statusCode, to).toBe(400);
      expect(response.json().code).toBe(errors.validationFailed.code);
      expect(response.json().message).toContain('to');
    }
    expect(await db().select().from(messages)).toEqual([]);
    expect((await db().select().from(auditLog)).length).toBe(auditBefore);
  });
});

describe.each(testEngines)('the test email through a real SMTP server on %s', (engine) => {
  let testApp: TestApp;
  let smtp: TestSmtpServer;
  let ownerToken: string;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await createTestApp(engine, {
      env: { SMTP_URL: smtp.url, MAIL_FROM, BRAND_NAME: 'Acme Proxy' },
    });
    ownerToken = (await registerStaff(testApp, 'owner')).token;
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });
  afterEach(() => {
    smtp.received.length = 0;
  });

  const test = (to: string) =>
    callEndpoint(testApp.app, sendTestEmail, { token: ownerToken, body: { to }, headers: english });

  it('sends it at once and answers the server acceptance, recorded as sent', async () => {
    const response = await test('ops-desk@example.com');
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.data();
    expect(answer.outcome).toBe('accepted');
    expect(answer.reply).toMatch(/^250 .*Message queued as test-\d+/);
    expect(answer.message).toMatchObject({
      to: 'ops-desk@example.com',
      state: 'sent',
      attempts: 1,
      lastReply: answer.reply,
      providerMessageId: `<${answer.message.id}@${MAIL_DOMAIN}>`,
    });
    expect(answer.message.sentAt).not.toBeNull();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe('Test email from Acme Proxy');
    expect(mail.messageId).toBe(`<${answer.message.id}@${MAIL_DOMAIN}>`);
    expect(mail.text).toContain('operator console');
    expect(mail.html).toContain('Acme Proxy');
  });

  it('answers a 550 as the server said it, recorded as failed, and resent once it accepts', async () => {
    smtp.refuseNext({ code: 550, message: '5.1.1 Mailbox unavailable' });
    const response = await test('nobody@example.com');
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.data();
    expect(answer.outcome).toBe('refused');
    expect(answer.reply).toMatch(/^550 .*Mailbox unavailable/);
    expect(answer.message).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastReply: answer.reply,
      providerMessageId: null,
      sentAt: null,
    });
    expect(smtp.received).toHaveLength(0);

    // The operator resends it; the delivery job's next pass gets it through.
    const resent = await callEndpoint(testApp.app, resendAdminMessage, {
      token: ownerToken,
      params: { id: answer.message.id },
    });
    expect(resent.data()).toMatchObject({ state: 'queued', attempts: 0 });
    const mailer = createSmtpMailer({ smtpUrl: smtp.url, from: MAIL_FROM });
    try {
      const report = await deliverDueMessages({
        db: testApp.database.db,
        mailer,
        messageIdDomain: MAIL_DOMAIN,
      });
      expect(report).toEqual({ sent: 1, retrying: 0, failed: 0 });
    } finally {
      mailer.close();
    }
    expect(smtp.received.map((mail) => mail.messageId)).toEqual([
      `<${answer.message.id}@${MAIL_DOMAIN}>`,
    ]);
    const detail = await callEndpoint(testApp.app, getAdminMessage, {
      token: ownerToken,
      params: { id: answer.message.id },
    });
    expect(detail.data()).toMatchObject({ state: 'sent', attempts: 1 });
    expect(detail.data().lastReply).toMatch(/^250 /);
    const entries = await auditEntriesOf(testApp, answer.message.id);
    expect(entries.map((entry) => entry.action)).toEqual(['message.test', 'message.resend']);
  });

  it('leaves a test email it holds to the request, not to the delivery job', async () => {
    // A pass of the job right after the test answered finds nothing to send twice.
    await test('once@example.com');
    const mailer = createSmtpMailer({ smtpUrl: smtp.url, from: MAIL_FROM });
    try {
      const report = await deliverDueMessages({
        db: testApp.database.db,
        mailer,
        messageIdDomain: MAIL_DOMAIN,
      });
      expect(report).toEqual({ sent: 0, retrying: 0, failed: 0 });
    } finally {
      mailer.close();
    }
    expect(smtp.received).toHaveLength(1);
  });
});

describe('the test email when the SMTP server is not there', () => {
  let testApp: TestApp;
  let token: string;

  beforeAll(async () => {
    // A port nobody listens on: taken from the kernel, then let go.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    testApp = await createTestApp('pglite', {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM },
    });
    token = (await registerStaff(testApp, 'support')).token;
  });
  afterAll(() => testApp?.close());

  it('answers the connection error, recorded as failed', async () => {
    const response = await callEndpoint(testApp.app, sendTestEmail, {
      token,
      body: { to: 'someone@example.com' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.data();
    expect(answer.outcome).toBe('refused');
    expect(answer.reply).toContain('ECONNREFUSED');
    expect(answer.message).toMatchObject({ state: 'failed', lastReply: answer.reply });
  });
});
