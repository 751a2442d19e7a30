import {
  addIpAllowlistEntry,
  completeSandboxPayment,
  createStaticIpOrder,
  createSubUser,
  createTopUp,
  createTrafficOrder,
  listStaticIpCatalog,
  listTrafficCatalog,
} from '@stratus/contract';
import { PROCESS_TEST_MS } from '@stratus/db/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUT_PATH,
  CUSTOMER_PAGE_PATHS,
  IP_LIST_PATH,
  IP_ORDER_LIST_PATH,
  PAY_SUCCESS_PATH,
  PORTAL_AUTH,
  PORTAL_HOME,
  RECEIPT_PATH,
  receiptPathOf,
} from '../apps/web/src/shared/paths.ts';
import { callEndpoint, registerUser, topUp, type RegisteredUser } from './support/api.ts';
import {
  launchBrowserProcess,
  saveScreenshot,
  TABLE_ROW,
  type BrowserProcess,
} from './support/browser.ts';
import { findLayoutProblems, formatLayoutProblems } from './support/layout-checks.ts';
import { openInApp, trackApiRequests, waitForPageSettled } from './support/settle.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { wordsOf, type Language } from './support/words.ts';

const screens = [
  { size: 'phone', viewport: { width: 390, height: 844 } },
  { size: 'laptop', viewport: { width: 1440, height: 900 } },
] as const;
const languages: Language[] = ['zh-CN', 'en-US'];
const passes = screens.flatMap((screen) => languages.map((language) => ({ ...screen, language })));

/** Pages a signed-out visitor sees; every other page is visited signed in. */
const signedOutPaths = new Set([PORTAL_HOME, PORTAL_AUTH]);

interface Customer extends RegisteredUser {
  /** A top-up still waiting to be paid: the checkout page shows it. */
  pendingPaymentId: string;
  /** A paid top-up: the pay-success page shows it. */
  paidPaymentId: string;
}

/** One customer with something on every page: IPs, a traffic package, payments, an allowlist. */
async function seedCustomer(url: string): Promise<Customer> {
  const user = await registerUser(url);
  const { token } = user;
  await topUp(url, token, 2000);
  const { items: plans } = await callEndpoint(url, listStaticIpCatalog, { token });
  const plan = plans.find((candidate) => candidate.stock >= 3);
  if (!plan) throw new Error('the demo catalogue has no plan with 3 IPs in stock');
  await callEndpoint(url, createStaticIpOrder, {
    token,
    body: { planId: plan.id, durationDays: plan.prices[0]!.durationDays, quantity: 3 },
  });
  const { items: trafficPlans } = await callEndpoint(url, listTrafficCatalog, { token });
  await callEndpoint(url, createTrafficOrder, {
    token,
    body: { planId: trafficPlans[0]!.id, quantity: 1 },
  });
  await callEndpoint(url, addIpAllowlistEntry, {
    token,
    body: { address: '203.0.113.7', note: 'office' },
  });
  await callEndpoint(url, createSubUser, { token, body: { name: 'team-a', capGb: 5 } });
  const paid = await callEndpoint(url, createTopUp, {
    token,
    body: { amount: 1234.56, channel: 'sandbox' },
  });
  await callEndpoint(url, completeSandboxPayment, { token, params: { paymentId: paid.paymentId } });
  const pending = await callEndpoint(url, createTopUp, {
    token,
    body: { amount: 88, channel: 'sandbox' },
  });
  return { ...user, pendingPaymentId: pending.paymentId, paidPaymentId: paid.paymentId };
}

/** The page's API requests under way, per page (set when a pass opens its browser). */
const apiRequests = new WeakMap<Page, () => number>();

/** Waits until the page has its data: no request under way and no spinner left. */
async function settle(page: Page) {
  await waitForPageSettled(page, apiRequests.get(page) ?? (() => 0));
}

/** An overlay opened from a page: a drawer, a modal or a menu. */
interface Overlay {
  name: string;
  path: string;
  open(page: Page, words: ReturnType<typeof wordsOf>): Promise<void>;
  /** Only where the layout has it (the menu drawer exists on narrow screens only). */
  phoneOnly?: boolean;
}

const openDialog = (page: Page) => page.getByRole('dialog').last().waitFor();
const openDropdown = (page: Page) =>
  page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last().waitFor();
/** The header's plain menus (shared/ui/menu-button.tsx): the trigger names the menu it opened. */
async function openMenuButton(trigger: Locator) {
  await trigger.click();
  const menuId = await trigger.getAttribute('aria-controls');
  await trigger.page().locator(`[id="${menuId}"][role="menu"]`).waitFor();
}
const firstRow = (page: Page) => page.locator(TABLE_ROW).first();

async function openAccountMenuItem(page: Page, label: string) {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: label }).click();
  await openDialog(page);
}

