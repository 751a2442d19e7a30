import { getHealth } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { chooseFromDropdown, saveScreenshot, waitForPageContent } from './support/browser.ts';
import { fetchEndpoint, registerUser } from './support/api.ts';
import { useJourney } from './support/journey.ts';

// The shell journey on the embedded engine, exactly as `npm start` runs the product.
describe('console shell in Chromium (embedded database)', () => {
  const journey = useJourney('pglite');

  it('answers the health check over HTTP', async () => {
    const response = await fetchEndpoint(journey.server.url, getHealth);
    const body = (await response.json()) as { code: number; data: { database: string } };
    expect(response.status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.database).toBe('pglite');
  });

  it('sends / to the portal page', async () => {
    const { page } = journey.browser;
    await page.goto(`${journey.server.url}/`);
    await page.waitForURL('**/portal/home');
    expect(new URL(page.url()).pathname).toBe('/portal/home');
    await page.getByRole('heading', { name: '登录' }).waitFor();
    await saveScreenshot(page, 'portal-zh-CN');
  });

  it('redirects a console address without a token to the portal, keeping the address', async () => {
    const { page } = journey.browser;
    await page.goto(`${journey.server.url}/console/ipList?status=active`);
    await page.waitForURL('**/portal/home?redirect=*');
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/portal/home');
    expect(landed.searchParams.get('redirect')).toBe('/console/ipList?status=active');
  });

  it('opens the console shell with a token: menu, title, header, recent pages', async () => {
    const { page, context } = journey.browser;
    const user = await registerUser(journey.server.url);
    await context.addCookies([{ name: 'token', value: user.token, url: journey.server.url }]);

    await page.goto(`${journey.server.url}/console`);
    await page.waitForURL('**/console/overview');
    await page.getByRole('heading', { name: '首页概览' }).waitFor();
    await page.getByText(user.email).waitFor();
    // The header's balance (the overview's own balance card says the same).
    const headerBalance = page.getByTestId('header-balance');
    await headerBalance.getByText('账户余额').waitFor();
    await headerBalance.getByText('¥0.00').waitFor();

    const menu = page.getByRole('navigation', { name: '菜单' });
    await menu.getByRole('link', { name: 'IP列表' }).click();
    await page.waitForURL('**/console/ipList');
    await page.getByRole('heading', { name: 'IP列表' }).waitFor();
    const selected = menu.locator('[aria-current="page"]');
    await expect(selected.textContent()).resolves.toContain('IP列表');

    await menu.getByRole('link', { name: '账单流水' }).click();
    await page.waitForURL('**/console/businessFlow');
    await page.getByRole('heading', { name: '账单流水' }).waitFor();
    const recentBar = page.getByRole('navigation', { name: '最近访问' });
    await recentBar.locator('[aria-current="page"]', { hasText: '账单流水' }).waitFor();
    await expect(recentBar.getByRole('link').allTextContents()).resolves.toEqual([
      '账单流水',
      'IP列表',
      '首页概览',
    ]);
    const stored = await page.evaluate(() => localStorage.getItem('recentPages'));
    const storedPaths = (JSON.parse(stored ?? '[]') as { path: string }[]).map(
      (entry) => entry.path,
    );
    expect(storedPaths).toEqual(['/console/businessFlow', '/console/ipList', '/console/overview']);
    await waitForPageContent(page, page.getByText('暂无账单流水'));
    await saveScreenshot(page, 'console-zh-CN');
  });

  it('switches to English, and the choice survives a reload', async () => {
    const { page } = journey.browser;
    await page.goto(`${journey.server.url}/console/ipList`);
    await page.getByRole('heading', { name: 'IP列表' }).waitFor();
    await chooseFromDropdown(page, page.getByRole('button', { name: /中文/ }), 'English');
    await page.getByRole('heading', { name: 'IP list' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('language'))).resolves.toBe('en-US');

    await page.reload();
    await page.getByRole('heading', { name: 'IP list' }).waitFor();
    await page.getByText('Balance').waitFor();
    await waitForPageContent(page, page.getByText('You have no static IPs yet'));
    await saveScreenshot(page, 'console-en-US');

    // The console page is closed before the session is: it would meet the cleared session and
    // navigate to sign-in on its own, racing the navigation below.
    const portal = await journey.browser.renewPage();
    await journey.browser.context.clearCookies();
    await portal.goto(`${journey.server.url}/portal/home`);
    await portal.getByRole('heading', { name: 'Login' }).waitFor();
    await saveScreenshot(portal, 'portal-en-US');
    await portal.getByText('Sign up', { exact: true }).click();
    await portal.getByRole('heading', { name: 'Sign up' }).waitFor();
    await saveScreenshot(portal, 'portal-register-en-US');
  });
});
