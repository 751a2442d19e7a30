import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
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
  page: Page;
  close(): Promise<void>;
}

/**
 * `tour: true` keeps the console's first-visit tour; by default every page starts with the tour
 * marked seen (the seed's `isFirst` flag), so journeys of new accounts are not covered by it.
 */
export async function launchBrowser(
  options: { locale?: string; tour?: boolean } = {},
): Promise<Browser> {
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    headless: true,
    args: chromiumFlags,
    locale: options.locale ?? 'zh-CN',
    // The app then turns Ant Design's animations off, so clicks never meet a popup in motion.
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
  });
  if (!options.tour) {
    await context.addInitScript(() => window.sessionStorage.setItem('isFirst', '1'));
  }
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}

/** Saves a full-page PNG under e2e/screenshots/ for a person to look at. */
export async function saveScreenshot(page: Page, name: string) {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * Waits until a console page has loaded below its heading, e.g. before a screenshot: the layout
 * draws the heading at once, while the lazy page shows a spinner until its code arrives and its
 * tables show one until their data does. `known` is an element of the loaded page.
 */
export async function waitForPageContent(page: Page, known: Locator) {
  await known.waitFor();
  await page.waitForFunction(() => !document.querySelector('main .ant-spin-spinning'));
}

/**
 * Waits until no Ant Design enter/appear animation is running. A click computed while a dropdown
 * or modal is still scaling in can land outside its target and close the popup instead.
 */
export async function waitForMotion(page: Page) {
  await page.waitForFunction(() => {
    const moving = /^ant-[\w-]+-(appear|enter)(-(prepare|start|active))?$/;
    return !Array.from(document.querySelectorAll('[class*="-appear"], [class*="-enter"]')).some(
      (element) => Array.from(element.classList).some((name) => moving.test(name)),
    );
  });
}

/**
 * Opens a dropdown with its trigger and chooses an item once the menu has settled. With `until`,
 * it waits for that sign of the choice and tries again (as a person would) if none appears.
 */
export async function chooseFromDropdown(
  page: Page,
  trigger: Locator,
  item: string,
  options: { exact?: boolean; until?: Locator } = {},
) {
  const entry = page.getByRole('menuitem', { name: item, exact: options.exact });
  for (let attempt = 1; ; attempt += 1) {
    if (!(await entry.isVisible())) await trigger.click();
    await entry.waitFor();
    await waitForMotion(page);
    await entry.click();
    if (!options.until) return;
    try {
      await options.until.waitFor({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`Choosing "${item}" showed no effect; trying again (attempt ${attempt + 1})`);
    }
  }
}
