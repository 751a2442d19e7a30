import { getAdminMessage, getMe, listAdminMessages } from '@stratus/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp-server.ts';
import { callEndpoint, registerUser } from './support/api.ts';
import {
  launchBrowserProcess,
  PAGE_STATE_MS,
  saveScreenshot,
  waitForPageContent,
  type Browser,
  type BrowserProcess,
} from './support/browser.ts';
import { findLayoutProblems, formatLayoutProblems } from './support/layout-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signIn } from './support/staff-console.ts';
import { wordsOf, type Language } from './support/words.ts';

const OWNER = { email: 'owner@stratus.example', password: 'head of house 1' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const MAIL_DOMAIN = 'mail.stratus.example';
/** Beyond the servers' start: Chromium's launch on two busy cores. */
const SETUP_MS = 240_000;
/** The delivery job runs every five seconds; a pass on two busy cores may take a few more. */
const DELIVERY_MS = 60_000;

// The outbox in the operator console, in Chromium, against the real server process. With an SMTP
// server (started here, refusing one mailbox with 550): the owner's test email shows the 550 as
// the server said it, the failed message is found in the list and its reply read in the drawer;
// once the mailbox exists, a resend goes out on the delivery job's next pass and shows as sent.
// Without an SMTP server: the test email is kept in the outbox, its preview renders under the
// console's Content-Security-Policy, and its link opens the console in a new tab.
describe('the email outbox in Chromium', () => {
  let smtp: TestSmtpServer;
  let mailing: RunningServer;
  let keeping: RunningServer;
  let chromium: BrowserProcess;
  const tokens = new Map<RunningServer, string>();
  const violations: string[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    [mailing, keeping, chromium] = await Promise.all([
      startServer('postgres', {
        SMTP_URL: smtp.url,
        MAIL_FROM: `Stratus <noreply@${MAIL_DOMAIN}>`,
        BRAND_NAME: 'Acme Proxy',
      }),
      startServer('postgres'),
      launchBrowserProcess(),
    ]);
    for (const server of [mailing, keeping]) {
      await server.admin('create-operator', OWNER.email, '--password', OWNER.password);
      tokens.set(server, await signIn(server.url, OWNER.email, OWNER.password));
    }
  }, SETUP_MS);
  afterAll(async () => {
    await chromium?.close();
    await Promise.all([mailing?.stop(), keeping?.stop()]);
    await smtp?.close();
  });

  /** A browser of its own, signed in as the owner of `server`, in `language` at `viewport`. */
  async function ownerBrowser(
    server: RunningServer,
    language: Language,
    viewport: typeof DESKTOP,
  ): Promise<{ browser: Browser; page: Page }> {
    const browser = await chromium.open({ viewport, locale: language });
    await browser.context.addCookies([
      { name: 'token', value: tokens.get(server)!, url: server.url },
    ]);
    const { page } = browser;
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) {
        violations.push(message.text());
      }
    });
    await page.goto(`${server.url}/portal/home`);
    await page.evaluate((value) => localStorage.setItem('language', value), language);
    return { browser, page };
  }

  async function lookAtLayout(page: Page, name: string) {
    await saveScreenshot(page, name);
    expect(formatLayoutProblems(name, await findLayoutProblems(page))).toEqual([]);
  }

  describe.each([
    { language: 'zh-CN' as const, viewport: DESKTOP, size: 'desktop' },
    { language: 'en-US' as const, viewport: PHONE, size: 'phone' },
  ])('with an SMTP server, $language on a $size', ({ language, viewport, size }) => {
    const { t, button } = wordsOf(language);
    const mailbox = `gone-${language.toLowerCase()}@example.com`;

    it('shows the refusal, the failed message and its reply, then resends it once it can go', async () => {
      smtp.refuseRecipient(mailbox, { code: 550, message: '5.1.1 Mailbox does not exist' });
      const { browser, page } = await ownerBrowser(mailing, language, viewport);
      try {
        await page.goto(`${mailing.url}/admin/messages`);
        await waitForPageContent(
          page,
          page.getByRole('button', { name: button('adminMessages.test.open') }),
        );

        // The test email, to a mailbox the SMTP server does not know: its 550, word for word.
        await page.getByRole('button', { name: button('adminMessages.test.open') }).click();
        const dialog = page.getByRole('dialog').filter({ hasText: t('adminMessages.test.hint') });
        const address = dialog.getByLabel(t('adminMessages.test.to'), { exact: true });
        await expect.poll(() => address.inputValue()).toBe(OWNER.email);
        await address.fill(mailbox);
        await dialog.getByRole('button', { name: button('adminMessages.test.submit') }).click();
        const answer = dialog.getByTestId('test-email-answer');
        await answer.getByText(t('adminMessages.test.refused')).waitFor();
        await answer.getByText(/^550 .*Mailbox does not exist/).waitFor();
        await lookAtLayout(page, `admin-messages-test-refused-${language}-${size}`);
        await dialog
          .locator('.ant-modal-footer')
          .getByRole('button', { name: button('common.close') })
          .click();

        // The failed message in the list, found by its recipient; its reply in the drawer.
        await page.getByRole('searchbox', { name: t('adminMessages.filter.to') }).fill('GONE-');
        await page.getByRole('searchbox', { name: t('adminMessages.filter.to') }).press('Enter');
        await page.waitForURL(/to=GONE-/);
        const row = page.locator('tr.ant-table-row').filter({ hasText: mailbox });
        await row.getByText(t('adminMessages.state.failed'), { exact: true }).waitFor();
        // Nothing passing over the list while it is looked at: the closed dialog's fading mask,
        // the table's loading veil of the filtered fetch.
        await page.locator('.ant-modal-wrap').first().waitFor({ state: 'hidden' });
        await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached' });
        await lookAtLayout(page, `admin-messages-failed-${language}-${size}`);
        await row.getByRole('button', { name: button('adminMessages.detail.open') }).click();
        const drawer = page
          .getByRole('dialog')
          .filter({ hasText: t('adminMessages.detail.title') });
        const reply = drawer.getByTestId('smtp-reply');
        await expect.poll(() => reply.textContent()).toMatch(/^550 .*Mailbox does not exist/);
        await lookAtLayout(page, `admin-messages-failed-drawer-${language}-${size}`);

        // The mailbox exists now: resent, it goes out on the job's next pass.
        smtp.acceptRecipient(mailbox);
        await drawer.getByRole('button', { name: button('adminMessages.resend') }).click();
        await page.getByText(t('adminMessages.resend.done')).first().waitFor();
        const { items } = await callEndpoint(mailing.url, listAdminMessages, {
          token: tokens.get(mailing),
          query: { to: mailbox },
        });
        expect(items).toHaveLength(1);
        const id = items[0]!.id;
        await expect
          .poll(
            async () =>
              (
                await callEndpoint(mailing.url, getAdminMessage, {
                  token: tokens.get(mailing),
                  params: { id },
                })
              ).state,
            { timeout: DELIVERY_MS, interval: 1000 },
          )
          .toBe('sent');
        expect(
          smtp.received.filter((mail) => mail.messageId === `<${id}@${MAIL_DOMAIN}>`),
        ).toHaveLength(1);

        await page.reload();
        await row.getByText(t('adminMessages.state.sent'), { exact: true }).waitFor();
        await row.getByRole('button', { name: button('adminMessages.detail.open') }).click();
        await expect.poll(() => reply.textContent(), { timeout: PAGE_STATE_MS }).toMatch(/^250 /);
        await lookAtLayout(page, `admin-messages-sent-drawer-${language}-${size}`);
        expect(violations).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  });

  describe.each([
    { language: 'en-US' as const, viewport: DESKTOP, size: 'desktop' },
    { language: 'zh-CN' as const, viewport: PHONE, size: 'phone' },
  ])('without an SMTP server, $language on a $size', ({ language, viewport, size }) => {
    const { t, button } = wordsOf(language);

    it('keeps the test email in the outbox, previews it, and its link opens in a new tab', async () => {
      const { browser, page } = await ownerBrowser(keeping, language, viewport);
      try {
        await page.goto(`${keeping.url}/admin/messages`);
        await page.getByRole('button', { name: button('adminMessages.test.open') }).click();
        const dialog = page.getByRole('dialog').filter({ hasText: t('adminMessages.test.hint') });
        const mailbox = `dev-${language.toLowerCase()}@example.com`;
        await dialog.getByLabel(t('adminMessages.test.to'), { exact: true }).fill(mailbox);
        await dialog.getByRole('button', { name: button('adminMessages.test.submit') }).click();
        await dialog
          .getByTestId('test-email-answer')
          .getByText(t('adminMessages.test.outbox'))
          .waitFor();
        await lookAtLayout(page, `admin-messages-test-outbox-${language}-${size}`);
        await dialog
          .locator('.ant-modal-footer')
          .getByRole('button', { name: button('common.close') })
          .click();

        const row = page.locator('tr.ant-table-row').filter({ hasText: mailbox });
        await row.getByText(t('adminMessages.state.queued'), { exact: true }).waitFor();
        await row.getByRole('button', { name: button('adminMessages.detail.open') }).click();
        const drawer = page
          .getByRole('dialog')
          .filter({ hasText: t('adminMessages.detail.title') });
        await drawer.getByText(t('adminMessages.detail.noReply')).waitFor();

        // The preview: the mail's own styles apply under the console's policy, in its sandbox.
        const frame = drawer.frameLocator(
          `iframe[title="${t('adminMessages.detail.previewTitle')}"]`,
        );
        const action = language === 'zh-CN' ? '打开运营后台' : 'Open the operator console';
        const link = frame.getByRole('link', { name: action });
        await link.waitFor();
        await frame.getByText('Stratus', { exact: true }).waitFor();
        await lookAtLayout(page, `admin-messages-preview-${language}-${size}`);
        expect(await link.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
          'rgb(22, 119, 255)',
        );
        expect(await link.getAttribute('href')).toBe(`${keeping.url}/admin`);

        // Its link opens the console in a tab of its own.
        const [opened] = await Promise.all([browser.context.waitForEvent('page'), link.click()]);
        await opened.waitForURL(`${keeping.url}/admin`);
        // The console opened signed in: its page, not the sign-in it would send a stranger to.
        await opened.locator('main').first().waitFor();
        expect(opened.url()).toBe(`${keeping.url}/admin`);
        await opened.close();
        expect(page.url()).toBe(`${keeping.url}/admin/messages`);

        // The plain-text part says the same, the link after its label.
        await drawer.getByRole('tab', { name: t('adminMessages.detail.text') }).click();
        const colon = language === 'zh-CN' ? '：' : ': ';
        await drawer.getByText(`${action}${colon}/admin`).waitFor();
        expect(violations).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  });

  // `npm start` has no SMTP server: a new customer confirms the address with the link an operator
  // reads in the outbox's preview, opened from there.
  it('verifies a sign-up through the link its mail holds in the outbox', async () => {
    const customer = await registerUser(keeping.url);
    const { t, button } = wordsOf('en-US');
    const { browser, page } = await ownerBrowser(keeping, 'en-US', DESKTOP);
    try {
      await page.goto(`${keeping.url}/admin/messages`);
      const row = page.locator('tr.ant-table-row').filter({ hasText: customer.email });
      await row.getByRole('button', { name: button('adminMessages.detail.open') }).click();
      const drawer = page.getByRole('dialog').filter({ hasText: t('adminMessages.detail.title') });
      const frame = drawer.frameLocator(
        `iframe[title="${t('adminMessages.detail.previewTitle')}"]`,
      );
      // The customer's account speaks zh-CN, and so does the mail.
      const link = frame.getByRole('link', { name: '验证邮箱' });
      await link.waitFor();
      const [opened] = await Promise.all([browser.context.waitForEvent('page'), link.click()]);
      await opened.waitForURL('**/portal/verify-email?token=*');
      await opened.getByText(t('users.verifyPage.verified.title')).waitFor();
      await saveScreenshot(opened, 'admin-messages-verify-link-en-US-desktop');
      await opened.close();
      const profile = await callEndpoint(keeping.url, getMe, { token: customer.token });
      expect(profile.emailVerified).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
