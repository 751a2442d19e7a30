import {
  createAnnouncement,
  createStaticIpOrder,
  getAdminNode,
  listAdminCustomers,
  listAdminNodes,
  listStaticIpCatalog,
} from '@stratus/contract';
import { PROCESS_TEST_MS } from '@stratus/db/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NODE_NAME } from '../apps/server/src/demo/demo-catalog.ts';
import { adminPagePaths } from '../apps/web/src/app/admin/admin-page-paths.ts';
import { callEndpoint, registerUser, topUp } from './support/api.ts';
import { launchBrowserProcess, saveScreenshot, type BrowserProcess } from './support/browser.ts';
import { findLayoutProblems, formatLayoutProblems } from './support/layout-checks.ts';
import { openInApp, trackApiRequests, waitForPageSettled } from './support/settle.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signIn, until } from './support/staff-console.ts';
import { wordsOf, type Language } from './support/words.ts';

const OWNER = { email: 'owner@stratus.example', password: 'head of house 1' };
const SCREENS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;
/** Every page at one size in one language, with its pictures, on two busy cores. */
const PASS_MS = 300_000;

// The operator console on a phone and on a wide screen, in each language: an owner opens every
// page of the route table (so a new page cannot be forgotten) on a database with a customer, an
// order, a payment, the demo node with its IPs and an announcement, plus a drawer and a modal, and
// nothing on screen is out of reach, covered, wider than the window or broken letter by letter.
// Each pass loads the app once and moves on through the router (`openInApp`), in a browser of its
// own (a context) of the file's one Chromium.
describe('the operator console on every screen', () => {
  let server: RunningServer;
  let chromium: BrowserProcess;
  let ownerToken = '';
  /** Each page's address, its `:id` filled with a record of the data set up. */
  let pages: { path: string; address: string }[] = [];

  beforeAll(async () => {
    // With the demo gateway: its heartbeats give the node page its charts.
    [server, chromium] = await Promise.all([
      startServer('postgres', {}, { gateway: true }),
      launchBrowserProcess(),
    ]);
    const { url } = server;
    await server.admin('create-operator', OWNER.email, '--password', OWNER.password);
    ownerToken = await signIn(url, OWNER.email, OWNER.password);

    const customer = await registerUser(url);
    await topUp(url, customer.token, 200);
    const { items: plans } = await callEndpoint(url, listStaticIpCatalog, {
      token: customer.token,
    });
    const plan = plans.find((item) => item.stock > 0)!;
    await callEndpoint(url, createStaticIpOrder, {
      token: customer.token,
      body: { planId: plan.id, durationDays: plan.prices[0]!.durationDays, quantity: 1 },
    });
    await callEndpoint(url, createAnnouncement, {
      token: ownerToken,
      body: {
        titleZh: '法兰克福节点维护通知',
        titleEn: 'Maintenance of the Frankfurt node tonight',
        bodyZh: '今晚 23:00 至 23:30 维护。',
        bodyEn: 'From 23:00 to 23:30.',
        severity: 'warning',
        startsAt: new Date().toISOString(),
      },
    });
    const { items: customers } = await callEndpoint(url, listAdminCustomers, {
      token: ownerToken,
      query: { keyword: customer.email },
    });
    const { items: nodes } = await callEndpoint(url, listAdminNodes, { token: ownerToken });
    // The node page's charts need a heartbeat: the demo gateway sends one a poll after it starts.
    const node = nodes.find((item) => item.name === DEMO_NODE_NAME)!;
    const beating = async () =>
      (await callEndpoint(url, getAdminNode, { token: ownerToken, params: { id: node.id } }))
        .heartbeat !== null;
    expect(await until(beating, true)).toBe(true);
    const ids: Record<string, string> = {
      '/admin/customers/:id': customers[0]!.id,
      '/admin/nodes/:id': node.id,
    };
    pages = adminPagePaths.map((path) => {
      if (!path.includes(':')) return { path, address: path };
      const id = ids[path];
      if (!id) throw new Error(`no record to open ${path} with`);
      return { path, address: path.replace(':id', id) };
    });
  }, PROCESS_TEST_MS);
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  /** The page's API requests under way, per page (set when a pass opens its browser). */
  const apiRequests = new WeakMap<Page, () => number>();

  /**
   * Opens `path` and waits until its code and data have arrived. `load`: a fresh start of the app
   * (the first page of a pass); else through the router.
   */
  async function openPage(page: Page, path: string, { load = false } = {}) {
    if (load) await page.goto(`${server.url}${path}`);
    else await openInApp(page, path);
    await page.locator('main h4').waitFor();
    await waitForPageSettled(page, apiRequests.get(page) ?? (() => 0));
  }

  /** Pictures the page for a person to look at and answers what a check finds on it. */
  async function inspect(page: Page, name: string, language: Language, screen: string) {
    await saveScreenshot(page, `admin-layout-${name}-${screen}-${language}`);
    return formatLayoutProblems(`${name} (${screen}, ${language})`, await findLayoutProblems(page));
  }

  describe.each(['zh-CN', 'en-US'] as const)('in %s', (language) => {
    const { t, button } = wordsOf(language);

    it.each(Object.keys(SCREENS) as (keyof typeof SCREENS)[])(
      'fits every page, drawer and modal on a %s',
      async (screen) => {
        const browser = await chromium.open({ locale: language, viewport: SCREENS[screen] });
        const problems: string[] = [];
        try {
          await browser.context.addCookies([{ name: 'token', value: ownerToken, url: server.url }]);
          const { page } = browser;
          apiRequests.set(page, trackApiRequests(page));
          await page.goto(`${server.url}/portal/home`);
          await page.evaluate((value) => localStorage.setItem('language', value), language);

          for (const [index, { path, address }] of pages.entries()) {
            await openPage(page, address, { load: index === 0 });
            // Named by the route, `:id` and all: a page about one record is a page of its own.
            const name = path.replace(/^\/admin\/?/, '').replace(/[/:]+/g, '-') || 'home';
            problems.push(...(await inspect(page, name, language, screen)));
          }

          if (screen === 'phone') {
            await openPage(page, '/admin/orders');
            await page.getByRole('button', { name: t('admin.menu.open') }).click();
            const menu = page.getByRole('dialog').filter({ hasText: t('admin.backToConsole') });
            await menu.getByRole('menuitem', { name: button('adminStaff.title') }).waitFor();
            problems.push(...(await inspect(page, 'menu-drawer', language, screen)));
            await menu.getByRole('menuitem', { name: button('adminStaff.title') }).click();
            await page.waitForURL(/\/admin\/staff$/);
            await menu.waitFor({ state: 'hidden' });
          }

          await openPage(page, '/admin/orders');
          await page
            .locator('tr.ant-table-row')
            .first()
            .getByRole('button', { name: button('orders.detail') })
            .click();
          await page.getByRole('dialog').waitFor();
          await waitForPageSettled(page, apiRequests.get(page) ?? (() => 0));
          problems.push(...(await inspect(page, 'order-drawer', language, screen)));

          await openPage(page, '/admin/catalog/static-ip-plans');
          await page.getByRole('button', { name: button('adminCatalog.plan.add') }).click();
          await page.getByRole('dialog').getByText(t('adminCatalog.plan.createTitle')).waitFor();
          problems.push(...(await inspect(page, 'plan-drawer', language, screen)));

          await openPage(page, '/admin/staff');
          await page.getByRole('button', { name: button('adminStaff.add') }).click();
          await page.getByRole('dialog').getByLabel(t('adminStaff.form.email')).waitFor();
          problems.push(...(await inspect(page, 'staff-modal', language, screen)));
        } finally {
          await browser.close();
        }
        expect(problems).toEqual([]);
      },
      PASS_MS,
    );
  });
});
