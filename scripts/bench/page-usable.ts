// When a page's first screen is usable, as bench:web and web-profile both judge it: `main`
// rendered with text, no spinner, skeleton or busy element (the router's fallback is marked
// busy), and the network quiet by the caller's measure.
import type { Page } from 'puppeteer-core';

/** Polls every 50 ms until the first screen is usable and `networkQuiet()` holds; throws after `budgetMs`. */
export async function waitUntilUsable(
  page: Page,
  url: string,
  networkQuiet: () => boolean,
  budgetMs: number,
): Promise<void> {
  for (const deadline = Date.now() + budgetMs; ;) {
    if (Date.now() > deadline) throw new Error(`${url} never became usable`);
    const rendered = await page.evaluate(() => {
      const main = document.querySelector('main');
      return (
        main !== null &&
        (main.textContent ?? '').trim() !== '' &&
        document.querySelector('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]') ===
          null
      );
    });
    if (rendered && networkQuiet()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
