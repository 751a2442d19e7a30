import { API_PREFIX } from '@stratus/contract';
import type { Page } from 'playwright-core';

/** How long the page must stay quiet to count as settled: a little over a few frames. */
const QUIET_MS = 150;
/** The budget every Playwright wait has. */
const SETTLE_BUDGET_MS = 30_000;

/**
 * Counts the page's API requests under way, from now on. `waitForPageSettled` reads it: unlike
 * Playwright's `networkidle` (half a second without any request, each time), it knows which
 * requests matter, so a sweep over many pages waits only as long as their data takes.
 */
export function trackApiRequests(page: Page): () => number {
  const open = new Set<unknown>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(`${API_PREFIX}/`)) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/**
 * Waits until the page has its code and data: no API request under way, no spinner, skeleton or
 * busy element (a lazy page's fallback, a table loading), and both stay so for `QUIET_MS` (a
 * query a render starts shows up within that).
 */
export async function waitForPageSettled(page: Page, apiRequestsOpen: () => number) {
  const deadline = Date.now() + SETTLE_BUDGET_MS;
  let quietSince: number | null = null;
  for (;;) {
    const loading =
      apiRequestsOpen() > 0 ||
      (await page.evaluate(
        () =>
          // Ant Design's spinner and skeleton, or anything marked busy (the router's plain
          // fallback while a page's code loads, before Ant Design has).
          document.querySelector('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]') !==
          null,
      ));
    const now = Date.now();
    if (loading) quietSince = null;
    else if (quietSince === null) quietSince = now;
    else if (now - quietSince >= QUIET_MS) return;
    if (now > deadline) throw new Error(`the page at ${page.url()} kept loading`);
    await page.waitForTimeout(25);
  }
}

/** The not-found page: a route outside every layout, where `openInApp` steps off between pages. */
const AWAY_PATH = '/no-such-page';
const awayMarker = '.ant-result-404';

/**
 * Opens `address` as the app's own links do, through the router's history, without loading the
 * app again: a sweep over thirty pages spent most of its time loading, parsing and starting the
 * app's scripts anew for each (`page.goto`). It steps off to the not-found page first, so the
 * page before unmounts with its layout (and any drawer, modal or menu open in them), and so the
 * new page is known to stand in its place: the router keeps the old page on screen while the new
 * one's code loads, where a wait for "nothing loading" would pass on the old page. Then wait for
 * the page's data (`waitForPageSettled`).
 */
export async function openInApp(page: Page, address: string) {
  await pushHistory(page, AWAY_PATH);
  await page.locator(awayMarker).waitFor();
  await pushHistory(page, address);
  await page.locator(awayMarker).waitFor({ state: 'detached' });
}

/** A history entry as the router writes it, then the event with which it follows Back/Forward. */
async function pushHistory(page: Page, address: string) {
  await page.evaluate((to) => {
    const { idx } = (window.history.state ?? {}) as { idx?: number };
    const key = Math.random().toString(36).slice(2, 10);
    window.history.pushState({ usr: null, key, idx: (idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, address);
}
