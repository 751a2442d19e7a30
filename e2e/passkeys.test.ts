import { PROCESS_TEST_MS } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { register } from '@stratus/contract';
import type { Page } from 'playwright-core';
import { callEndpoint } from './support/api.ts';
import {
  launchBrowserProcess,
  saveScreenshot,
  TABLE_ROW,
  type BrowserProcess,
} from './support/browser.ts';
import { findLayoutProblems, formatLayoutProblems } from './support/layout-checks.ts';
import { submitSignInForm } from './support/sign-in-form.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { wordsOf } from './support/words.ts';

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * Chromium's virtual authenticator for this page (DevTools protocol): a platform authenticator
 * that holds discoverable passkeys, verifies its user and answers every prompt by itself.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

// Passkeys as a customer lives them, in Chromium with its virtual authenticator: one added on the
// security page (the first factor, so the recovery codes come with it), then a sign-in with it:
// without a password (Chinese, a laptop), or after the password as the second factor (English,
// a phone). The devices list then names the passkey as the factor of the session.
describe('passkeys in Chromium', () => {
  let server: RunningServer;
  let chromium: BrowserProcess;
  /** WebAuthn takes a host name as the site, never an IP address. */
  let origin: string;
  beforeAll(async () => {
    [server, chromium] = await Promise.all([startServer('pglite'), launchBrowserProcess()]);
    origin = server.url.replace('127.0.0.1', 'localhost');
  }, PROCESS_TEST_MS + 60_000);
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it.each([
    { language: 'zh-CN', device: 'laptop', viewport: LAPTOP, way: 'passwordless' },
    { language: 'en-US', device: 'phone', viewport: PHONE, way: 'second-factor' },
  ] as const)(
    'adds a passkey in $language on a $device and signs in with it ($way)',
    async ({ language, device, viewport, way }) => {
      const { t, button } = wordsOf(language);
      const user = {
        email: `passkey-${randomUUID().slice(0, 8)}@example.com`,
        password: 'a-river-77',
      };
      await callEndpoint(server.url, register, { body: { ...user, language } });
      const browser = await chromium.open({ viewport, locale: language });
      const problems: string[] = [];
      try {
        const { page } = browser;
        const look = async (step: string) => {
          const name = `passkeys-${step}-${device}-${language}`;
          await saveScreenshot(page, name);
          problems.push(...formatLayoutProblems(name, await findLayoutProblems(page)));
        };
        await addVirtualAuthenticator(page);
        await submitSignInForm(page, origin, language, user);
        await page.waitForURL('**/console/overview');
        await page.goto(`${origin}/console/security`);
        const card = page
          .locator('.ant-card')
          .filter({ has: page.getByText(t('passkeys.title'), { exact: true }) });
        await card.getByRole('button', { name: button('passkeys.add') }).click();
        const name = `Passkey ${device}`;
        await page.getByLabel(t('passkeys.name')).fill(name);
        await look('add');
        await page.getByRole('button', { name: button('passkeys.create') }).click();
        // The account's first factor: its recovery codes, shown once.
        const codes = page.getByRole('list', { name: t('users.twoStep.recoveryTitle') });
        await codes.waitFor();
        expect(await codes.locator('code').count()).toBe(10);
        await page.getByRole('button', { name: button('users.twoStep.saved') }).click();
        await card.locator(TABLE_ROW).filter({ hasText: name }).waitFor();
        await look('card');

        // Signed out, then back in with the passkey.
        await browser.context.clearCookies();
        if (way === 'passwordless') {
          await page.goto(`${origin}/portal/home`);
          const passkeyButton = page.getByRole('button', { name: button('auth.passkey.signIn') });
          await passkeyButton.waitFor();
          await look('portal');
          await passkeyButton.click();
        } else {
          await submitSignInForm(page, origin, language, user);
          await page.getByText(t('auth.secondFactor.passkeySubtitle')).waitFor();
          // Passkeys alone: no code field.
          expect(await page.getByLabel(t('auth.secondFactor.codeLabel')).count()).toBe(0);
          await look('second-step');
          await page.getByRole('button', { name: button('auth.secondFactor.usePasskey') }).click();
        }
        await page.waitForURL('**/console/overview');
        await page.goto(`${origin}/console/security`);
        const current = page
          .locator('.ant-card')
          .filter({ has: page.getByText(t('devices.sessions'), { exact: true }) })
          .locator(TABLE_ROW)
          .filter({ hasText: t('devices.thisDevice') });
        await current.getByText(t('devices.factor.passkey')).waitFor();
        const used = card.locator(TABLE_ROW).filter({ hasText: name });
        expect(await used.getByText(t('passkeys.neverUsed')).count()).toBe(0);
      } finally {
        await browser.close();
      }
      expect(problems).toEqual([]);
    },
  );
});
