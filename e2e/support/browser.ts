import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX } from '@stratus/contract';
import {
  chromium,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { screenshotDir } from './paths.ts';

/** Debian's Chromium; never a downloaded browser. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps dialling out of this closed network.
const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  /** The page a journey drives; `renewPage` replaces it. */
  page: Page;
  /**
   * Replaces the page with a fresh one in the same context (cookies and storage stay). What the
   * old page still had under way ends with it: a request meeting a session cleared meanwhile,
   * the navigation to sign-in it causes, an action left waiting. Without this, a test's leftovers
   * click and navigate in the next test.
   */
  renewPage(): Promise<Page>;
  close(): Promise<void>;
}

/** How a browser of `launchBrowser` or `BrowserProcess.open` sees the app. */
export interface BrowserOptions {
  locale?: string;
  tour?: boolean;
  viewport?: { width: number; height: number };
  /** The browser's own time zone (IANA); by default the machine's. */
  timezoneId?: string;
}

/** The context's settings both ways of starting a browser give it. */
function contextOptions(options: BrowserOptions) {
  return {
    locale: options.locale ?? 'zh-CN',
    // The app then turns Ant Design's animations off, so clicks never meet a popup in motion.
    reducedMotion: 'reduce' as const,
    // A phone pass launches at its own size: the console picks its layout when it loads.
    viewport: options.viewport ?? { width: 1440, height: 900 },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  };
}

/** The first-visit tour off (see `launchBrowser`), a page to drive, and the Browser around them. */
async function browserOf(
  context: BrowserContext,
  options: BrowserOptions,
  end: () => Promise<void>,
): Promise<Browser> {
  if (!options.tour) {
    await context.addInitScript(() => window.sessionStorage.setItem('isFirst', '1'));
  }
  const browser: Browser = {
    context,
    page: context.pages()[0] ?? (await context.newPage()),
    async renewPage() {
      // The new page first: a persistent context may not outlive its last page.
      const previous = browser.page;
      browser.page = await context.newPage();
      await previous.close();
      return browser.page;
    },
    close: end,
  };
  return browser;
}

/**
 * `tour: true` keeps the console's first-visit tour; by default every page starts with the tour
 * marked seen for the browser session (the seed's `isFirst` flag), so journeys of new accounts are
 * not covered by it. The session flag rather than the account's `tourCompleted`: journeys create
 * accounts in many ways (API, sign-up form, operator), and the flag covers them all at once.
 */
export async function launchBrowser(options: BrowserOptions = {}): Promise<Browser> {
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    headless: true,
    args: chromiumFlags,
    ...contextOptions(options),
  });
  return browserOf(context, options, async () => {
    await context.close();
    await rm(profileDir, { recursive: true, force: true });
  });
}

/** One Chromium that opens browsers of their own: fresh contexts, nothing shared between them. */
export interface BrowserProcess {
  /** A browser as `launchBrowser` gives, as a new context of this Chromium. */
  open(options?: BrowserOptions): Promise<Browser>;
  close(): Promise<void>;
}

/**
 * Starts one Chromium for a file's passes (the layout sweeps open four browsers each): a context
 * starts in a fraction of the time Chromium does (5–7 s against 10–22 s at load ~27).
 */
export async function launchBrowserProcess(): Promise<BrowserProcess> {
  const chromiumProcess = await chromium.launch({
    executablePath,
    headless: true,
    args: chromiumFlags,
  });
  return {
    async open(options = {}) {
      const context = await chromiumProcess.newContext(contextOptions(options));
      return browserOf(context, options, () => context.close());
    },
    close: () => chromiumProcess.close(),
  };
}

/**
 * Saves a full-page PNG under e2e/screenshots/ for a person to look at (with `E2E_SCREENSHOTS=1`),
 * once no popup is still appearing. Even with motion off, Ant Design gives an opening popup a frame or two in its
 * "appear" phase at opacity 0; a picture taken then would miss it. Only the picture waits for
 * this: clicks rely on Playwright's own checks (visible, stable, receiving the pointer).
 */
export async function saveScreenshot(page: Page, name: string) {
  await page.waitForFunction(() => {
    const appearing = /^ant-[\w-]+-(appear|enter)(-(prepare|start|active))?$/;
    return !Array.from(document.querySelectorAll('[class*="-appear"], [class*="-enter"]')).some(
      (element) => Array.from(element.classList).some((name) => appearing.test(name)),
    );
  });
  // Pictures are for a person looking (`E2E_SCREENSHOTS=1`); a plain test run, CI's included,
  // skips writing them: the wait above still holds, so the test sees the same page either way.
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * Waits until a console page has loaded below its heading, e.g. before a screenshot: the layout
 * draws the heading at once, while the lazy page shows a spinner until its code arrives and its
 * tables show one until their data does (the page's spinner is plain and busy, a table's is Ant Design's). `known` is an element of the loaded page.
 */
export async function waitForPageContent(page: Page, known: Locator) {
  await known.waitFor();
  await page.waitForFunction(
    () => !document.querySelector('main .ant-spin-spinning, main [aria-busy="true"]'),
  );
}

/**
 * A row of a list: a table's row, or on a phone the card a list draws for it
 * (apps/web/src/shared/ui/row-cards.tsx).
 */
export const TABLE_ROW = '.ant-table-tbody tr.ant-table-row, [data-row-card]';

/**
 * Waits until the page's table (or, on a phone, its cards) shows exactly `rows` rows and no
 * loading veil, e.g. after a purchase or a reload: a state, with the budget every Playwright
 * wait has.
 */
export async function waitForTableRows(page: Page, rows: number) {
  await page.waitForFunction(
    ({ count, selector }) => document.querySelectorAll(selector).length === count,
    { count: rows, selector: TABLE_ROW },
  );
  // A refetch's loading veil lifts last.
  await page
    .locator('.ant-table-wrapper .ant-spin-blur, [data-row-cards] .ant-spin-blur')
    .waitFor({ state: 'detached' });
}

/** Budget of `expect.poll` on a page: Playwright's default timeout, which its own waits have. */
export const PAGE_STATE_MS = 30_000;

/**
 * Chooses an item of a click-triggered dropdown: an action (menuitem) or, in the language menu, a
 * value (menuitemradio). The trigger toggles the menu, so it is clicked only while the item is
 * not shown: a second click would close the menu again. The caller then waits for the sign of the
 * choice it expects.
 */
export async function chooseFromDropdown(
  page: Page,
  trigger: Locator,
  item: string,
  options: { exact?: boolean } = {},
) {
  const named = { name: item, exact: options.exact };
  const entry = page.getByRole('menuitem', named).or(page.getByRole('menuitemradio', named));
  if (!(await entry.isVisible())) await trigger.click();
  await entry.click();
}

/**
 * Follows the page's API requests from now on: `settled()` resolves once every one has had its
 * answer, `stop()` stops following. A journey that ends the session behind the page's back waits
 * for it first, so that no request the page sent earlier can meet the ended session.
 */
export function followApiRequests(page: Page) {
  const waiting = new Set<Request>();
  const onSettled: (() => void)[] = [];
  const started = (request: Request) => {
    if (new URL(request.url()).pathname.startsWith(`${API_PREFIX}/`)) waiting.add(request);
  };
  const answered = (request: Request) => {
    if (!waiting.delete(request) || waiting.size > 0) return;
    for (const resolve of onSettled.splice(0)) resolve();
  };
  page.on('request', started);
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  return {
    settled: () =>
      waiting.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => onSettled.push(resolve)),
    stop() {
      page.off('request', started);
      page.off('requestfinished', answered);
      page.off('requestfailed', answered);
    },
  };
}
