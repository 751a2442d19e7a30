import { readFile } from 'node:fs/promises';
import {
  createStaticIpOrder,
  listInstances,
  listStaticIpCatalog,
  type Instance,
} from '@stratus/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { callEndpoint, registerUser, topUp } from './support/api.ts';
import { chooseFromDropdown, saveScreenshot, waitForTableRows } from './support/browser.ts';
import { useJourney } from './support/journey.ts';

/** The words of each language the journey clicks, as the locale files have them. */
const words = {
  'zh-CN': {
    open: '订阅链接',
    copy: '复制订阅链接',
    rotate: '重置链接',
    rotated: '订阅链接已重置',
    export: /导出/,
    csv: 'CSV 表格',
    csvHeader: 'IP,端口,vmess 端口,协议,用户名,密码',
  },
  'en-US': {
    open: 'Subscription',
    copy: 'Copy subscription link',
    rotate: 'Rotate link',
    rotated: 'Subscription link rotated',
    export: /Export/,
    csv: 'CSV spreadsheet',
    csvHeader: 'IP,Port,vmess port,Protocols,Username,Password',
  },
} as const;

// The IP list's subscription link (QR, copy, a profile a client reads, rotation) and its exports,
// in both languages, against the real server.
describe('subscription and exports in Chromium', () => {
  const journey = useJourney('postgres');

  async function customerWithIps(count: number) {
    const { url } = journey.server;
    const user = await registerUser(url);
    await topUp(url, user.token, 500);
    const { items } = await callEndpoint(url, listStaticIpCatalog, { token: user.token });
    const plan = items.find((item) => item.stock >= count)!;
    await callEndpoint(url, createStaticIpOrder, {
      token: user.token,
      body: { planId: plan.id, durationDays: plan.prices[0]!.durationDays, quantity: count },
    });
    const bought = await callEndpoint(url, listInstances, { token: user.token });
    return { token: user.token, instances: bought.items };
  }

  async function download(page: Page, trigger: RegExp, item: string) {
    const started = page.waitForEvent('download');
    await chooseFromDropdown(page, page.getByRole('button', { name: trigger }), item, {
      exact: true,
    });
    const file = await started;
    return (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  }

  async function readUrl(page: Page) {
    const input = page.getByTestId('subscription-url');
    await expect.poll(() => input.inputValue()).toMatch(/\/api\/sub\/[\w-]{43}$/);
    return input.inputValue();
  }

  it.each(['zh-CN', 'en-US'] as const)(
    'shows, copies, serves and rotates the link, and exports two formats (%s)',
    async (language) => {
      const w = words[language];
      const { page, context } = journey.browser;
      const { url } = journey.server;
      const { token, instances } = await customerWithIps(2);
      await context.addCookies([{ name: 'token', value: token, url }]);
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${url}/console/ipList`);
      await waitForTableRows(page, 2);

      await page.getByRole('button', { name: w.open }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('.ant-qrcode canvas').waitFor();
      const subscriptionUrl = await readUrl(page);
      expect(subscriptionUrl.startsWith(`${url}/api/sub/`)).toBe(true);
      const copy = dialog.getByRole('button', { name: w.copy });
      await copy.click();
      await expect.poll(() => copy.getAttribute('data-copied')).toBe('true');
      await saveScreenshot(page, `subscription-modal-${language}`);

      // The URL answers a profile a client reads, naming both IPs.
      const profile = await fetch(subscriptionUrl, { headers: { 'user-agent': 'clash-verge/v2' } });
      expect(profile.status).toBe(200);
      const yaml = parseYaml(await profile.text());
      const servers = new Set(yaml.proxies.map((proxy: { server: string }) => proxy.server));
      expect([...servers].sort()).toEqual(instances.map((item: Instance) => item.ip).sort());

      await dialog.getByRole('button', { name: w.rotate }).click();
      // The confirmation's OK (antd spaces two-character Chinese labels: 确 定).
      await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
      await page.getByText(w.rotated).waitFor();
      const rotatedUrl = await readUrl(page);
      expect(rotatedUrl).not.toBe(subscriptionUrl);
      expect((await fetch(subscriptionUrl)).status).toBe(404);
      expect((await fetch(rotatedUrl)).status).toBe(200);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // Two formats of the export, every IP in each.
      const colon = (await download(page, w.export, 'ip:port:user:pass')).trim().split('\n');
      expect(colon.sort()).toEqual(
        instances.map((item) => `${item.ip}:${item.port}:${item.username}:${item.password}`).sort(),
      );
      const csv = (await download(page, w.export, w.csv)).trimEnd().split('\r\n');
      expect(csv[0]!.startsWith(w.csvHeader)).toBe(true);
      expect(csv).toHaveLength(3);
      for (const item of instances)
        expect(csv.some((row) => row.startsWith(`${item.ip},`))).toBe(true);
      await saveScreenshot(page, `ip-list-export-${language}`);

      // The phone width: the toolbar wraps and the modal still shows the URL and the QR code.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await waitForTableRows(page, 2);
      await page.getByRole('button', { name: w.open }).click();
      await page.getByRole('dialog').locator('.ant-qrcode canvas').waitFor();
      await readUrl(page);
      await saveScreenshot(page, `subscription-modal-${language}-390`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.setViewportSize({ width: 1440, height: 900 });
    },
  );
});
