import {
  createStaticIpOrder,
  getAdminOrder,
  getWallet,
  listAuditLog,
  listStaticIpCatalog,
  type Instance,
} from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { callEndpoint, fetchEndpoint, registerUser, topUp } from './support/api.ts';
import { PAGE_STATE_MS, saveScreenshot, waitForPageContent } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import {
  browseAs as browseAsUser,
  signIn as signInAs,
  until,
  useProxyTarget,
} from './support/staff-console.ts';
import { wordsOf } from './support/words.ts';

const OWNER = { email: 'owner@stratus.example', password: 'head of house 1' };

// The operator console in Chromium, in each language, through the real server with the demo
// gateway beside it: an owner adds a finance and a support member; finance refunds an order (its
// IP goes back to the pool, the customer reads the refund in 账单流水) and adjusts a balance with a
// reason; support finds the customer by IP address and disables them (their proxy stops); the
// audit log shows every one of these writes.
describe.each(['zh-CN', 'en-US'] as const)('the operator console in Chromium, %s', (language) => {
  const journey = useJourney('postgres', { gateway: true });
  const { t, button } = wordsOf(language);
  const proxy = useProxyTarget();
  const signIn = (email: string, password: string) => signInAs(journey.server.url, email, password);
  const browseAs = (token: string) => browseAsUser(journey, token, language);
  const proxyWorks = (instance: Instance) => proxy.works(instance);

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
      ['finance@stratus.example', t('users.role.finance')],
      ['support@stratus.example', t('users.role.support')],
    ] as const) {
      await page.getByRole('button', { name: button('adminStaff.add') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t('adminStaff.form.email')).fill(email);
      await dialog.getByLabel(t('adminStaff.form.role')).click();
      await page.locator('.ant-select-item-option').filter({ hasText: role }).click();
      await dialog.getByRole('button', { name: button('adminStaff.form.submit') }).click();
      passwords[email] = (await dialog.getByTestId('generated-password').textContent()) ?? '';
      if (email.startsWith('support')) await saveScreenshot(page, `admin-staff-added-${language}`);
      await dialog.getByRole('button', { name: button('adminStaff.form.done') }).click();
      await page.locator('tr.ant-table-row').filter({ hasText: email }).waitFor();
    }
    await saveScreenshot(page, `admin-staff-${language}`);

    // Finance refunds the first order in full: its IP is released, the money is back.
    const financeToken = await signIn(
      'finance@stratus.example',
      passwords['finance@stratus.example']!,
    );
    page = await browseAs(financeToken);
    await page.goto(`${url}/admin/orders`);
    const orderRow = page.locator('tr.ant-table-row').filter({ hasText: refunded.order.orderNo });
    await orderRow.getByRole('button', { name: button('orders.detail') }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByRole('button', { name: button('adminOrders.refund.button') }).click();
    const refundDialog = page
      .getByRole('dialog')
      .filter({ hasText: t('adminOrders.refund.title') });
    await refundDialog.getByLabel(t('adminOrders.refund.reason')).fill('线路不稳定，全额退款');
    await saveScreenshot(page, `admin-refund-${language}`);
    await refundDialog.getByRole('button', { name: button('adminOrders.refund.submit') }).click();
    await page
      .getByText(t('adminOrders.refund.done', { amount: `¥${refunded.order.total.toFixed(2)}` }))
      .waitFor();
    const afterRefund = await callEndpoint(url, getAdminOrder, {
      token: financeToken,
      params: { id: refunded.order.id },
    });
    expect(afterRefund.status).toBe('refunded');
    expect(afterRefund.instances.map((instance) => instance.status)).toEqual(['expired']);
    expect(await until(() => proxyWorks(refunded.instances[0]!), false)).toBe(false);

    // …and adjusts the customer's balance with a reason, on the customer's page.
    await page.goto(`${url}/admin/customers`);
    const searchBox = page.getByPlaceholder(t('adminCustomers.search.placeholder'));
    await searchBox.fill(customer.email);
    await searchBox.press('Enter');
    await page.locator('tr.ant-table-row').filter({ hasText: customer.email }).click();
    await page.getByRole('button', { name: button('adminCustomers.action.adjust') }).click();
    const adjustDialog = page.getByRole('dialog');
    await adjustDialog.getByLabel(t('adminCustomers.adjust.amount')).fill('12.5');
    await adjustDialog.getByLabel(t('adminCustomers.reason.label')).fill('线路中断补偿');
    await adjustDialog
      .getByRole('button', { name: button('adminCustomers.adjust.submit') })
      .click();
    await page.getByText(t('adminCustomers.adjust.applied', { balance: '' }).trim()).waitFor();
    await saveScreenshot(page, `admin-customer-${language}`);
    const wallet = await callEndpoint(url, getWallet, { token: customer.token });
    expect(wallet.wallet.balance).toBe(Math.round((500 - kept.order.total + 12.5) * 100) / 100);

    // The customer reads both in 账单流水, with the operators' reasons.
    page = await browseAs(customer.token);
    await page.goto(`${url}/console/businessFlow`);
    const refundRow = page
      .locator('tr.ant-table-row')
      .filter({ hasText: t('wallet.flow.type.refund') });
    await expect
      .poll(() => refundRow.textContent(), { timeout: PAGE_STATE_MS })
      .toContain('线路不稳定，全额退款');
    await expect
      .poll(() =>
        page
          .locator('tr.ant-table-row')
          .filter({ hasText: t('wallet.flow.type.adjustment') })
          .textContent(),
      )
      .toContain('线路中断补偿');
    await saveScreenshot(page, `admin-refund-seen-by-customer-${language}`);

    // Support finds the customer by the IP address of the other order and disables them.
    const supportToken = await signIn(
      'support@stratus.example',
      passwords['support@stratus.example']!,
    );
    page = await browseAs(supportToken);
    await page.goto(`${url}/admin/customers`);
    const search = page.getByPlaceholder(t('adminCustomers.search.placeholder'));
    await search.fill(keptInstance.ip);
    await search.press('Enter');
    const found = page.locator('tr.ant-table-row');
    await expect.poll(() => found.count()).toBe(1);
    await found.filter({ hasText: customer.email }).click();
    expect(
      await page.getByRole('button', { name: button('adminCustomers.action.adjust') }).count(),
    ).toBe(0);
    await page.getByRole('button', { name: button('adminCustomers.action.disable') }).click();
    const disableDialog = page.getByRole('dialog');
    await disableDialog.getByLabel(t('adminCustomers.reason.label')).fill('涉嫌滥用，暂停服务');
    await disableDialog
      .getByRole('button', { name: button('adminCustomers.action.disable') })
      .click();
    await page.getByText(t('adminCustomers.disable.done')).waitFor();
    await saveScreenshot(page, `admin-customer-disabled-${language}`);
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
    await saveScreenshot(page, `admin-audit-log-${language}`);
  });

  it('shows every page of the console', async () => {
    const { url } = journey.server;
    const ownerToken = await signIn(OWNER.email, OWNER.password);
    const page = await browseAs(ownerToken);
    for (const [path, heading, name] of [
      ['/admin/customers', t('adminCustomers.nav.customers'), 'admin-customers'],
      ['/admin/orders', t('adminOrders.title'), 'admin-orders'],
      ['/admin/payments', t('adminPayments.nav.payments'), 'admin-payments'],
      ['/admin/adjustments', t('adminCustomers.nav.adjustments'), 'admin-adjustments'],
    ] as const) {
      await page.goto(`${url}${path}`);
      await waitForPageContent(page, page.getByRole('heading', { name: heading, exact: true }));
      await page.locator('tr.ant-table-row').first().waitFor();
      await saveScreenshot(page, `${name}-${language}`);
    }
  });
});
