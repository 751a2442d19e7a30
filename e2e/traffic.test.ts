import { randomUUID } from 'node:crypto';
import { getDynamicAccount, getMe, reportNodeUsage, type EndpointBody } from '@stratus/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callEndpoint, fetchEndpoint, registerUser, topUp } from './support/api.ts';
import {
  launchBrowser,
  PAGE_STATE_MS,
  saveScreenshot,
  waitForTableRows,
} from './support/browser.ts';
import { useJourney } from './support/journey.ts';

const GB = 1024 ** 3;
const hourLabel = /^\d{4}-\d{2}-\d{2} \d{2}:00$/;
const dayLabel = /^\d{4}-\d{2}-\d{2}$/;

// Buy a traffic plan, see its package, meter usage as a gateway node would, and watch the history
// chart and the package's progress show it, through the real server.
describe('traffic in Chromium', () => {
  const journey = useJourney('postgres');

  /** The history table's rows with usage in them (time, upload, download, total), once loaded. */
  async function usedRows(page: Page): Promise<string[][]> {
    await page.locator('.ant-table-wrapper .ant-spin-blur').waitFor({ state: 'detached' });
    const rows = await page
      .locator('.ant-table-tbody tr.ant-table-row')
      .evaluateAll((rows) =>
        rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent ?? '')),
      );
    return rows.filter((cells) => cells.at(-1) !== '0 B');
  }

  /** The usage chart's y axis: the units its ticks count in and the highest tick. */
  async function usageAxis(page: Page): Promise<{ units: string[]; highest: number }> {
    const ticks = await page
      .getByTestId('usage-chart')
      .getByTestId('usage-chart-y-axis')
      .locator('text')
      .allTextContents();
    return {
      units: [...new Set(ticks.map((tick) => tick.split(' ')[1]))].filter((unit) => unit != null),
      highest: Math.max(...ticks.map((tick) => Number.parseFloat(tick))),
    };
  }

  let user: { token: string; id: string };

  it('buys a plan, sees the package, and sees metered usage in the history and the progress', async () => {
    const { page, context } = journey.browser;
    const { url } = journey.server;
    const registered = await registerUser(url);
    await topUp(url, registered.token, 500);
    const me = await callEndpoint(url, getMe, { token: registered.token });
    user = { token: registered.token, id: me.id };
    await context.addCookies([{ name: 'token', value: user.token, url }]);

    await page.goto(`${url}/console/buyTrafficFlow`);
    await page.getByRole('button', { name: /^10\s*GB/ }).click();
    await page.getByText(/× 1 =/).waitFor();
    await saveScreenshot(page, 'buy-traffic-flow-zh-CN');
    await page.getByRole('button', { name: '立即购买' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: '确认支付' }).click();
    await page.getByText('购买成功').waitFor();
    await page.getByRole('button', { name: '查看流量包' }).click();
    await page.waitForURL('**/console/trafficFlowPackList');
    await waitForTableRows(page, 1);
    await page.getByText('已用 0 B / 10 GB').waitFor();

    // A gateway node reports 2.5 GB of this user's dynamic traffic, twice with one batchId.
    const nodeOutput = await journey.server.admin('add-node', 'e2e-node', '--host', '127.0.0.1');
    const nodeKey = /gnk_[\w-]+/.exec(nodeOutput)?.[0];
    expect(nodeKey).toBeDefined();
    // A node charges dynamic usage only with a dynamic pool, and only of dynamic accounts.
    await journey.server.admin(
      ...['import-ips', 'e2e-node', '--cidr', '10.99.0.0/30', '--port', '8000'],
      ...['--vmess-port', '10086', '--country', 'JP', '--country-zh', '日本'],
      ...['--country-en', 'Japan', '--city', 'tokyo', '--city-zh', '东京'],
      ...['--city-en', 'Tokyo', '--line', 'isp_residential'],
    );
    await callEndpoint(url, getDynamicAccount, { token: user.token });
    const batch: EndpointBody<typeof reportNodeUsage> = {
      batchId: randomUUID(),
      records: [
        {
          kind: 'dynamic',
          subject: user.id,
          bytesUp: 0.5 * GB,
          bytesDown: 2 * GB,
          at: new Date().toISOString(),
        },
      ],
    };
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const response = await fetchEndpoint(url, reportNodeUsage, { token: nodeKey, body: batch });
      expect(response.status).toBe(200);
    }

    await page.reload();
    await waitForTableRows(page, 1);
    await page.getByText('已用 2.5 GB / 10 GB').waitFor();
    const progress = page.locator('.ant-table-row .ant-progress').first();
    expect(await progress.getAttribute('aria-valuenow')).toBe('25');
    await saveScreenshot(page, 'traffic-flow-pack-list-zh-CN');

    await page.goto(`${url}/console/trafficFlowHistory`);
    await page.getByRole('img', { name: '流量使用趋势图' }).waitFor();
    // The table's total row and the summary both carry the metered bytes.
    await page.getByText('2.5 GB').first().waitFor();
    // The y axis counts in the largest bucket's unit and reaches its 2.5 GB (with no usage it
    // would count bytes), and the one hour with usage shows it in the table.
    await expect
      .poll(() => usageAxis(page), { timeout: PAGE_STATE_MS })
      .toMatchObject({ units: ['GB'] });
    expect((await usageAxis(page)).highest).toBeGreaterThanOrEqual(2.5);
    await expect
      .poll(() => usedRows(page), { timeout: PAGE_STATE_MS })
      .toEqual([[expect.stringMatching(hourLabel), '512 MB', '2 GB', '2.5 GB']]);
    await saveScreenshot(page, 'traffic-flow-history-zh-CN');

    // By day the same usage is one day's row.
    await page.getByText('按天', { exact: true }).click();
    await expect
      .poll(() => usedRows(page), { timeout: PAGE_STATE_MS })
      .toEqual([[expect.stringMatching(dayLabel), '512 MB', '2 GB', '2.5 GB']]);
    await expect
      .poll(() => usageAxis(page), { timeout: PAGE_STATE_MS })
      .toMatchObject({ units: ['GB'] });
    expect((await usageAxis(page)).highest).toBeGreaterThanOrEqual(2.5);

    await page.goto(`${url}/console/buyDynamicIP`);
    await page.getByText('7.5 GB').first().waitFor();
    await page.getByRole('button', { name: '生成' }).click();
    await page.getByText(/已生成 \d+ 条/).waitFor();
    await saveScreenshot(page, 'buy-dynamic-ip-zh-CN');

    await page.goto(`${url}/console/overview`);
    await page.getByText('7.5 GB').first().waitFor();
    await saveScreenshot(page, 'overview-zh-CN');
  });

  it('shows the traffic pages and the overview in English', async () => {
    const { page } = journey.browser;
    const { url } = journey.server;
    await page.evaluate(() => localStorage.setItem('language', 'en-US'));

    await page.goto(`${url}/console/buyTrafficFlow`);
    await page.getByRole('button', { name: /^10\s*GB/ }).click();
    await page.getByText(/× 1 =/).waitFor();
    await saveScreenshot(page, 'buy-traffic-flow-en-US');

    await page.goto(`${url}/console/trafficFlowPackList`);
    await waitForTableRows(page, 1);
    await page
      .getByText(/2\.5 GB/)
      .first()
      .waitFor();
    await saveScreenshot(page, 'traffic-flow-pack-list-en-US');

    await page.goto(`${url}/console/trafficFlowHistory`);
    await page.getByText('2.5 GB').first().waitFor();
    await saveScreenshot(page, 'traffic-flow-history-en-US');

    await page.goto(`${url}/console/buyDynamicIP`);
    await page.getByText('7.5 GB').first().waitFor();
    await saveScreenshot(page, 'buy-dynamic-ip-en-US');

    await page.goto(`${url}/console/overview`);
    await page.getByText('7.5 GB').first().waitFor();
    await saveScreenshot(page, 'overview-en-US');
  });

  it('offers a new account the console tour once, remembered on the account', async () => {
    const { url } = journey.server;
    const browser = await launchBrowser({ tour: true });
    try {
      const { page, context } = browser;
      const fresh = await registerUser(url);
      await context.addCookies([{ name: 'token', value: fresh.token, url }]);
      // Never offered over a purchase page: the shop stays free to click.
      await page.goto(`${url}/console/buyTrafficFlow`);
      await page.getByRole('button', { name: /^10\s*GB/ }).waitFor();
      await page.getByTestId('account-menu').getByText(fresh.email).waitFor();
      const offer = page.getByRole('complementary', { name: '第一次来？' });
      expect(await offer.count()).toBe(0);
      await page.goto(`${url}/console/overview`);
      await saveScreenshot(page, 'console-tour-offer-zh-CN');
      await offer.getByRole('button', { name: '开始导览' }).click();
      const tour = page.locator('.ant-tour');
      await tour.getByText('功能菜单').waitFor();
      await saveScreenshot(page, 'console-tour-zh-CN');
      for (let step = 0; step < 4; step += 1) {
        await tour.getByRole('button', { name: '下一步' }).click();
      }
      await tour.getByText('账户菜单').waitFor();
      const saved = page.waitForResponse(
        (response) =>
          response.request().method() === 'PATCH' && response.url().endsWith('/user/me'),
      );
      await tour.getByRole('button', { name: '结束导览' }).click();
      await tour.waitFor({ state: 'hidden' });
      expect((await saved).status()).toBe(200);

      // A new browser session: only the account can remember the finished tour now.
      await page.evaluate(() => window.sessionStorage.clear());
      await page.reload();
      await page.getByTestId('account-menu').getByText(fresh.email).waitFor();
      await page.goto(`${url}/console/buyTrafficFlow`);
      await page.getByRole('button', { name: /^10\s*GB/ }).waitFor();
      expect(await page.locator('.ant-tour').isVisible()).toBe(false);
    } finally {
      await browser.close();
    }
  });
});
