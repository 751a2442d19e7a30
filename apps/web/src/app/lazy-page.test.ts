import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../shared/browser.ts';
import { CHUNK_RELOAD_KEY, loadPageOrReload } from './lazy-page.ts';

const Page = () => null;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('loadPageOrReload', () => {
  it('returns the module when it loads', async () => {
    await expect(loadPageOrReload(async () => ({ default: Page }))).resolves.toEqual({
      default: Page,
    });
  });

  it('reloads the page once when a page module fails, then shows the error', async () => {
    const reload = vi.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
    const failing = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    void loadPageOrReload(failing);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
    // After the reload the same failure must surface instead of reloading in a loop.
    await expect(loadPageOrReload(failing)).rejects.toThrow(/dynamically imported/);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
