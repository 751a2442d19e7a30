import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { listInstances } from '@stratus/contract';
import { callEndpoint, registerUser, topUp } from './support/api.ts';
import { chooseFromDropdown, saveScreenshot, waitForTableRows } from './support/browser.ts';
import { useJourney } from './support/journey.ts';

// Buy, list, export and renew static IPs from the demo catalog, through the real server.
describe('static IPs in Chromium', () => {
  const journey = useJourney('postgres');

  function listUserInstances(token: string) {
    return callEndpoint(journey.server.url, listInstances, { token });
  }

  it('buys 2 IPs, lists them, exports socks5 and renews one', async () => {
    const { page, context } = journey.browser;
    const { url } = journey.server;
    const user = await registerUser(url);
    await topUp(url, user.token, 500);
    await context.addCookies([{ name: 'token', value: user.token, url }]);

    await page.goto(`${url}/console/buyStaticIP`);
    await page.getByRole('button', { name: /东京/ }).first().click();
    await page.getByRole('spinbutton', { name: '数量' }).fill('2');
    await page.getByText(/× 2 =/).waitFor();
    await saveScreenshot(page, 'buy-static-ip-zh-CN');
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认支付' }).click();
    await page.getByText('购买成功').waitFor();
    await page.getByRole('button', { name: '查看 IP 列表' }).click();
    await page.waitForURL('**/console/ipList**');
    await waitForTableRows(page, 2);
    const bought = await listUserInstances(user.token);
    expect(bought.items).toHaveLength(2);
    for (const instance of bought.items)
      await page.getByText(instance.ip, { exact: false }).first().waitFor();
    await saveScreenshot(page, 'ip-list-zh-CN');

    const downloadStarted = page.waitForEvent('download');
    await chooseFromDropdown(page, page.getByRole('button', { name: /导出/ }), 'SOCKS5', {
      exact: true,
    });
    const download = await downloadStarted;
    const exported = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
    expect(exported).toHaveLength(2);
    for (const line of exported) {
      const proxy = new URL(line);
      const instance = bought.items.find((item) => item.username === proxy.username);
      expect(proxy.protocol).toBe('socks5:');
      expect(instance).toBeDefined();
      expect(decodeURIComponent(proxy.password)).toBe(instance!.password);
      expect(proxy.hostname).toBe(instance!.ip);
      expect(Number(proxy.port)).toBe(instance!.port);
    }

    const [first] = bought.items;
    const row = page.locator('tr.ant-table-row').filter({ hasText: first!.username });
    await row.getByRole('button', { name: '续费' }).click();
    const renewDialog = page.getByRole('dialog');
    await renewDialog.getByRole('button', { name: '确认续费' }).click();
    await page.getByText('续费成功').waitFor();
    const renewed = (await listUserInstances(user.token)).items.find(
      (item) => item.id === first!.id,
    );
    const addedDays =
      (Date.parse(renewed!.expiresAt) - Date.parse(first!.expiresAt)) / (24 * 3600 * 1000);
    expect(Math.round(addedDays)).toBe(30);

    await page.goto(`${url}/console/ipOrderList`);
    await waitForTableRows(page, 2);
    await saveScreenshot(page, 'ip-order-list-zh-CN');
  });

  it('shows the three pages in English', async () => {
    const { page } = journey.browser;
    const { url } = journey.server;
    await page.evaluate(() => localStorage.setItem('language', 'en-US'));

    await page.goto(`${url}/console/buyStaticIP`);
    await page.getByRole('button', { name: /Tokyo/ }).first().click();
    await page.getByText(/× 1 =/).waitFor();
    await saveScreenshot(page, 'buy-static-ip-en-US');

    await page.goto(`${url}/console/ipList`);
    await waitForTableRows(page, 2);
    await saveScreenshot(page, 'ip-list-en-US');

    await page.goto(`${url}/console/ipOrderList`);
    await waitForTableRows(page, 2);
    await saveScreenshot(page, 'ip-order-list-en-US');
  });
});
