// Address verification and change of address in Chromium, against the real server sending mail
// to a real SMTP server started here: sign up → the banner, and a top-up refused with the
// message → the link of the mail received opened in the browser → verified, the banner gone;
// then a change of address in the profile → the link mailed to the new address → changed, and
// the new address signs in. In Chinese on a laptop and in English on a phone.
import { errors, login, register } from '@stratus/contract';
import { PROCESS_TEST_MS } from '@stratus/db/testing';
import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp-server.ts';
import { callEndpoint, fetchEndpoint } from './support/api.ts';
import {
  chooseFromDropdown,
  launchBrowser,
  saveScreenshot,
  type Browser,
} from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { wordsOf, type Language } from './support/words.ts';

/** The delivery job runs every few seconds; a busy machine may take a while more. */
const MAIL_WAIT_MS = 60_000;

const passes: { language: Language; viewport: { width: number; height: number } }[] = [
  { language: 'zh-CN', viewport: { width: 1440, height: 900 } },
  { language: 'en-US', viewport: { width: 390, height: 844 } },
];

describe('email verification and change of address in Chromium', () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    server = await startServer('postgres', {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Stratus <noreply@stratus.test>',
    });
  }, PROCESS_TEST_MS);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  /** The link of the newest mail to `to` with `subject`, once it arrived. */
  async function linkMailedTo(to: string, subject: string): Promise<string> {
    const deadline = Date.now() + MAIL_WAIT_MS;
    let mail: ParsedMail | undefined;
    while (!mail) {
      mail = smtp.received.findLast(
        (received) => JSON.stringify(received.to).includes(to) && received.subject === subject,
      );
      if (mail) break;
      if (Date.now() > deadline) {
        const seen = smtp.received.map(
          (received) => `${received.subject} → ${received.to?.toString() ?? ''}`,
        );
        throw new Error(`no mail "${subject}" to ${to}; received: ${seen.join('; ')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const path = /\/portal\/verify-email\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    if (!path) throw new Error(`no link in the mail to ${to}`);
    expect(mail.html).toContain(path);
    return `${server.url}${path}`;
  }

  for (const { language, viewport } of passes) {
    describe(`${language} at ${viewport.width}×${viewport.height}`, () => {
      const { t, button } = wordsOf(language);
      const tag = `${language}-${viewport.width}`;
      let browser: Browser;
      /** The account the first test signs up; the second moves it to another address. */
      let oldEmail = '';
      beforeAll(async () => {
        browser = await launchBrowser({ locale: language, viewport });
        await browser.context.addInitScript(
          (chosen) => window.localStorage.setItem('language', chosen),
          language,
        );
      }, 60_000);
      afterAll(() => browser?.close());

      const subjectOf = (template: 'verify' | 'change') =>
        language === 'zh-CN'
          ? template === 'verify'
            ? '验证您的 Stratus 邮箱'
            : '确认 Stratus 账户的新邮箱'
          : template === 'verify'
            ? 'Confirm your email address for Stratus'
            : 'Confirm the new email address of your Stratus account';

      async function tryToTopUp(page: Page) {
        await page.goto(`${server.url}/console/recharge`);
        await page.getByTestId('email-verification-banner').waitFor();
        const amount = page.getByRole('radiogroup', { name: t('wallet.recharge.amount.title') });
        await amount.getByRole('radio', { name: '¥100.00' }).click();
        await page
          .getByText(language === 'zh-CN' ? '沙箱支付' : 'Sandbox', { exact: true })
          .first()
          .click();
        await page.getByRole('button', { name: button('wallet.recharge.pay') }).click();
      }

      it('signs up, is refused a top-up, opens the mailed link and is verified', async () => {
        const { page, context } = browser;
        const email = `verify-${language.toLowerCase()}-${Date.now()}@example.com`;
        oldEmail = email;
        const password = 'correct-horse-42';
        const { token } = await callEndpoint(server.url, register, {
          body: { email, password, language },
        });
        await context.addCookies([{ name: 'token', value: token, url: server.url }]);

        await page.goto(`${server.url}/console/overview`);
        const banner = page.getByTestId('email-verification-banner');
        await banner.getByText(t('users.verifyBanner.title')).waitFor();
        await banner.getByText(email, { exact: false }).waitFor();
        await saveScreenshot(page, `email-verification-banner-${tag}`);

        // Asked again within the minute: the wait shows beside the button.
        await banner.getByRole('button', { name: t('users.verifyBanner.resend') }).click();
        await banner
          .getByText(language === 'zh-CN' ? /请在 \d+ 秒后再试/ : /try again in \d+ s/)
          .waitFor();
        await tryToTopUp(page);
        await page.getByText(errors.emailNotVerified.message[language]).waitFor();
        await saveScreenshot(page, `email-verification-topup-refused-${tag}`);

        const link = await linkMailedTo(email, subjectOf('verify'));
        await page.goto(link);
        await page.getByText(t('users.verifyPage.verified.title')).waitFor();
        await saveScreenshot(page, `email-verification-verified-${tag}`);
        await page.getByRole('button', { name: button('users.verifyPage.toConsole') }).click();
        await page.waitForURL('**/console/overview');
        await page.getByTestId('account-menu').getByText(email).waitFor();
        await expect(page.getByTestId('email-verification-banner').count()).resolves.toBe(0);
      });

      it('changes the address in the profile by the link mailed to the new one', async () => {
        const { page } = browser;
        await page.goto(`${server.url}/console/overview`);
        const menu = page.getByTestId('account-menu');
        await chooseFromDropdown(page, menu, t('users.menu.profile'));
        const dialog = page.getByRole('dialog');
        await dialog.getByText(t('users.emailStatus.verified')).waitFor();
        await dialog.getByRole('button', { name: button('users.emailChange.open') }).click();
        const newEmail = `moved-${language.toLowerCase()}-${Date.now()}@example.com`;
        await dialog.getByLabel(t('users.emailChange.newEmail')).fill(newEmail);
        await dialog.getByLabel(t('users.emailChange.password')).fill('wrong-password-1');
        await dialog.getByRole('button', { name: button('users.emailChange.submit') }).click();
        await dialog.getByText(errors.currentPasswordIncorrect.message[language]).waitFor();
        await saveScreenshot(page, `email-change-form-${tag}`);
        await dialog.getByLabel(t('users.emailChange.password')).fill('correct-horse-42');
        await dialog.getByRole('button', { name: button('users.emailChange.submit') }).click();
        await dialog.getByTestId('email-change-sent').waitFor();
        await expect(dialog.getByTestId('email-change-sent').textContent()).resolves.toContain(
          newEmail,
        );
        await saveScreenshot(page, `email-change-sent-${tag}`);

        const link = await linkMailedTo(newEmail, subjectOf('change'));
        await page.goto(link);
        await page.getByText(t('users.verifyPage.changed.title')).waitFor();
        await page.getByText(newEmail).waitFor();
        await saveScreenshot(page, `email-change-confirmed-${tag}`);

        const signIn = (address: string) =>
          fetchEndpoint(server.url, login, {
            body: { email: address, password: 'correct-horse-42' },
          });
        expect((await signIn(newEmail)).status).toBe(200);
        expect((await signIn(oldEmail)).status).toBe(400);
      });
    });
  }
});
