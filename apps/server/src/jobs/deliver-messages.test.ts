// The delivery job of a server with SMTP_URL: a message queued is in the mailbox within a pass
// or two; a server without it leaves mail in the outbox.
import { eq, messages } from '@stratus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';
import { queueMail } from '../modules/messages/public.ts';
import { startMessageDelivery } from './deliver-messages.ts';

describe('the message delivery job', () => {
  let smtp: TestSmtpServer;
  let withMail: TestApp;
  let withoutMail: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    [withMail, withoutMail] = await Promise.all([
      createTestApp('postgres', {
        env: { SMTP_URL: smtp.url, MAIL_FROM: 'Acme <noreply@acme.test>', BRAND_NAME: 'Acme' },
      }),
      createTestApp('pglite'),
    ]);
  });
  afterAll(async () => {
    await Promise.all([withMail?.close(), withoutMail?.close(), smtp?.close()]);
  });

  const queue = (testApp: TestApp, to: string) =>
    queueMail(testApp.database.db, {
      to,
      locale: 'en-US',
      template: 'mail.test',
      brand: testApp.app.config.brandName,
    });

  it('sends what is queued when SMTP_URL is set', async () => {
    const message = (await queue(withMail, 'ops@acme.test'))!;
    const job = startMessageDelivery(withMail.app);
    try {
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    } finally {
      await job.stop();
    }
    expect(smtp.received[0]).toMatchObject({
      subject: 'Test email from Acme',
      messageId: `<${message.id}@acme.test>`,
    });
    const [row] = await withMail.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, message.id));
    expect(row?.state).toBe('sent');
  });

  it('keeps mail in the outbox without SMTP_URL', async () => {
    const message = (await queue(withoutMail, 'ops@acme.test'))!;
    const job = startMessageDelivery(withoutMail.app);
    await job.stop();
    const [row] = await withoutMail.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, message.id));
    expect(row).toMatchObject({ state: 'queued', attempts: 0 });
  });
});
