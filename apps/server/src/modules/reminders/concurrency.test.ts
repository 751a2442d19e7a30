// Two API servers on one database (each its own connection pool, as two processes have), both
// running the reminder pass and the delivery pass at once against one SMTP server: 200 reminders
// due together reach the mailbox exactly once each.
import { BYTES_PER_GB } from '@stratus/contract';
import { createDatabase, messages } from '@stratus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { forgetSignUpMail, registerCustomer } from '../../../test/accounts.ts';
import { createMailingTestApp, deliverOutbox } from '../../../test/reminders.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { insertTrafficPackage } from '../../../test/usage.ts';
import { sendDueReminders } from './public.ts';

const DAY_MS = 86_400_000;
const CUSTOMERS = 20;
const PACKAGES_EACH = 10;

describe('reminders on two servers sharing one PostgreSQL database', () => {
  let smtp: TestSmtpServer;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    first = await createMailingTestApp('postgres', smtp);
    const url = first.database.url;
    if (!url) throw new Error('a PostgreSQL test database has a URL');
    second = await createMailingTestApp('postgres', smtp, {
      database: await createDatabase({ url }),
    });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await smtp?.close();
  });

  it('sends each of 200 reminders due at once exactly once', { timeout: 120_000 }, async () => {
    const gb = BigInt(BYTES_PER_GB);
    const now = new Date();
    const packageIds = new Set<string>();
    for (let customer = 0; customer < CUSTOMERS; customer += 1) {
      const { id } = await registerCustomer(first);
      await forgetSignUpMail(first.database.db, id);
      for (let one = 0; one < PACKAGES_EACH; one += 1) {
        packageIds.add(
          await insertTrafficPackage(first.database.db, {
            userId: id,
            totalBytes: 10n * gb,
            usedBytes: 9n * gb,
            expiresAt: new Date(now.getTime() + 20 * DAY_MS),
          }),
        );
      }
    }

    /** One server's work: the reminder pass and the delivery pass, three times over. */
    const serve = async (testApp: TestApp) => {
      let queued = 0;
      for (let round = 0; round < 3; round += 1) {
        queued += (await sendDueReminders({ db: testApp.database.db, now })).queued;
        await deliverOutbox(testApp);
      }
      return queued;
    };
    const [queuedByFirst, queuedBySecond] = await Promise.all([serve(first), serve(second)]);

    expect(queuedByFirst + queuedBySecond).toBe(CUSTOMERS * PACKAGES_EACH);
    expect(smtp.received).toHaveLength(CUSTOMERS * PACKAGES_EACH);
    const deliveries = smtp.received.map(
      (mail) => `${mail.messageId} → ${mail.to && 'text' in mail.to ? mail.to.text : ''}`,
    );
    expect(new Set(deliveries).size).toBe(CUSTOMERS * PACKAGES_EACH);

    const rows = await first.database.db.select().from(messages);
    expect(rows).toHaveLength(CUSTOMERS * PACKAGES_EACH);
    expect(rows.every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true);
    expect(new Set(rows.map((row) => row.data.packageId))).toEqual(packageIds);
    expect(new Set(smtp.received.map((mail) => mail.messageId))).toEqual(
      new Set(rows.map((row) => row.providerMessageId)),
    );
  });
});
