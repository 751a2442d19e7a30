import { execFile } from 'node:child_process';
import http from 'node:http';
import type net from 'node:net';
import { promisify } from 'node:util';
import {
  createStaticIpOrder,
  getAdminOrder,
  getWallet,
  listAuditLog,
  listStaticIpCatalog,
  login,
  type Instance,
} from '@stratus/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, fetchEndpoint, registerUser, topUp } from './support/api.ts';
import { PAGE_STATE_MS, saveScreenshot, waitForPageContent } from './support/browser.ts';
import { useJourney } from './support/journey.ts';

const run = promisify(execFile);
/** How long a change may take to reach the gateway (one credential poll, on two busy cores). */
const GATEWAY_STATE_MS = 60_000;
const OWNER = { email: 'owner@stratus.example', password: 'owner pass 1' };

// The operator console in Chromium, through the real server with the demo gateway beside it: an
// owner adds a finance and a support member; finance refunds an order (its IP goes back to the
// pool, the customer reads the refund in 账单流水) and adjusts a balance with a reason; support
// finds the customer by IP address and disables them (their proxy stops); the audit log shows
// every one of these writes. Then the same pages in English.
describe('the operator console in Chromium', () => {
  const journey = useJourney('postgres', { gateway: true });
  let target: http.Server;
  let targetUrl = '';

  beforeAll(async () => {
    target = http.createServer((request, response) => response.end('reached'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as net.AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => target?.close(resolve)));

  async function signIn(email: string, password: string): Promise<string> {
    const { token } = await callEndpoint(journey.server.url, login, { body: { email, password } });
    return token;
  }

  /** Makes the browser `token`'s user, starting from a fresh page. */
  async function browseAs(token: string, language: 'zh-CN' | 'en-US' = 'zh-CN'): Promise<Page> {
    const { context } = journey.browser;
    const { url } = journey.server;
    await context.clearCookies();
    await context.addCookies([{ name: 'token', value: token, url }]);
    const page = await journey.browser.renewPage();
    await page.goto(`${url}/portal/home`);
    await page.evaluate((value) => localStorage.setItem('language', value), language);
    return page;
  }

  /** Whether curl reaches the target through the instance's SOCKS5 proxy. */
  async function proxyWorks(instance: Instance): Promise<boolean> {
    const proxy = `socks5h://${instance.username}:${encodeURIComponent(instance.password)}@${instance.ip}:${instance.port}`;
    try {
      const { stdout } = await run('curl', ['-sS', '--max-time', '10', '-x', proxy, targetUrl]);
      return stdout === 'reached';
    } catch {
      return false;
    }
  }

  async function until(probe: () => Promise<boolean>, wanted: boolean): Promise<boolean> {
    const deadline = Date.now() + GATEWAY_STATE_MS;
    let value = await probe();
    while (value !== wanted && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      value = await probe();
    }
    return value;
  }

  it('runs staff, refunds, adjustments, disabling and the audit log', async () => {
    const { url } = journey.server;
    expect(journey.server.gatewayPort).toBeGreaterThan(0);

    // A customer with two static IPs bought in two orders.
    const customer = await registerUser(url);
    await topUp(url, customer.token, 500);
    const { items: plans } = await callEndpoint(url, listStaticIpCatalog, {
      token: customer.token,
    });
    const plan = plans.find((item) => item.stock >= 2)!;
    const buy = () =>
      callEndpoint(url, createStaticIpOrder, {
        token: customer.token,
        body: { planId: plan.id, durationDays: plan.prices[0]!.durationDays, quantity: 1 },
      });
    const refunded = await buy();
    const kept = await buy();
    const keptInstance = kept.instances[0]!;
    expect(await until(() => proxyWorks(keptInstance), true)).toBe(true);

    // The owner, made on the command line, adds a finance and a support member.
    expect(
      await journey.server.admin('create-operator', OWNER.email, '--password', OWNER.password),
    ).toContain('(owner)');
    const ownerToken = await signIn(OWNER.email, OWNER.password);
    let page = await browseAs(ownerToken);
    await page.goto(`${url}/admin/staff`);
    const passwords: Record<string, string> = {};
    for (const [email, role] of [
      ['finance@stratus.example', '财务'],
      ['support@stratus.example', '客服'],
    ] as const) {
      await page.getByRole('button', { name: '添加员工' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('邮箱').fill(email);
      await dialog.getByLabel('角色').click();
      await page.locator('.ant-select-item-option').filter({ hasText: role }).click();
      await dialog.getByRole('button', { name: /^添\s*加$/ }).click();
      passwords[email] = (await dialog.getByTestId('generated-password').textContent()) ?? '';
      if (email.startsWith('support')) await saveScreenshot(page, 'admin-staff-added-zh-CN');
      await dialog.getByRole('button', { name: /^完\s*成$/ }).click();
      await page.locator('tr.ant-table-row').filter({ hasText: email }).waitFor();
    }
    await saveScreenshot(page, 'admin-staff-zh-CN');

    // Finance refunds the first order in full: its IP is released, the money is back.
    const financeToken = await signIn(
      'finance@stratus.example',
      passwords['finance@stratus.example']!,
    );
    page = await browseAs(financeToken);
    await page.goto(`${url}/admin/orders`);
    const orderRow = page.locator('tr.ant-table-row').filter({ hasText: refunded.order.orderNo });
    await orderRow.getByRole('button', { name: /^详\s*情$/ }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByRole('button', { name: /^退\s*款$/ }).click();
    const refundDialog = page.getByRole('dialog').filter({ hasText: '退款到余额' });
    await refundDialog.getByLabel('退款原因').fill('线路不稳定，全额退款');
    await saveScreenshot(page, 'admin-refund-zh-CN');
    await refundDialog.getByRole('button', { name: '确认退款' }).click();
    await page.getByText(`已退款 ¥${refunded.order.total.toFixed(2)}`).waitFor();
    const afterRefund = await callEndpoint(url, getAdminOrder, {
      token: financeToken,
      params: { id: refunded.order.id },
    });
    expect(afterRefund.status).toBe('refunded');
    expect(afterRefund.instances.map((instance) => instance.status)).toEqual(['expired']);
    expect(await until(() => proxyWorks(refunded.instances[0]!), false)).toBe(false);

    // …and adjusts the customer's balance with a reason, on the customer's page.
    await page.goto(`${url}/admin/customers`);
    await page.getByPlaceholder('邮箱、姓名、ID、IP 或订单号').fill(customer.email);
    await page.getByPlaceholder('邮箱、姓名、ID、IP 或订单号').press('Enter');
    await page.locator('tr.ant-table-row').filter({ hasText: customer.email }).click();
    await page.getByRole('button', { name: '调整余额' }).click();
    const adjustDialog = page.getByRole('dialog');
    await adjustDialog.getByLabel('金额（元）').fill('12.5');
    await adjustDialog.getByLabel('原因').fill('线路中断补偿');
    await adjustDialog.getByRole('button', { name: /^提\s*交$/ }).click();
    await page.getByText(/余额已调整/).waitFor();
    await saveScreenshot(page, 'admin-customer-zh-CN');
    const wallet = await callEndpoint(url, getWallet, { token: customer.token });
    expect(wallet.wallet.balance).toBe(Math.round((500 - kept.order.total + 12.5) * 100) / 100);

    // The customer reads both in 账单流水, with the operators' reasons.
    page = await browseAs(customer.token);
    await page.goto(`${url}/console/businessFlow`);
    const refundRow = page.locator('tr.ant-table-row').filter({ hasText: '退款' });
    await expect
      .poll(() => refundRow.textContent(), { timeout: PAGE_STATE_MS })
      .toContain('线路不稳定，全额退款');
    await expect
      .poll(() => page.locator('tr.ant-table-row').filter({ hasText: '调整' }).textContent())
      .toContain('线路中断补偿');
    await saveScreenshot(page, 'admin-refund-seen-by-customer-zh-CN');

    // Support finds the customer by the IP address of the other order and disables them.
    const supportToken = await signIn(
      'support@stratus.example',
      passwords['support@stratus.example']!,
    );
    page = await browseAs(supportToken);
    await page.goto(`${url}/admin/customers`);
    const search = page.getByPlaceholder('邮箱、姓名、ID、IP 或订单号');
    await search.fill(keptInstance.ip);
    await search.press('Enter');
    const found = page.locator('tr.ant-table-row');
    await expect.poll(() => found.count()).toBe(1);
    await found.filter({ hasText: customer.email }).click();
    expect(await page.getByRole('button', { name: /调整余额/ }).count()).toBe(0);
    await page.getByRole('button', { name: /^停\s*用$/ }).click();
    const disableDialog = page.getByRole('dialog');
    await disableDialog.getByLabel('原因').fill('涉嫌滥用，暂停服务');
    await disableDialog.getByRole('button', { name: /^停\s*用$/ }).click();
    await page.getByText('客户已停用').waitFor();
    await saveScreenshot(page, 'admin-customer-disabled-zh-CN');
    expect((await fetchEndpoint(url, getWallet, { token: customer.token })).status).toBe(401);
    expect(await until(() => proxyWorks(keptInstance), false)).toBe(false);

    // The owner reads all of it in the audit log, newest first.
    page = await browseAs(ownerToken);
    await page.goto(`${url}/admin/audit-log`);
    const entries = await callEndpoint(url, listAuditLog, { token: ownerToken });
    expect(entries.items.map((entry) => entry.action)).toEqual([
      'customer.disable',
      'balance.adjust',
      'order.refund',
      'staff.create',
      'staff.create',
      'staff.create',
    ]);
    expect(entries.items[0]).toMatchObject({
      actorEmail: 'support@stratus.example',
      actorRole: 'support',
      reason: '涉嫌滥用，暂停服务',
    });
    for (const reason of ['涉嫌滥用，暂停服务', '线路中断补偿', '线路不稳定，全额退款']) {
      await page.getByText(reason).first().waitFor();
    }
    await saveScreenshot(page, 'admin-audit-log-zh-CN');
  });

  it('shows the same pages in English', async () => {
    const { url } = journey.server;
    const ownerToken = await signIn(OWNER.email, OWNER.password);
    const page = await browseAs(ownerToken, 'en-US');
    for (const [path, heading, name] of [
      ['/admin/staff', 'Staff', 'admin-staff-en-US'],
      ['/admin/customers', 'Customers', 'admin-customers-en-US'],
      ['/admin/orders', 'Orders & refunds', 'admin-orders-en-US'],
      ['/admin/payments', 'Payments', 'admin-payments-en-US'],
      ['/admin/audit-log', 'Audit log', 'admin-audit-log-en-US'],
    ] as const) {
      await page.goto(`${url}${path}`);
      await waitForPageContent(page, page.getByRole('heading', { name: heading, exact: true }));
      await page.locator('tr.ant-table-row').first().waitFor();
      await saveScreenshot(page, name);
    }
    await page.getByText('Disable customer').first().waitFor();
  });
});
