import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { browserNavigation } from '../shared/browser.ts';
import type { PageModule } from './routes.ts';

/** sessionStorage key holding the time of the last reload caused by a failed page load. */
export const CHUNK_RELOAD_KEY = 'chunkReloadAt';
// Within this window a second failure is shown instead of reloading again: no reload loop.
const RELOAD_GUARD_MS = 10_000;

function reloadedRecently(): boolean {
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY));
  return Number.isFinite(last) && Date.now() - last < RELOAD_GUARD_MS;
}

/**
 * Loads a page module, reloading the page once when it fails: after a deploy the old chunk
 * names are gone, and a fresh index.html knows the new ones.
 */
export async function loadPageOrReload(load: () => Promise<PageModule>): Promise<PageModule> {
  try {
    return await load();
  } catch (error) {
    if (reloadedRecently()) throw error;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    browserNavigation.reload();
    // Stay suspended until the reload replaces the page.
    return new Promise<PageModule>(() => {});
  }
}

const lazyPages = new Map<() => Promise<PageModule>, LazyExoticComponent<ComponentType>>();

/** One lazy component per loader, so routes sharing a page (home and auth) share it. */
export function lazyPage(load: () => Promise<PageModule>): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(load);
  if (!page) {
    page = lazy(() => loadPageOrReload(load));
    lazyPages.set(load, page);
  }
  return page;
}
