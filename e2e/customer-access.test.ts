import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser } from './support/api.ts';
import { launchBrowser, saveScreenshot, waitForPageContent } from './support/browser.ts';
import { useJourney } from './support/journey.ts';

/** The words each step looks for, per language. */
const words = {
  'zh-CN': {
    allowlistTab: '白名单',
    useMyAddress: '填入当前 IP',
    note: '备注',
    add: /添\s*加/,
    delete: /删\s*除/,
    empty: '白名单为空',
    newSubUser: /新建子账户/,
    name: '名称',
    cap: '流量上限',
    save: /保\s*存/,
    edit: /编\s*辑/,
    usage: '已用 0 B / 2 GB',
    scope: '范围',
  },
  'en-US': {
    allowlistTab: 'Allowlist',
    useMyAddress: 'Use my current IP',
    note: 'Note',
    add: 'Add',
    delete: 'Delete',
    empty: 'The allowlist is empty',
    newSubUser: /New sub-user/,
    name: 'Name',
    cap: 'Traffic cap',
    save: 'Save',
    edit: 'Edit',
    usage: '0 B of 2 GB used',
    scope: 'Scope',
  },
} as const;

// Allowlist an address, create and edit a capped sub-user, and narrow the traffic history to it,
// through the real server, in both languages; then the same pages at phone width.
describe('customer access in Chromium', () => {
  const journey = useJourney('postgres');

  async function signIn(page: Page, language: keyof typeof words) {
    const { url } = journey.server;
    const user = await registerUser(url);
    await journey.browser.context.addCookies([{ name: 'token', value: user.token, url }]);
    await page.goto(`${url}/console/overview`);
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  }

  it.each(['zh-CN', 'en-US'] as const)(
    'allowlists an address and manages sub-users in %s',
    async (language) => {
      const w = words[language];
      const page = await journey.browser.renewPage();
      const { url } = journey.server;
      await signIn(page, language);

      await page.goto(`${url}/console/ipList`);
      await page.getByRole('tab', { name: w.allowlistTab }).click();
      await page.waitForURL('**/console/ipList?view=allowlist');
      await page.getByTestId('allowlist-count').getByText('0 / 20').waitFor();
      await page.getByRole('button', { name: w.useMyAddress }).click();
      await page.getByRole('textbox', { name: w.note }).fill('office');
      await page.getByRole('button', { name: w.add, exact: true }).click();
      const row = page.locator('.ant-table-row', { hasText: '127.0.0.1/32' });
      await row.waitFor();
      await row.getByText('office').waitFor();
      await page.getByTestId('allowlist-count').getByText('1 / 20').waitFor();
      await saveScreenshot(page, `ip-allowlist-${language}`);
      await row.getByRole('button', { name: w.delete }).click();
      await page.getByRole('tooltip').getByRole('button', { name: w.delete }).click();
      await page.getByText(w.empty).waitFor();

      await page.goto(`${url}/console/buyDynamicIP`);
      await page.getByRole('button', { name: w.newSubUser }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: w.name }).fill('crawler');
      await dialog.getByRole('spinbutton', { name: w.cap }).fill('2');
      await dialog.getByRole('button', { name: w.save }).click();
      const subUser = page.locator('.ant-table-row', { hasText: 'crawler' });
      await subUser.getByText(w.usage).waitFor();
      expect(await subUser.locator('code').first().textContent()).toMatch(/^u[a-z0-9]{9}$/);

      await subUser.getByRole('button', { name: w.edit }).click();
      await dialog.getByRole('textbox', { name: w.name }).fill('crawler two');
      await dialog.getByRole('button', { name: w.save }).click();
      await page.locator('.ant-table-row', { hasText: 'crawler two' }).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await saveScreenshot(page, `sub-users-${language}`);

      await page.goto(`${url}/console/trafficFlowHistory`);
      await page.getByRole('combobox', { name: w.scope }).click();
      await page.getByTitle('crawler two').click();
      await page.getByTitle('crawler two').first().waitFor();
      await waitForPageContent(page, page.getByTestId('usage-chart'));
      await saveScreenshot(page, `traffic-history-scope-${language}`);
    },
  );

  // The console shell has no phone layout yet (its menu stays beside the page, not in a
  // drawer), so the page is narrow here: this pass shows the journeys still work at that width.
  it('works on a 390 px phone', async () => {
    const { url } = journey.server;
    const phone = await launchBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const { page, context } = phone;
      const user = await registerUser(url);
      await context.addCookies([{ name: 'token', value: user.token, url }]);
      await page.goto(`${url}/console/ipList?view=allowlist`);
      await page.getByTestId('allowlist-count').waitFor();
      await page.getByRole('button', { name: '填入当前 IP' }).click();
      await page.getByRole('button', { name: /添\s*加/, exact: true }).click();
      await page.locator('.ant-table-row', { hasText: '127.0.0.1/32' }).waitFor();
      await saveScreenshot(page, 'ip-allowlist-390');

      await page.goto(`${url}/console/buyDynamicIP`);
      await page.getByRole('button', { name: /新建子账户/ }).click();
      await page.getByRole('dialog').getByRole('textbox', { name: '名称' }).fill('phone');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /保\s*存/ })
        .click();
      await page.locator('.ant-table-row', { hasText: 'phone' }).waitFor();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await saveScreenshot(page, 'sub-users-390');

      await page.goto(`${url}/console/trafficFlowHistory`);
      await waitForPageContent(page, page.getByTestId('usage-chart'));
      await saveScreenshot(page, 'traffic-history-scope-390');
    } finally {
      await phone.close();
    }
  });
});
