import { getMe } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { chooseFromDropdown, saveScreenshot } from './support/browser.ts';
import { fetchEndpoint, registerUser } from './support/api.ts';
import { useJourney } from './support/journey.ts';

// The low-balance mark of the profile, in both languages on a laptop and a phone: set in yuan,
// kept by the account, turned off again by emptying it.
describe('the low-balance mark in Chromium', () => {
  const journey = useJourney('pglite');

  it('is set and turned off from the profile, in zh-CN and en-US', async () => {
    const { page } = journey.browser;
    const user = await registerUser(journey.server.url);
    await page.goto(`${journey.server.url}/portal/home`);
    await page.getByLabel('邮箱').fill(user.email);
    await page.getByLabel('密码', { exact: true }).fill(user.password);
    await page
      .getByRole('button', { name: '登 录', exact: true })
      .or(page.getByRole('button', { name: '登录', exact: true }))
      .click();
    await page.waitForURL('**/console/overview');
    const token = async () =>
      (await journey.browser.context.cookies(journey.server.url)).find((c) => c.name === 'token')
        ?.value;
    const threshold = async () =>
      (await fetchEndpoint(journey.server.url, getMe, { token: await token() })).data()
        .lowBalanceThreshold;

    for (const [language, menu, label, save, saved] of [
      ['zh-CN', '个人信息', '余额提醒', /保 ?存/, '余额提醒已保存'],
      ['en-US', 'Profile', 'Low balance', /Save/, 'Low-balance alert saved'],
    ] as const) {
      await page.evaluate((value) => localStorage.setItem('language', value), language);
      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        await page.reload();
        await page.getByTestId('account-menu').waitFor();
        await chooseFromDropdown(page, page.getByTestId('account-menu'), menu);
        const input = page.getByRole('spinbutton', { name: label });
        await input.fill(viewport.width > 1000 ? '50' : '80.5');
        await page.getByRole('dialog').getByRole('button', { name: save }).click();
        await page.getByText(saved).first().waitFor();
        await saveScreenshot(page, `profile-low-balance-${language}-${viewport.width}`);
        expect(await threshold()).toBe(viewport.width > 1000 ? 50 : 80.5);
        await page.locator('.ant-modal-close').click();
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
      }
    }
    await chooseFromDropdown(page, page.getByTestId('account-menu'), 'Profile');
    await page.getByRole('spinbutton', { name: 'Low balance' }).fill('');
    await page.getByRole('dialog').getByRole('button', { name: /Save/ }).click();
    await page.getByText('Low-balance alert turned off').first().waitFor();
    expect(await threshold()).toBeNull();
  });
});
