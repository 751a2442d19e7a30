// The verification mail as a real SMTP server (smtp-server, parsed with mailparser) receives it:
// once, with an HTML and a text part in the account's language, both carrying the link under
// PUBLIC_URL; the link from the received mail verifies the account.
import { register, verifyEmail, getMe } from '@stratus/contract';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testPassword, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { createSmtpMailer, deliverDueMessages } from '../messages/public.ts';

describe.each(testEngines)('the verification mail over SMTP on %s', (engine) => {
  let testApp: TestApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await createTestApp(engine, {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Acme Proxy <noreply@acme.test>',
        BRAND_NAME: 'Acme Proxy',
        PUBLIC_URL: 'https://proxy.acme.test',
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  it('arrives once with both parts and the link, which verifies the account', async () => {
    expect(testApp.config.emailVerification).toBe('required');
    const email = uniqueEmail('smtp');
    const signedUp = await callEndpoint(testApp.app, register, {
      body: { email, password: testPassword, language: 'zh-CN' },
    });
    expect(signedUp.statusCode).toBe(200);

    const mailer = createSmtpMailer({ smtpUrl: smtp.url, from: testApp.config.mail!.from });
    try {
      const deliver = () =>
        deliverDueMessages({ db: testApp.database.db, mailer, messageIdDomain: 'acme.test' });
      expect(await deliver()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    } finally {
      mailer.close();
    }

    const received = smtp.received.filter(
      (mail) => mail.to && JSON.stringify(mail.to).includes(email),
    );
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.subject).toBe('验证您的 Acme Proxy 邮箱');
    const link = /https:\/\/proxy\.acme\.test\/portal\/verify-email\?token=([\w-]{43})/;
    const fromText = link.exec(mail!.text ?? '');
    const fromHtml = link.exec(typeof mail!.html === 'string' ? mail!.html : '');
    expect(fromText?.[1]).toBeDefined();
    expect(fromHtml?.[1]).toBe(fromText?.[1]);
    expect(mail!.text).toContain('验证邮箱：https://proxy.acme.test/portal/verify-email?token=');

    const verified = await callEndpoint(testApp.app, verifyEmail, {
      body: { token: fromText![1]! },
    });
    expect(verified.data()).toEqual({ outcome: 'verified', email });
    const me = await callEndpoint(testApp.app, getMe, { token: signedUp.data().token });
    expect(me.data().emailVerified).toBe(true);
  });
});
