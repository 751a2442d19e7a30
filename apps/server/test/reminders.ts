// Fixtures for the suites of event mail and reminders: an app that mails through a real SMTP test
// server, the delivery job's pass run until the outbox is empty, customers in either language and
// the mail each received.
import type { Locale } from '@stratus/contract';
import { eq, users, type DatabaseEngine, type Db } from '@stratus/db';
import type { ParsedMail } from 'mailparser';
import { createSmtpMailer, deliverDueMessages } from '../src/modules/messages/public.ts';
import { forgetSignUpMail, registerCustomer } from './accounts.ts';
import { createTestApp, type TestApp } from './app.ts';
import type { TestSmtpServer } from './smtp-server.ts';

export const MAIL_BRAND = 'Acme Proxy';

/** An app whose mail goes to `smtp`, links under https://proxy.acme.test. */
export function createMailingTestApp(
  engine: DatabaseEngine,
  smtp: TestSmtpServer,
  options: Omit<NonNullable<Parameters<typeof createTestApp>[1]>, 'env'> = {},
): Promise<TestApp> {
  return createTestApp(engine, {
    ...options,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Acme Proxy <noreply@acme.test>',
      BRAND_NAME: MAIL_BRAND,
      PUBLIC_URL: 'https://proxy.acme.test',
    },
  });
}

/**
 * Runs the delivery job's pass against `testApp`'s SMTP server until a pass sends nothing: every
 * queued message due now has then been taken by the server. Answers how many were sent.
 */
export async function deliverOutbox(testApp: Pick<TestApp, 'app' | 'database'>): Promise<number> {
  const mail = testApp.app.config.mail;
  if (!mail) throw new Error('the app has no SMTP_URL');
  const mailer = createSmtpMailer({ smtpUrl: mail.smtpUrl, from: mail.from });
  let sent = 0;
  try {
    for (;;) {
      const report = await deliverDueMessages({
        db: testApp.database.db,
        mailer,
        messageIdDomain: mail.fromDomain,
      });
      sent += report.sent;
      if (report.sent + report.retrying + report.failed === 0) return sent;
    }
  } finally {
    mailer.close();
  }
}

/** A customer signed up, speaking `locale`, with `balanceFen` in the wallet. */
export async function registerCustomerSpeaking(
  testApp: TestApp,
  locale: Locale,
  { balanceFen = 0n }: { balanceFen?: bigint } = {},
) {
  const customer = await registerCustomer(testApp, { balanceFen });
  await setLanguage(testApp.database.db, customer.id, locale);
  // Confirmed already: the sign-up's verification mail is not what these suites count.
  await forgetSignUpMail(testApp.database.db, customer.id);
  await testApp.database.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.id, customer.id));
  return { ...customer, locale };
}

export async function setLanguage(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ language: locale }).where(eq(users.id, userId));
}

/** The mail `smtp` took for `address`, in the order it arrived. */
export function mailTo(smtp: TestSmtpServer, address: string): ParsedMail[] {
  return smtp.received.filter((mail) =>
    (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) =>
      to?.value.some((entry) => entry.address === address),
    ),
  );
}

/** Subjects of the mail `smtp` took for `address`. */
export function subjectsTo(smtp: TestSmtpServer, address: string): string[] {
  return mailTo(smtp, address).map((mail) => mail.subject ?? '');
}
