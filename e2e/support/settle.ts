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
