import { randomUUID } from 'node:crypto';
import { register, requestPasswordReset } from '@stratus/contract';
import { PROCESS_TEST_MS } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, fetchEndpoint } from './support/api.ts';
import {
  chooseFromDropdown,
  launchBrowserProcess,
  saveScreenshot,
  type BrowserProcess,
} from './support/browser.ts';
import { findLayoutProblems, formatLayoutProblems } from './support/layout-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { submitSignInForm } from './support/sign-in-form.ts';
import { wordsOf } from './support/words.ts';

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

// A challenge instead of a wall, as a person meets it: after three wrong passwords the sign-in
// card shows the altcha widget, which solves the server's challenge in Chromium (our origin
// only, under the strict CSP), and the sign-in goes through by itself; on a phone in English,
// the password-reset ask after three asks the same way. At the server's real difficulty, so
// the time it takes is the time a person waits.
describe('proof of work in Chromium', () => {
  let server: RunningServer;
  let chromium: BrowserProcess;
  beforeAll(async () => {
    [server, chromium] = await Promise.all([
      startServer('pglite', { PROOF_OF_WORK_AFTER: '3' }),
      launchBrowserProcess(),
    ]);
  }, PROCESS_TEST_MS + 60_000);
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it('asks for the check after three wrong passwords in zh-CN on a laptop, then signs in', async () => {
    const { t, button } = wordsOf('zh-CN');
    const user = { email: `pow-${randomUUID().slice(0, 8)}@example.com`, password: 'a-river-77' };
    await callEndpoint(server.url, register, { body: { ...user, language: 'zh-CN' } });
    const browser = await chromium.open({ viewport: LAPTOP, locale: 'zh-CN' });
    const violations: string[] = [];
    try {
      const { page } = browser;
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text()))
          violations.push(message.text());
      });
      const answered = () =>
        page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
      let answer = answered();
      await submitSignInForm(page, server.url, 'zh-CN', { ...user, password: 'wrong-77' });
      await answer;
      for (let failure = 1; failure < 3; failure += 1) {
        answer = answered();
        await page.getByRole('button', { name: button('auth.login.submit') }).click();
        expect((await answer).status()).toBe(400);
      }
      await page.getByRole('alert').waitFor();
      await page.getByLabel(t('auth.field.password'), { exact: true }).fill(user.password);
      await page.getByRole('button', { name: button('auth.login.submit') }).click();
      const widget = page.locator('altcha-widget');
      await widget.waitFor();
      const shownAt = Date.now();
      // The widget is at work: it says so in the person's language.
      await page.getByText(t('auth.proofOfWork.verifying')).first().waitFor();
      await saveScreenshot(page, 'proof-of-work-sign-in-laptop-zh-CN');
      const problems = formatLayoutProblems(
        'proof-of-work-sign-in-laptop-zh-CN',
        await findLayoutProblems(page),
      );
      await page.waitForURL('**/console/overview', { timeout: 20_000 });
      // Solved and sent again with no further press: the seconds a person waits.
      console.warn(`proof of work solved and signed in ${Date.now() - shownAt} ms after showing`);
      expect(problems).toEqual([]);
      expect(violations).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('asks for the check before a fourth reset ask in en-US on a phone, then sends the link', async () => {
    const { t, button } = wordsOf('en-US');
    const email = `pow-reset-${randomUUID().slice(0, 8)}@example.com`;
    // Three asks from this address (the first journey's failures may already ask for proofs:
    // then these are refused, and the count that matters is already there).
    for (let ask = 0; ask < 3; ask += 1) {
      await fetchEndpoint(server.url, requestPasswordReset, { body: { email } });
    }
    const browser = await chromium.open({ viewport: PHONE, locale: 'en-US' });
    try {
      const { page } = browser;
      await page.goto(`${server.url}/portal/reset`);
      // The portal speaks Chinese until told otherwise.
      await chooseFromDropdown(
        page,
        page.getByRole('button', { name: /中文/ }),
        t('common.language.en-US'),
      );
      await page.getByLabel(t('auth.field.email')).fill(email);
      await page.getByRole('button', { name: button('auth.reset.ask.submit') }).click();
      await page.locator('altcha-widget').waitFor();
      // The widget is at work: it says so in the person's language.
      await page.getByText(t('auth.proofOfWork.verifying')).first().waitFor();
      await saveScreenshot(page, 'proof-of-work-reset-phone-en-US');
      const problems = formatLayoutProblems(
        'proof-of-work-reset-phone-en-US',
        await findLayoutProblems(page),
      );
      await page.getByRole('heading', { name: t('auth.reset.sent.title') }).waitFor({
        timeout: 20_000,
      });
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