const overlays: Overlay[] = [
  {
    name: 'menu-drawer',
    path: IP_LIST_PATH,
    phoneOnly: true,
    async open(page, { t }) {
      await page.getByRole('button', { name: t('common.openMenu') }).click();
      await openDialog(page);
    },
  },
  {
    name: 'ip-detail',
    path: IP_LIST_PATH,
    async open(page, { button }) {
      await firstRow(page)
        .getByRole('button', { name: button('instances.list.detail') })
        .click();
      await openDialog(page);
    },
  },
  {
    name: 'renew',
    path: IP_LIST_PATH,
    async open(page, { button }) {
      await firstRow(page)
        .getByRole('button', { name: button('instances.list.renew') })
        .click();
      await openDialog(page);
    },
  },
  {
    name: 'subscription',
    path: IP_LIST_PATH,
    async open(page, { button }) {
      await page.getByRole('button', { name: button('instances.list.subscription') }).click();
      await openDialog(page);
    },
  },
  {
    name: 'export',
    path: IP_LIST_PATH,
    async open(page, { t }) {
      await page.getByRole('button', { name: new RegExp(t('instances.list.export')) }).click();
      await openDropdown(page);
    },
  },
  {
    name: 'order-detail',
    path: IP_ORDER_LIST_PATH,
    async open(page, { button }) {
      await firstRow(page)
        .getByRole('button', { name: button('orders.detail') })
        .click();
      await openDialog(page);
      await settle(page);
    },
  },
  {
    name: 'account-menu',
    path: IP_LIST_PATH,
    open: (page) => openMenuButton(page.getByTestId('account-menu')),
  },
  {
    name: 'language-menu',
    path: IP_LIST_PATH,
    async open(page, { t }) {
      const label = new RegExp(`^${t('common.language.label')}`);
      await openMenuButton(page.getByRole('button', { name: label }));
    },
  },
  {
    name: 'profile',
    path: IP_LIST_PATH,
    open: (page, { t }) => openAccountMenuItem(page, t('users.menu.profile')),
  },
  {
    name: 'change-password',
    path: IP_LIST_PATH,
    open: (page, { t }) => openAccountMenuItem(page, t('users.menu.password')),
  },
  {
    name: 'logout-confirm',
    path: IP_LIST_PATH,
    open: (page, { t }) => openAccountMenuItem(page, t('users.menu.logout')),
  },
];

// Every customer page and its main overlays on a phone and a laptop, in both languages: nothing
// scrolls the page sideways, every control can be reached and tapped, no amount stands in a
// column of single characters. The screenshots (e2e/screenshots/layout-*) are for a person.
// Each pass loads the app once signed out and once signed in and moves on through the router
// (`openInApp`), in a browser of its own (a context) of the file's one Chromium.
describe('customer pages on a phone and a laptop', () => {
  let server: RunningServer;
  let customer: Customer;
  let chromium: BrowserProcess;

  beforeAll(async () => {
    [server, chromium] = await Promise.all([startServer('postgres'), launchBrowserProcess()]);
    customer = await seedCustomer(server.url);
  }, PROCESS_TEST_MS);
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it.each(passes)(
    '$size $language: every page and overlay fits the window',
    async ({ size, viewport, language }) => {
      const words = wordsOf(language);
      const browser = await chromium.open({ viewport, locale: language });
      const problems: string[] = [];
      try {
        await browser.context.addInitScript((chosen) => {
          window.localStorage.setItem('language', chosen);
        }, language);
        const { page } = browser;
        apiRequests.set(page, trackApiRequests(page));
        const look = async (where: string) => {
          await saveScreenshot(page, `layout-${size}-${language}-${where}`);
          problems.push(
            ...formatLayoutProblems(`${size} ${language} ${where}`, await findLayoutProblems(page)),
          );
        };
        /** `load`: a fresh start of the app (the first page of a session); else the router's. */
        const visit = async (address: string, where: string, { load = false } = {}) => {
          if (load) await page.goto(`${server.url}${address}`);
          else await openInApp(page, address);
          await settle(page);
          await look(where);
        };
        const slug = (path: string) => path.replace(/^\//, '').replace(/[^\w-]+/g, '_');

        // Loaded each: signed out, every other page (the not-found page `openInApp` steps off to
        // too) sends the visitor to the portal's home (guard.tsx).
        for (const path of CUSTOMER_PAGE_PATHS.filter((path) => signedOutPaths.has(path)))
          await visit(path, slug(path), { load: true });

        await browser.context.addCookies([
          { name: 'token', value: customer.token, url: server.url },
        ]);
        const query: Record<string, string> = {
          [CHECKOUT_PATH]: `?paymentId=${customer.pendingPaymentId}`,
          [PAY_SUCCESS_PATH]: `?paymentId=${customer.paidPaymentId}`,
        };
        // A page about one record, at the address of the customer's paid top-up.
        const addresses: Record<string, string> = {
          [RECEIPT_PATH]: receiptPathOf('topup', customer.paidPaymentId),
        };
        // The session starts with the cookie: the app loads again for it.
        for (const [index, path] of CUSTOMER_PAGE_PATHS.filter(
          (path) => !signedOutPaths.has(path),
        ).entries())
          await visit(addresses[path] ?? `${path}${query[path] ?? ''}`, slug(path), {
            load: index === 0,
          });
        await visit(`${IP_LIST_PATH}?view=allowlist`, 'console_ipList-allowlist');
        await visit('/no-such-page', 'not-found', { load: true });

        for (const overlay of overlays) {
          if (overlay.phoneOnly && size !== 'phone') continue;
          // Via the not-found page: the overlay before closes with the layout it was open in.
          await openInApp(page, overlay.path);
          await settle(page);
          await overlay.open(page, words);
          await look(overlay.name);
        }
      } finally {
        await browser.close();
      }
      expect(problems).toEqual([]);
    },
    240_000,
  );
});
