import { describe, expect, it } from 'vitest';
import { recentPageFor } from '../app/routes.ts';
import {
  addRecentPage,
  readRecentPages,
  RECENT_PAGES_LIMIT,
  RECENT_PAGES_STORAGE_KEY,
  recordRecentPage,
} from './recent-pages.ts';

const page = (n: number) => ({ title: `nav.page${n}`, path: `/console/page${n}` });

describe('recent pages', () => {
  it('puts the newest first and keeps at most 6', () => {
    let pages = [] as ReturnType<typeof addRecentPage>;
    for (let n = 1; n <= 8; n += 1) pages = addRecentPage(pages, page(n));
    expect(RECENT_PAGES_LIMIT).toBe(6);
    expect(pages.map((entry) => entry.path)).toEqual(
      [8, 7, 6, 5, 4, 3].map((n) => `/console/page${n}`),
    );
  });

  it('keeps one entry per path, moved to the front on a revisit', () => {
    const pages = [page(1), page(2), page(3)].reduce(
      addRecentPage,
      [] as ReturnType<typeof addRecentPage>,
    );
    const revisited = addRecentPage(pages, page(1));
    expect(revisited.map((entry) => entry.path)).toEqual([
      '/console/page1',
      '/console/page3',
      '/console/page2',
    ]);
  });

  it('persists in local storage and reads back', () => {
    recordRecentPage(page(1));
    recordRecentPage(page(2));
    expect(JSON.parse(localStorage.getItem(RECENT_PAGES_STORAGE_KEY)!)).toEqual([page(2), page(1)]);
    expect(readRecentPages()).toEqual([page(2), page(1)]);
  });

  it('ignores malformed stored data and caps oversized lists', () => {
    localStorage.setItem(RECENT_PAGES_STORAGE_KEY, '{not json');
    expect(readRecentPages()).toEqual([]);
    const stored = [1, 2, 3, 4, 5, 6, 7, 1].map(page);
    localStorage.setItem(RECENT_PAGES_STORAGE_KEY, JSON.stringify([{ nope: 1 }, ...stored]));
    expect(readRecentPages().map((entry) => entry.path)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `/console/page${n}`),
    );
  });

  it('stores title keys for recordable console pages and skips the excluded ones', () => {
    for (const path of [
      '/console/ipList',
      '/console/checkout-counter',
      '/console/line-buy',
      '/console/router-buy',
    ]) {
      const entry = recentPageFor(path);
      if (entry) recordRecentPage(entry);
    }
    expect(readRecentPages()).toEqual([{ title: 'nav.ipList', path: '/console/ipList' }]);
  });
});
