import { PROCESS_TEST_MS } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { register } from '@stratus/contract';
import { callEndpoint } from './support/api.ts';
import {
  chooseFromDropdown,
  launchBrowserProcess,
  PAGE_STATE_MS,
  saveScreenshot,
  TABLE_ROW,
  type BrowserProcess,
} from './support/browser.ts';
import { authenticatorCode, submitSignInForm } from './support/sign-in-form.ts';
import { findLayoutProblems, formatLayoutProblems } from './support/layout-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { wordsOf } from './support/words.ts';

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

// Account security as a customer lives it: two-step verification switched on from the profile
// (the code computed from the secret the page shows, as an authenticator app would), then a
// sign-in that asks for it (a code on a laptop in Chinese, a recovery code on a phone in
// English); and the signed-in devices, where another browser is signed out and finds itself at
// the sign-in page on its next request.
describe('account security in Chromium', () => {
  let server: RunningServer;
  let chromium: BrowserProcess;
  beforeAll(async () => {
    [server, chromium] = await Promise.all([startServer('pglite'), launchBrowserProcess()]);
  }, PROCESS_TEST_MS + 60_000);
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it.each([
    { language: 'zh-CN', device: 'laptop', viewport: LAPTOP, proof: 'code' },
    { language: 'en-US', device: 'phone', viewport: PHONE, proof: 'recovery code' },
  ] as const)(
    'switches two-step verification on in $language on a $device and signs in with a $proof',
    async ({ language, device, viewport, proof }) => {
      const { t, button } = wordsOf(language);
      // The account speaks the journey's language: the console takes it on at sign-in.
      const user = {
        email: `two-step-${randomUUID().slice(0, 8)}@example.com`,
        password: 'a-river-77',
      };
      await callEndpoint(server.url, register, { body: { ...user, language } });
      const browser = await chromium.open({ viewport, locale: language });
      const problems: string[] = [];
      try {
        const { page } = browser;
        const look = async (step: string) => {
          const name = `two-step-${step}-${device}-${language}`;
          await saveScreenshot(page, name);
          problems.push(...formatLayoutProblems(name, await findLayoutProblems(page)));
        };
        await submitSignInForm(page, server.url, language, user);
        await page.waitForURL('**/console/overview');

        await chooseFromDropdown(page, page.getByTestId('account-menu'), t('users.menu.profile'));
        const profile = page.getByRole('dialog');
        await profile.getByRole('button', { name: button('users.twoStep.enable') }).click();
        const secretText = page.getByTestId('totp-secret');
        await secretText.waitFor();
        const secret = ((await secretText.textContent()) ?? '').replace(/\s/g, '');
        await look('enrol');
        const enrol = page.getByRole('dialog', { name: t('users.twoStep.enrolTitle') });
        await enrol.getByLabel(t('users.twoStep.codeLabel')).fill(authenticatorCode(secret));
        await enrol.getByRole('button', { name: button('users.twoStep.confirm') }).click();
        const codes = page.getByRole('list', { name: t('users.twoStep.recoveryTitle') });
        await codes.waitFor();
        const recoveryCodes = await codes.locator('code').allTextContents();
        expect(recoveryCodes).toHaveLength(10);
        await look('recovery-codes');
        await page.getByRole('button', { name: button('users.twoStep.saved') }).click();
        await codes.waitFor({ state: 'detached' });
        await profile.getByText(t('users.twoStep.on')).first().waitFor();

        // Signed out, the password alone no longer opens the console.
        await browser.context.clearCookies();
        await submitSignInForm(page, server.url, language, user);
        await page.getByText(t('auth.secondFactor.subtitle')).waitFor();
        if (proof === 'code') {
          // The next step's code: the one that confirmed the app is spent.
          await page
            .getByLabel(t('auth.secondFactor.codeLabel'))
            .fill(authenticatorCode(secret, 1));
        } else {
          await page.getByRole('button', { name: button('auth.secondFactor.useRecovery') }).click();
          await page.getByLabel(t('auth.secondFactor.recoveryLabel')).fill(recoveryCodes[0]!);
        }
        await look(`second-step-${proof.replace(' ', '-')}`);
        await page.getByRole('button', { name: button('auth.secondFactor.submit') }).click();
        await page.waitForURL('**/console/overview');
        await page.getByTestId('account-menu').waitFor();
      } finally {
        await browser.close();
      }
      expect(problems).toEqual([]);
    },
  );

  it.each([
    { language: 'zh-CN', device: 'laptop', viewport: LAPTOP, otherViewport: PHONE },
    { language: 'en-US', device: 'phone', viewport: PHONE, otherViewport: LAPTOP },
  ] as const)(
    'shows both browsers in the devices list and signs the other one out, in $language on a $device',
    async ({ language, device, viewport, otherViewport }) => {
      const { t, button } = wordsOf(language);
      const user = {
        email: `devices-${randomUUID().slice(0, 8)}@example.com`,
        password: 'a-river-77',
      };
      await callEndpoint(server.url, register, { body: { ...user, language } });
      const [mine, other] = await Promise.all([
        chromium.open({ viewport, locale: language }),
        chromium.open({ viewport: otherViewport, locale: language }),
      ]);
      try {
        await submitSignInForm(other.page, server.url, language, user);
        await other.page.waitForURL('**/console/overview');
        await submitSignInForm(mine.page, server.url, language, user);
        await mine.page.waitForURL('**/console/overview');

        const { page } = mine;
        await chooseFromDropdown(page, page.getByTestId('account-menu'), t('users.menu.security'));
        await page.waitForURL('**/console/security');
        // Rows on a laptop, cards on a phone.
        const sessions = page
          .locator('.ant-card')
          .filter({ has: page.getByText(t('devices.sessions'), { exact: true }) })
          .locator(TABLE_ROW);
        // The page's three cards load their lists side by side; a loaded machine takes a while.
        await expect
          .poll(() => sessions.count(), { timeout: PAGE_STATE_MS })
          .toBeGreaterThanOrEqual(2);
        const current = sessions.filter({ hasText: t('devices.thisDevice') });
        expect(await current.count()).toBe(1);
        await saveScreenshot(page, `security-sessions-${device}-${language}`);
        expect(formatLayoutProblems('security', await findLayoutProblems(page))).toEqual([]);
        const before = await sessions.count();
        const otherRow = sessions.filter({ hasNotText: t('devices.thisDevice') }).first();
        await otherRow
          .getByRole('button', { name: new RegExp(`^${t('devices.signOut')} `) })
          .click();
        await page
          .getByRole('tooltip')
          .getByRole('button', { name: button('devices.signOut') })
          .click();
        await page.getByText(t('devices.signedOut')).waitFor();
        await expect.poll(() => sessions.count()).toBe(before - 1);

        // The other browser's next request meets the ended session.
        await other.page.reload();
        await other.page.waitForURL('**/portal/home**');
      } finally {
        await Promise.all([mine.close(), other.close()]);
      }
    },
  );
});
