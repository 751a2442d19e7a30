import { randomUUID } from 'node:crypto';
import { getMe, logout } from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseFromDropdown, followApiRequests, saveScreenshot } from './support/browser.ts';
import { fetchEndpoint, registerUser } from './support/api.ts';
import { useJourney } from './support/journey.ts';

// Account journeys against PostgreSQL, through the real server process and the built web app.
describe('accounts in Chromium', () => {
  const journey = useJourney('postgres');

  beforeEach(async () => {
    // The last test's page is closed before its session is: a console page that outlived it
    // would meet the cleared session and navigate to sign-in in the middle of this test.
    const page = await journey.browser.renewPage();
    await journey.browser.context.clearCookies();
    await page.goto(`${journey.server.url}/portal/home`);
    await page.evaluate(() => localStorage.clear());
  });

  const tokenCookie = async () =>
    (await journey.browser.context.cookies(journey.server.url)).find(
      (cookie) => cookie.name === 'token',
    );

  async function signIn(email: string, password: string) {
    const { page } = journey.browser;
    await page.getByLabel('邮箱').fill(email);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page
      // Exact: the passkey button's name (使用通行密钥登录) holds 登录 too.
      .getByRole('button', { name: '登 录', exact: true })
      .or(page.getByRole('button', { name: '登录', exact: true }))
      .click();
  }

  it('signs up and lands on the overview with the email in the header', async () => {
    const { page } = journey.browser;
    const email = `new-${randomUUID().slice(0, 8)}@example.com`;
    await page.getByText('立即注册').click();
    await page.getByRole('heading', { name: '注册' }).waitFor();
    await page.getByLabel('邮箱').fill(email);
    await page.getByLabel('密码', { exact: true }).fill('12345678');
    await page.getByLabel('确认密码').fill('12345678');
    await page.getByRole('button', { name: '注册并登录' }).click();
    await page.getByText('密码不能全为数字').waitFor();
    await saveScreenshot(page, 'portal-register-zh-CN');

    await page.getByLabel('密码', { exact: true }).fill('a-strong-password-1');
    await page.getByLabel('确认密码').fill('a-strong-password-1');
    await page.getByRole('button', { name: '注册并登录' }).click();
    await page.waitForURL('**/console/overview');
    await page.getByTestId('account-menu').getByText(email).waitFor();
    const cookie = await tokenCookie();
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('shows a wrong password inline and signs out through the confirmation', async () => {
    const { page } = journey.browser;
    const user = await registerUser(journey.server.url);
    await signIn(user.email, 'not-the-password');
    await page.getByRole('alert').getByText('邮箱或密码错误').waitFor();
    expect(await tokenCookie()).toBeUndefined();

    await signIn(user.email, user.password);
    await page.waitForURL('**/console/overview');
    const session = await tokenCookie();
    expect(session?.value).toBeTruthy();
    await chooseFromDropdown(page, page.getByTestId('account-menu'), '退出登录');
    await page.getByText('确认退出登录？').filter({ visible: true }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL('**/portal/home?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/console/overview');
    expect(await tokenCookie()).toBeUndefined();

    // The session is revoked on the server too, not just forgotten by the journey.browser.
    const response = await fetchEndpoint(journey.server.url, getMe, { token: session?.value });
    expect(response.status).toBe(401);
  });

  it('returns to the console address asked for before signing in', async () => {
    const { page } = journey.browser;
    const user = await registerUser(journey.server.url);
    await page.goto(`${journey.server.url}/console/businessFlow`);
    await page.waitForURL('**/portal/home?redirect=*');
    await signIn(user.email, user.password);
    await page.waitForURL('**/console/businessFlow');
    await page.getByRole('heading', { name: '账单流水' }).waitFor();
  });

  it('signs out with the redirect parameter when the API answers 401 mid-session', async () => {
    const { page } = journey.browser;
    const requests = followApiRequests(page);
    try {
      const user = await registerUser(journey.server.url);
      await signIn(user.email, user.password);
      await page.waitForURL('**/console/overview');
      await page
        .getByRole('navigation', { name: '菜单' })
        .getByRole('link', { name: 'IP列表' })
        .click();
      await page.waitForURL('**/console/ipList');
      await page.getByText('还没有静态IP').waitFor();
      // The profile opens (it loads the notification settings) and the name is typed while the
      // session still lives. Once every request the page and the profile sent is answered, the
      // name saved below is the one request to meet the ended session. Were a late page request
      // to meet it first, the page would leave while the steps below still wait for elements.
      await chooseFromDropdown(page, page.getByTestId('account-menu'), '个人信息');
      await page.getByRole('button', { name: '编辑名称' }).click();
      await page.getByRole('textbox', { name: '名称' }).fill('Mallory');
      await requests.settled();
    } finally {
      requests.stop();
    }

    const session = await tokenCookie();
    await fetchEndpoint(journey.server.url, logout, { token: session?.value });

    const signedOut = page.waitForURL('**/portal/home?redirect=*');
    await page.getByRole('textbox', { name: '名称' }).press('Enter');
    await signedOut;
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/console/ipList');
    expect(await tokenCookie()).toBeUndefined();
  });

  it('keeps the chosen language across a reload and shows the profile modal', async () => {
    const { page } = journey.browser;
    const user = await registerUser(journey.server.url);
    await signIn(user.email, user.password);
    await page.waitForURL('**/console/overview');
    await page.getByTestId('account-menu').getByText(user.email).waitFor();
    await openProfile('个人信息', user.email);
    await saveScreenshot(page, 'profile-modal-zh-CN');
    await page.locator('.ant-modal-close').click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await chooseFromDropdown(page, page.getByRole('button', { name: /中文/ }), 'English');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('language'))).resolves.toBe('en-US');

    await openProfile('Profile', user.email);
    await saveScreenshot(page, 'profile-modal-en-US');
  });

  async function openProfile(menuLabel: string, email: string) {
    const { page } = journey.browser;
    await chooseFromDropdown(page, page.getByTestId('account-menu'), menuLabel);
    const dialog = page.getByRole('dialog');
    await dialog.getByText(email).first().waitFor();
    await dialog.getByText('curl').first().waitFor();
  }
});
