import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RECENT_PAGES_STORAGE_KEY, readRecentPages } from '../../shared/recent-pages.ts';
import { renderRoutes } from '../../test/render-app.tsx';
import { RecentPagesBar } from './recent-pages-bar.tsx';

beforeEach(() => localStorage.removeItem(RECENT_PAGES_STORAGE_KEY));

describe('RecentPagesBar', () => {
  // The frame records the page after it has drawn (use-page-tracking.ts); a bar appearing only
  // then pushed the whole page down on a first visit (a layout shift on the phone).
  it('shows the current page from its first render, before the page is recorded', () => {
    renderRoutes([{ path: '/console/overview', element: <RecentPagesBar /> }], '/console/overview');
    const bar = screen.getByRole('navigation', { name: '最近访问' });
    expect(within(bar).getByRole('link', { name: '首页概览' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Nothing recorded by the bar itself: showing is not recording.
    expect(readRecentPages()).toEqual([]);
  });

  it('shows nothing on a page that never enters the recent pages', () => {
    renderRoutes(
      [{ path: '/console/checkout-counter', element: <RecentPagesBar /> }],
      '/console/checkout-counter',
    );
    expect(screen.queryByRole('navigation', { name: '最近访问' })).toBeNull();
  });
});
