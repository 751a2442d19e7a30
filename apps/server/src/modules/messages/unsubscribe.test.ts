// One-click unsubscribe (RFC 8058) end to end: an optional mail, as a real SMTP server receives
// it, carries `List-Unsubscribe` and `List-Unsubscribe-Post` and a visible link; POSTing
// `List-Unsubscribe=One-Click` to that address (as a mail program does) switches the category's
// email off, and the next such mail is suppressed. Security mail carries no such link; forged
// links and links for mandatory categories are refused.
import { getNotificationPreferences, getUnsubscribeTarget, unsubscribe } from '@stratus/contract';
import { eq, messages } from '@stratus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetSignUpMail, registerCustomer, registerStaff } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { deliverDueMessages } from './delivery.ts';
import { createSmtpMailer, type Mailer } from './mailer.ts';
import { queueMail } from './outbox.ts';
import { unsubscribeLinksFor } from './unsubscribe-tokens.ts';

const PUBLIC_URL = 'https://proxy.acme.test';

describe('one-click unsubscribe', () => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let mailer: Mailer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await createTestApp('postgres', {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Acme <noreply@acme.test>', PUBLIC_URL },
    });
    mailer = createSmtpMailer({ smtpUrl: smtp.url, from: 'Acme <noreply@acme.test>' });
  });
  afterAll(async () => {
    mailer?.close();
    await Promise.all([testApp?.close(), smtp?.close()]);
  });

  const queue = (userId: string, to: string, template: 'mail.test' | 'security.changed') =>
    queueMail(testApp.database.db, {
      userId,
      to,
      locale: 'en-US',
      template,
      brand: 'Acme',
      values: { change: 'password' },
      actionUrl: `${PUBLIC_URL}/admin`,
    });
  const deliver = () =>
    deliverDueMessages({
      db: testApp.database.db,
      mailer,
      messageIdDomain: 'acme.test',
      unsubscribeLinksOf: unsubscribeLinksFor({
        publicUrl: testApp.config.publicUrl,
        tokens: testApp.app.unsubscribeTokens,
      }),
    });
  const headerOf = (mail: TestSmtpServer['received'][number], name: string) =>
    mail.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');

  it('carries the link on optional mail only, and a mail program’s POST unsubscribes', async () => {
    const member = await registerStaff(testApp, 'ops');
    const customer = await registerCustomer(testApp);
    await forgetSignUpMail(testApp.database.db, customer.id);
    await queue(member.id, member.email, 'mail.test');
    await queue(customer.id, customer.email, 'security.changed');
    expect(await deliver()).toMatchObject({ sent: 2 });

    const optional = smtp.received.find((mail) => mail.subject === 'Test email from Acme')!;
    const security = smtp.received.find((mail) => mail.subject !== 'Test email from Acme')!;
    const header = headerOf(optional, 'list-unsubscribe');
    expect(header).toMatch(new RegExp(`^<${PUBLIC_URL}/api/unsubscribe/[^>]+>$`));
    expect(headerOf(optional, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const url = header!.slice(1, -1);
    const token = decodeURIComponent(url.split('/').at(-1)!);
    // The footer's link opens the console's page, which asks before it unsubscribes.
    const page = `${PUBLIC_URL}/portal/unsubscribe?token=${token}`;
    expect(optional.text).toContain(`Unsubscribe: ${page}`);
    expect(optional.html).toContain(`href="${page}"`);
    expect(headerOf(security, 'list-unsubscribe')).toBeUndefined();
    expect(security.text).not.toContain('/api/unsubscribe/');

    const before = await callEndpoint(testApp.app, getUnsubscribeTarget, { params: { token } });
    expect(before.data()).toEqual({
      category: 'operations',
      email: `${member.email[0]}***@${member.email.split('@')[1]}`,
      unsubscribed: false,
    });
    // What a mail program sends (RFC 8058 section 3.1), to the address of the header.
    const posted = await testApp.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().data).toMatchObject({ category: 'operations', unsubscribed: true });
    const preferences = await callEndpoint(testApp.app, getNotificationPreferences, {
      token: member.token,
    });
    expect(preferences.data().items.find((item) => item.category === 'operations')).toMatchObject({
      email: false,
      inbox: true,
    });

    const next = await queue(member.id, member.email, 'mail.test');
    expect(next?.state).toBe('suppressed');
    const [stored] = await testApp.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, next!.id));
    expect(stored!.state).toBe('suppressed');
  });

  it('refuses forged links and links naming a mandatory category, changing nothing', async () => {
    const customer = await registerCustomer(testApp);
    const genuine = testApp.app.unsubscribeTokens.sign({
      userId: customer.id,
      category: 'reminders',
    });
    const forged = [
      `${genuine.slice(0, -2)}AA`,
      genuine.replace('reminders', 'notices'),
      testApp.app.unsubscribeTokens.sign({ userId: customer.id, category: 'security' }),
      'nonsense',
    ];
    for (const token of forged) {
      const read = await callEndpoint(testApp.app, getUnsubscribeTarget, { params: { token } });
      expect(read.statusCode, token).toBe(404);
      expect(read.json()).toMatchObject({ code: 90404 });
      const posted = await callEndpoint(testApp.app, unsubscribe, {
        params: { token },
        body: { 'List-Unsubscribe': 'One-Click' },
      });
      expect(posted.statusCode, token).toBe(404);
    }
    const wrongBody = await callEndpoint(testApp.app, unsubscribe, {
      params: { token: genuine },
      rawBody: { 'List-Unsubscribe': 'Yes' },
    });
    expect(wrongBody.statusCode).toBe(400);
    const preferences = await callEndpoint(testApp.app, getNotificationPreferences, {
      token: customer.token,
    });
    expect(preferences.data().items.every((item) => item.email)).toBe(true);
  });
});
