import { useSyncExternalStore } from 'react';

export interface RecentPage {
  /** Message key of the page title, so the list follows the interface language. */
  title: string;
  path: string;
}

export const RECENT_PAGES_STORAGE_KEY = 'recentPages';
export const RECENT_PAGES_LIMIT = 6;

/** Newest first, one entry per path, at most RECENT_PAGES_LIMIT entries. */
export function addRecentPage(pages: readonly RecentPage[], page: RecentPage): RecentPage[] {
  return [page, ...pages.filter((entry) => entry.path !== page.path)].slice(0, RECENT_PAGES_LIMIT);
}

function isRecentPage(value: unknown): value is RecentPage {
  if (typeof value !== 'object' || value === null) return false;
  const { title, path } = value as Record<string, unknown>;
  return typeof title === 'string' && typeof path === 'string';
}

/** Reads the stored list, dropping anything malformed (older versions, manual edits). */
export function readRecentPages(): RecentPage[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(RECENT_PAGES_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isRecentPage).reduceRight<RecentPage[]>(addRecentPage, []);
  } catch {
    return [];
  }
}

let snapshot: RecentPage[] | null = null;
const listeners = new Set<() => void>();

function getSnapshot(): RecentPage[] {
  snapshot ??= readRecentPages();
  return snapshot;
}

/**
 * For tests: forget the list read from storage, as a new page load would. The test setup clears
 * storage after every test, and a worker runs file after file in one page (isolate: false).
 */
export function forgetRecentPagesForTests(): void {
  snapshot = null;
}

function publish(pages: RecentPage[]) {
  snapshot = pages;
  for (const listener of listeners) listener();
}

function store(pages: RecentPage[]): RecentPage[] {
  try {
    localStorage.setItem(RECENT_PAGES_STORAGE_KEY, JSON.stringify(pages));
  } catch {
    // Storage full or blocked: the list still works for this visit.
  }
  publish(pages);
  return pages;
}

export function recordRecentPage(page: RecentPage): RecentPage[] {
  const current = readRecentPages();
  const first = current[0];
  if (first && first.path === page.path && first.title === page.title) {
    if (snapshot === null) publish(current);
    return current;
  }
  return store(addRecentPage(current, page));
}

/** Takes one page off the list (its close button); the current page comes back when visited. */
export function removeRecentPage(path: string): RecentPage[] {
  return store(readRecentPages().filter((entry) => entry.path !== path));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab may record pages too; storage events keep this tab's list in step.
  const onStorage = (event: StorageEvent) => {
    if (event.key === RECENT_PAGES_STORAGE_KEY || event.key === null) publish(readRecentPages());
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useRecentPages(): RecentPage[] {
  return useSyncExternalStore(subscribe, getSnapshot);
}
