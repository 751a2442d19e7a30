import {
  getAdminDashboard,
  listAuditLog,
  listCurrentAnnouncements,
  listInstances,
  listStaticIpCatalog,
} from '@stratus/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_NODE_NAME } from '../apps/server/src/demo/demo-catalog.ts';
import { callEndpoint, registerUser, topUp } from './support/api.ts';
import { PAGE_STATE_MS, saveScreenshot, waitForPageContent } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { browseAs, signIn, until, useProxyTarget } from './support/staff-console.ts';
import { wordsOf } from './support/words.ts';

const OWNER = { email: 'owner@stratus.example', password: 'head of house 1' };
const OPS = { email: 'ops@stratus.example', password: 'ops pass 12' };
const REGION = {
  country: 'DE',
  cityCode: 'frankfurt',
  countryNameZh: '德国',
  countryNameEn: 'Germany',
  cityNameZh: '法兰克福',
  cityNameEn: 'Frankfurt',
};
/** Ten loopback addresses the demo gateway can bind, apart from the demo's own. */
const NEW_ADDRESSES = Array.from({ length: 10 }, (_, index) => `127.0.60.${index + 1}`);

// The operator console's second part in Chromium, in each language, through the real server with
// the demo gateway beside it: ops adds a city, imports ten IPs there and puts a priced plan on sale;
// a customer buys there in the shop and the proxy works; ops quarantines an address (stock follows) and
// publishes an announcement the customer sees; the dashboard and the node page show it all. Every
// write is in the audit log, by ops.
describe.each(['zh-CN', 'en-US'] as const)('running the business in Chromium, %s', (language) => {
  const journey = useJourney('postgres', { gateway: true });
  const { t, button } = wordsOf(language);
  const proxy = useProxyTarget();
  const cityName = language === 'zh-CN' ? REGION.cityNameZh : REGION.cityNameEn;

  /** Picks `label` in the antd Select of the form field labelled `field` within `scope`. */
  async function choose(page: Page, scope: Locator, field: string, label: string | RegExp) {
    await scope.getByLabel(field, { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: label }).first().click();
  }

  it('adds a city with ten IPs and a plan, sells there, quarantines, announces', async () => {
    const { url } = journey.server;
    const gatewayPort = journey.server.gatewayPort!;
    expect(
      await journey.server.admin('create-operator', OWNER.email, '--password', OWNER.password),
    ).toContain('(owner)');
    expect(
      await journey.server.admin(
        'create-operator',
        OPS.email,
        '--role',
        'ops',
        '--password',
        OPS.password,
      ),
    ).toContain('(ops)');
    const opsToken = await signIn(url, OPS.email, OPS.password);

    // A new city on the regions page.
    let page = await browseAs(journey, opsToken, language);
    await page.goto(`${url}/admin/catalog/regions`);
    await page.getByRole('button', { name: button('adminCatalog.region.add') }).click();
    const regionDialog = page.getByRole('dialog');
    await regionDialog
      .getByLabel(t('adminCatalog.region.country'), { exact: true })
      .fill(REGION.country);
    await regionDialog
      .getByLabel(t('adminCatalog.region.cityCode'), { exact: true })
      .fill(REGION.cityCode);
    for (const field of ['countryNameZh', 'countryNameEn', 'cityNameZh', 'cityNameEn'] as const) {
      await regionDialog
        .getByLabel(t(`adminCatalog.region.${field}`), { exact: true })
        .fill(REGION[field]);
    }
    await regionDialog.getByRole('button', { name: button('adminCatalog.save') }).click();
    await page.locator('tr.ant-table-row').filter({ hasText: 'DE/frankfurt' }).waitFor();

    // Ten addresses on the demo gateway's node, previewed line by line, then imported.
    await page.goto(`${url}/admin/ips/import`);
    await choose(page, page.locator('form'), t('adminInventory.import.node'), DEMO_NODE_NAME);
    await page
      .getByLabel(t('adminInventory.import.ranges'), { exact: true })
      .fill(`${NEW_ADDRESSES[0]}-${NEW_ADDRESSES.length}`);
    await choose(page, page.locator('form'), t('adminInventory.import.region'), 'DE/frankfurt');
    await choose(
      page,
      page.locator('form'),
      t('adminInventory.import.lineType'),
      t('instances.lineType.datacenter'),
    );
    await page
      .getByLabel(t('adminInventory.import.port'), { exact: true })
      .fill(String(gatewayPort));
    await page.getByRole('button', { name: button('adminInventory.import.preview') }).click();
    const apply = page.getByRole('button', {
      name: button('adminInventory.import.apply', { count: NEW_ADDRESSES.length }),
    });
    await expect.poll(() => apply.isEnabled(), { timeout: PAGE_STATE_MS }).toBe(true);
    await saveScreenshot(page, `admin-ip-import-preview-${language}`);
    await apply.click();
    await page
      .getByText(t('adminInventory.import.done', { count: NEW_ADDRESSES.length }))
      .first()
      .waitFor();

    // A plan there with its prices, on sale at once.
    await page.goto(`${url}/admin/catalog/static-ip-plans`);
    await page.getByRole('button', { name: button('adminCatalog.plan.add') }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: t('adminCatalog.plan.createTitle') });
    await choose(page, drawer, t('adminCatalog.plan.region'), 'DE/frankfurt');
    await choose(page, drawer, t('adminCatalog.plan.lineType'), t('instances.lineType.datacenter'));
    for (const [days, yuan] of [
      [30, '21.50'],
      [90, '60'],
      [180, '115'],
      [365, '220'],
    ] as const) {
      await drawer
        .getByLabel(`${t('adminCatalog.plan.priceYuan')} ${days}`, { exact: true })
        .fill(yuan);
    }
    await saveScreenshot(page, `admin-plan-create-${language}`);
    await drawer.getByRole('button', { name: button('adminCatalog.save') }).click();
    await page.locator('tr.ant-table-row').filter({ hasText: 'DE/frankfurt' }).waitFor();
    await saveScreenshot(page, `admin-plans-${language}`);

    // A customer finds the city in the shop with all ten in stock, buys one, and it works.
    const customer = await registerUser(url);
    await topUp(url, customer.token, 100);
    const { items } = await callEndpoint(url, listStaticIpCatalog, {
      token: customer.token,
      headers: { 'accept-language': language },
    });
    const plan = items.find((item) => item.country === 'DE')!;
    expect(plan).toMatchObject({ city: cityName, lineType: 'datacenter', stock: 10 });
    expect(plan.prices).toEqual([
      { durationDays: 30, price: 21.5 },
      { durationDays: 90, price: 60 },
      { durationDays: 180, price: 115 },
      { durationDays: 365, price: 220 },
    ]);
    page = await browseAs(journey, customer.token, language);
    await page.goto(`${url}/console/buyStaticIP`);
    const card = page.getByRole('button', { name: new RegExp(cityName) }).first();
    await waitForPageContent(page, card);
    await card.click();
    await page.getByText(/× 1 =/).waitFor();
    await saveScreenshot(page, `admin-new-city-in-shop-${language}`);
    await page.getByRole('button', { name: button('instances.buy.submit') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: button('instances.buy.confirmOk') })
      .click();
    await page.getByText(t('instances.buy.successTitle')).waitFor();
    const { items: owned } = await callEndpoint(url, listInstances, {
      token: customer.token,
      headers: { 'accept-language': language },
    });
    expect(owned).toHaveLength(1);
    const instance = owned[0]!;
    expect(instance).toMatchObject({ country: 'DE', city: cityName, lineType: 'datacenter' });
    expect(NEW_ADDRESSES).toContain(instance.ip);
    expect(await until(() => proxy.works(instance), true)).toBe(true);

    // Ops quarantines an unsold address: it leaves the stock at once.
    const quarantined = NEW_ADDRESSES.find((address) => address !== instance.ip)!;
    page = await browseAs(journey, opsToken, language);
    await page.goto(`${url}/admin/ips?q=${quarantined}`);
    const ipRow = page.locator('tr.ant-table-row').filter({ hasText: quarantined });
    await ipRow.getByRole('button', { name: button('adminInventory.detail.open') }).click();
    await page.getByRole('button', { name: button('adminInventory.action.quarantine') }).click();
    const reasonDialog = page
      .getByRole('dialog')
      .filter({ hasText: t('adminInventory.change.title.quarantine') });
    await reasonDialog
      .getByLabel(t('adminInventory.change.reason'), { exact: true })
      .fill('上游黑名单 blacklisted');
    await reasonDialog
      .getByRole('button', { name: button('adminInventory.action.quarantine') })
      .click();
    await page
      .getByText(t('adminInventory.change.done.quarantine', { count: 1 }))
      .first()
      .waitFor();
    await page.getByRole('dialog').getByText('上游黑名单 blacklisted').first().waitFor();
    await saveScreenshot(page, `admin-ip-quarantined-${language}`);
    const after = await callEndpoint(url, listStaticIpCatalog, { token: customer.token });
    expect(after.items.find((item) => item.id === plan.id)?.stock).toBe(8);

    // An announcement for customers, in both languages.
    await page.goto(`${url}/admin/announcements`);
    await page.getByRole('button', { name: button('adminAnnouncements.new') }).click();
    const form = page.getByRole('dialog').filter({ hasText: t('adminAnnouncements.form.titleZh') });
    const title = { zh: '法兰克福节点上线', en: 'Frankfurt is open' };
    await form.getByLabel(t('adminAnnouncements.form.titleZh'), { exact: true }).fill(title.zh);
    await form
      .getByLabel(t('adminAnnouncements.form.bodyZh'), { exact: true })
      .fill('新增 10 个德国 IP。');
    await form.getByLabel(t('adminAnnouncements.form.titleEn'), { exact: true }).fill(title.en);
    await form
      .getByLabel(t('adminAnnouncements.form.bodyEn'), { exact: true })
      .fill('Ten new IPs in Germany.');
    await form.getByText(t('announcements.severity.warning'), { exact: true }).click();
    await form.getByRole('button', { name: button('adminAnnouncements.form.publish') }).click();
    await page.locator('tr.ant-table-row').filter({ hasText: title.zh }).waitFor();
    const shown = language === 'zh-CN' ? title.zh : title.en;
    const current = await callEndpoint(url, listCurrentAnnouncements, {
      token: customer.token,
      headers: { 'accept-language': language },
    });
    expect(current.items.map((item) => item.title)).toEqual([shown]);

    // The customer reads it on the overview and in the banner, and can dismiss the banner.
    page = await browseAs(journey, customer.token, language);
    await page.goto(`${url}/console/overview`);
    await page.getByTestId('announcements-card').getByText(shown).waitFor();
    const banner = page.getByTestId('announcement-banner');
    await banner.getByText(shown).waitFor();
    await saveScreenshot(page, `admin-announcement-on-overview-${language}`);
    await banner.getByRole('button', { name: t('announcements.dismiss') }).click();
    await expect.poll(() => banner.count()).toBe(0);

    // The dashboard: the new city with one sold, eight available; the node page with its charts.
    page = await browseAs(journey, opsToken, language);
    await page.goto(`${url}/admin`);
    const regionRow = page.locator('tr.ant-table-row').filter({ hasText: cityName });
    await waitForPageContent(page, regionRow);
    const dashboard = await callEndpoint(url, getAdminDashboard, { token: opsToken });
    expect(dashboard.money).toBeNull();
    expect(dashboard.staticIps.regions.find((region) => region.country === 'DE')).toMatchObject({
      sold: 1,
      available: 8,
      quarantined: 1,
    });
    await saveScreenshot(page, `admin-dashboard-${language}`);
    await page.goto(`${url}/admin/nodes`);
    await page.getByRole('link', { name: DEMO_NODE_NAME }).click();
    await page.getByText(t('adminNodes.state.online')).first().waitFor();
    await page.getByText(t('adminNodes.charts.connections')).first().waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    await saveScreenshot(page, `admin-node-${language}`);

    // Every write, by ops, in the audit log.
    const ownerToken = await signIn(url, OWNER.email, OWNER.password);
    const entries = await callEndpoint(url, listAuditLog, { token: ownerToken });
    const byOps = entries.items
      .filter((entry) => entry.actorEmail === OPS.email)
      .map((entry) => entry.action);
    expect(byOps).toEqual([
      'announcement.create',
      'ip.quarantine',
      'plan.create',
      'ip.import',
      'region.create',
    ]);
  });
});
