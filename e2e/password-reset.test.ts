import { randomUUID } from 'node:crypto';
import { getMe, register } from '@stratus/contract';
import { PROCESS_TEST_MS } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp-server.ts';
import { callEndpoint, fetchEndpoint } from './support/api.ts';
import {
  chooseFromDropdown,
  launchBrowserProcess,
  saveScreenshot,
  type BrowserProcess,
} from './support/browser.ts';
import { findLayoutProblems, formatLayoutProblems } from './support/layout-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { wordsOf, type Language } from './support/words.ts';

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The delivery job runs every 5 s: a mail arrives within a few passes. */
const MAIL_WAIT_MS = 30_000;

// Forgot password, as a person lives it: the sign-in card's link, the email asked for, the mail
// taken by a real SMTP server (started here; the server delivers to it), its link opened in
// Chromium, a new password, and signing in with it. In both languages, on a laptop and a phone.
describe('password reset in Chromium', () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  let chromium: BrowserProcess;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    [server, chromium] = await Promise.all([
      startServer('postgres', {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Stratus <noreply@stratus.test>',
        // Links are paths without PUBLIC_URL: the journey opens them against the server.
      }),
      launchBrowserProcess(),
    ]);
  }, PROCESS_TEST_MS + 60_000);
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
    await smtp?.close();
  });

  /**
   * The reset link of the one reset mail to `email`, once the server has delivered it. Sign-up
   * also mailed the address a verification link, so the reset mail is told by its subject.
   */
  async function resetLinkMailedTo(email: string, language: Language): Promise<string> {
    const subject = language === 'zh-CN' ? '重置您的 Stratus 密码' : 'Reset your Stratus password';
    const deadline = Date.now() + MAIL_WAIT_MS;
    for (;;) {
      const mails = smtp.received.filter(
        (mail) => JSON.stringify(mail.to).includes(email) && mail.subject === subject,
      );
      if (mails.length > 0) {
        expect(mails).toHaveLength(1);
        const [mail] = mails;
        const path = /\/portal\/reset\?token=[\w-]{43}/.exec(mail!.text ?? '')?.[0];
        expect(String(mail!.html)).toContain(`href="${path}"`);
        return `${server.url}${path}`;
      }
      if (Date.now() > deadline) throw new Error(`no mail reached ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it.each([
    ['zh-CN', 'laptop', LAPTOP],
    ['en-US', 'laptop', LAPTOP],
    ['zh-CN', 'phone', PHONE],
    ['en-US', 'phone', PHONE],
  ] as const)('resets a forgotten password in %s on a %s', async (language, device, viewport) => {
    const { t, button } = wordsOf(language);
    const email = `reset-${randomUUID().slice(0, 8)}@example.com`;
    const { token: oldSession } = await callEndpoint(server.url, register, {
      body: { email, password: 'the-old-password-1', language },
    });
    const browser = await chromium.open({ viewport, locale: language });
    const problems: string[] = [];
    try {
      const { page } = browser;
      const look = async (step: string) => {
        const name = `password-reset-${step}-${device}-${language}`;
        await saveScreenshot(page, name);
        problems.push(...formatLayoutProblems(name, await findLayoutProblems(page)));
      };

      await page.goto(`${server.url}/portal/home`);
      if (language !== 'zh-CN') {
        await chooseFromDropdown(
          page,
          page.getByRole('button', { name: /中文/ }),
          t('common.language.en-US'),
        );
      }
      await page.getByRole('link', { name: t('auth.login.forgot') }).click();
      await page.waitForURL('**/portal/reset');
      await page.getByRole('heading', { name: t('auth.reset.ask.title') }).waitFor();
      await page.getByLabel(t('auth.field.email')).fill(email);
      await look('ask');
      await page.getByRole('button', { name: button('auth.reset.ask.submit') }).click();
      await page.getByRole('heading', { name: t('auth.reset.sent.title') }).waitFor();
      await page.getByText(t('auth.reset.sent.body', { email, minutes: 30 })).waitFor();
      await look('sent');

      const link = await resetLinkMailedTo(email, language);
      await page.goto(link);
      await page.getByRole('heading', { name: t('auth.reset.choose.title') }).waitFor();
      const newPassword = page.getByLabel(t('auth.reset.field.newPassword'), { exact: true });
      // The sign-up form's rules, as the password is typed.
      await newPassword.fill('12345678');
      await page.getByText(t('validation.password.digitsOnly')).waitFor();
      await newPassword.fill('a-new-river-77');
      await page.getByLabel(t('auth.field.confirmPassword')).fill('a-new-river-77');
      await look('choose');
      await page.getByRole('button', { name: button('auth.reset.choose.submit') }).click();

      await page.waitForURL('**/portal/home');
      await page.getByRole('status').getByText(t('auth.notice.passwordChanged')).waitFor();
      await look('signin-notice');
      await page.getByLabel(t('auth.field.email')).fill(email);
      await page.getByLabel(t('auth.field.password'), { exact: true }).fill('a-new-river-77');
      await page.getByRole('button', { name: button('auth.login.submit') }).click();
      await page.waitForURL('**/console/overview');

      // The session from before the reset was signed out.
      expect((await fetchEndpoint(server.url, getMe, { token: oldSession })).status).toBe(401);

      // The link again: used, it says so and offers a new one.
      await page.goto(link);
      await page.getByRole('button', { name: button('auth.reset.choose.submit') }).waitFor();
      await newPassword.fill('another-river-78');
      await page.getByLabel(t('auth.field.confirmPassword')).fill('another-river-78');
      await page.getByRole('button', { name: button('auth.reset.choose.submit') }).click();
      await page.getByRole('heading', { name: t('auth.reset.invalid.title') }).waitFor();
      await look('invalid');
      await page.getByRole('link', { name: t('auth.reset.invalid.again') }).click();
      await page.getByRole('heading', { name: t('auth.reset.ask.title') }).waitFor();
      expect(new URL(page.url()).search).toBe('');
    } finally {
      await browser.close();
    }
    expect(problems).toEqual([]);
  });
});
