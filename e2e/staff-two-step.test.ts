import { randomUUID } from 'node:crypto';
import {
  addStaffMember,
  createStaticIpOrder,
  getAdminOrder,
  listStaticIpCatalog,
} from '@stratus/contract';
import { PROCESS_TEST_MS } from '@stratus/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, registerUser, topUp } from './support/api.ts';
import { launchBrowserProcess, saveScreenshot, type BrowserProcess } from './support/browser.ts';
import { authenticatorCode, submitSignInForm } from './support/sign-in-form.ts';
import { findLayoutProblems, formatLayoutProblems } from './support/layout-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signIn as signInThroughApi } from './support/staff-console.ts';
import { wordsOf } from './support/words.ts';

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const OWNER = { email: 'owner@stratus.example', password: 'head of house 1' };

// A finance member as they live their first week: the operator console asks them to switch
// two-step verification on; they do it from the banner (the test reads the secret the page shows,
// as an authenticator app would), sign out, sign in with a code, and refund an order: their sign-in
// is more than ten minutes old by then, so the refund asks for a fresh proof in the step-up modal
// (a recovery code) and goes through once it is given. In Chinese on a laptop and in English on a phone.
describe('a finance member with two-step verification in Chromium', () => {
  let server: RunningServer;
  let chromium: BrowserProcess;
  let database: pg.Client;
  let ownerToken = '';
  beforeAll(async () => {
    [server, chromium] = await Promise.all([startServer('postgres'), launchBrowserProcess()]);
    database = new pg.Client({ connectionString: server.databaseUrl });
    await database.connect();
    await server.admin('create-operator', OWNER.email, '--password', OWNER.password);
    ownerToken = await signInThroughApi(server.url, OWNER.email, OWNER.password);
  }, PROCESS_TEST_MS + 60_000);
  afterAll(async () => {
    await database?.end();
    await chromium?.close();
    await server?.stop();
  });

  it.each([
    { language: 'zh-CN', device: 'laptop', viewport: LAPTOP },
    { language: 'en-US', device: 'phone', viewport: PHONE },
  ] as const)(
    'enrols, signs in with a code and refunds through the step-up modal in $language on a $device',
    async ({ language, device, viewport }) => {
      const { t, button } = wordsOf(language);
      // A customer's order to refund, and a finance member speaking the journey's language.
      const customer = await registerUser(server.url);
      await topUp(server.url, customer.token, 300);
      const { items: plans } = await callEndpoint(server.url, listStaticIpCatalog, {
        token: customer.token,
      });
      const plan = plans.find((item) => item.stock >= 1)!;
      const { order } = await callEndpoint(server.url, createStaticIpOrder, {
        token: customer.token,
        body: { planId: plan.id, durationDays: plan.prices[0]!.durationDays, quantity: 1 },
      });
      const email = `finance-${randomUUID().slice(0, 8)}@stratus.example`;
      const added = await callEndpoint(server.url, addStaffMember, {
        token: ownerToken,
        body: { email, role: 'finance' },
      });
      const password = added.generatedPassword!;
      await database.query('update users set language = $1 where email = $2', [language, email]);

      const browser = await chromium.open({ viewport, locale: language });
      const problems: string[] = [];
      try {
        const { page } = browser;
        const look = async (step: string) => {
          const name = `staff-two-step-${step}-${device}-${language}`;
          await saveScreenshot(page, name);
          problems.push(...formatLayoutProblems(name, await findLayoutProblems(page)));
        };
        await submitSignInForm(page, server.url, language, { email, password });
        await page.waitForURL(/\/(console|admin)/);
        await page.goto(`${server.url}/admin/orders`);
        // The console counts the days of grace down, and opens the profile at two-step.
        await page.getByText(t('admin.twoStep.banner_other', { count: 7 })).waitFor();
        await look('banner');
        await page.getByRole('button', { name: button('admin.twoStep.enable') }).click();
        const profile = page.getByRole('dialog');
        await profile.getByRole('button', { name: button('users.twoStep.enable') }).click();
        const secretText = page.getByTestId('totp-secret');
        await secretText.waitFor();
        const secret = ((await secretText.textContent()) ?? '').replace(/\s/g, '');
        const enrol = page.getByRole('dialog', { name: t('users.twoStep.enrolTitle') });
        await enrol.getByLabel(t('users.twoStep.codeLabel')).fill(authenticatorCode(secret));
        await enrol.getByRole('button', { name: button('users.twoStep.confirm') }).click();
        const codeList = page.getByRole('list', { name: t('users.twoStep.recoveryTitle') });
        await codeList.waitFor();
        const recoveryCodes = await codeList.locator('code').allTextContents();
        expect(recoveryCodes).toHaveLength(10);
        await page.getByRole('button', { name: button('users.twoStep.saved') }).click();
        await page.getByRole('list', { name: t('users.twoStep.recoveryTitle') }).waitFor({
          state: 'detached',
        });
        await page.keyboard.press('Escape');
        await page.getByText(t('admin.twoStep.banner_other', { count: 7 })).waitFor({
          state: 'detached',
        });

        // Signed out and in again: the password, then a code (the next step: one is spent).
        await browser.context.clearCookies();
        await submitSignInForm(page, server.url, language, { email, password });
        await page.getByText(t('auth.secondFactor.subtitle')).waitFor();
        await page.getByLabel(t('auth.secondFactor.codeLabel')).fill(authenticatorCode(secret, 1));
        await page.getByRole('button', { name: button('auth.secondFactor.submit') }).click();
        await page.waitForURL(/\/(console|admin)/);

        // Eleven minutes later (the session's proof aged in the database), a refund.
        await database.query(
          `update sessions set stepped_up_at = now() - interval '11 minutes'
             where user_id = (select id from users where email = $1)`,
          [email],
        );
        await page.goto(`${server.url}/admin/orders`);
        const orderRow = page
          .locator('tr.ant-table-row, [data-row-card]')
          .filter({ hasText: order.orderNo });
        await orderRow.getByRole('button', { name: button('orders.detail') }).click();
        await page
          .locator('.ant-drawer')
          .getByRole('button', { name: button('adminOrders.refund.button') })
          .click();
        const refundDialog = page
          .getByRole('dialog')
          .filter({ hasText: t('adminOrders.refund.title') });
        await refundDialog
          .getByLabel(t('adminOrders.refund.reason'))
          .fill('line down, full refund');
        await refundDialog
          .getByRole('button', { name: button('adminOrders.refund.submit') })
          .click();
        const stepUp = page.getByRole('dialog').filter({ hasText: t('http.stepUp.title') });
        await stepUp.waitFor();
        // A recovery code (the next code of the app is a step away, and two are spent already).
        await stepUp.getByLabel(t('http.stepUp.codeLabel')).fill(recoveryCodes[0]!);
        await look('step-up');
        await stepUp.getByRole('button', { name: button('http.stepUp.confirm') }).click();
        await page
          .getByText(t('adminOrders.refund.done', { amount: `¥${order.total.toFixed(2)}` }))
          .waitFor();
        const refunded = await callEndpoint(server.url, getAdminOrder, {
          token: ownerToken,
          params: { id: order.id },
        });
        expect(refunded.status).toBe('refunded');
      } finally {
        await browser.close();
      }
      expect(problems).toEqual([]);
    },
  );
});
