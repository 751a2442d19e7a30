import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AnnouncementBanner } from '../../features/announcements/public.ts';
import { EmailVerificationBanner } from '../../features/users/public.ts';
import { lazyWithAntd } from '../../shared/ui/lazy-with-antd.tsx';
import { PageFallback } from '../../shared/ui/page-fallback.tsx';
import { useCompactLayout } from '../../shared/ui/use-compact-layout.ts';
import { ErrorBoundary } from '../error-boundary.tsx';
import { findPageRoute } from '../routes.ts';
import { ConsoleHeader } from './console-header.tsx';
import { ConsoleMenu } from './console-menu.tsx';
import { ConsoleTour } from './console-tour.tsx';
import { RecentPagesBar } from './recent-pages-bar.tsx';
import { usePageTracking } from './use-page-tracking.ts';
import styles from './console-layout.module.css';

// On narrow screens the menu and its drawer are fetched when the menu button first opens them,
// with Ant Design's providers (the frame has none). Beside the page the menu comes with the frame:
// fetched lazily, it left the sider blank after the page had drawn.
const MenuDrawer = lazyWithAntd(() =>
  import('./menu-drawer.tsx').then((module) => ({ default: module.MenuDrawer })),
);

/**
 * The console's frame. From `lg` up the menu stands beside the page; below it (phones, small
 * tablets) the menu is a drawer behind the header's menu button, so the page has the full width.
 * It frames its route's child page, or `children` where a page outside the console's routes is
 * shown in it (the 403 a customer meets at `/admin`).
 */
export function ConsoleLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = findPageRoute(pathname);
  const compact = useCompactLayout();
  // The drawer is open on the page it was opened on: choosing another page closes it, and so
  // does growing past `lg`, where the drawer has no button.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = compact && menuOpenOn === pathname;
  // Once opened, the drawer stays mounted: it closes with its animation.
  const [drawerMounted, setDrawerMounted] = useState(false);
  if (menuOpen && !drawerMounted) setDrawerMounted(true);
  usePageTracking(pathname);

  return (
    <div className={styles.shell}>
      <ConsoleHeader onOpenMenu={compact ? () => setMenuOpenOn(pathname) : undefined} />
      <div className={compact ? styles.body : `${styles.body} ${styles.withSider}`}>
        {compact ? (
          drawerMounted && (
            <Suspense fallback={null}>
              <MenuDrawer open={menuOpen} onClose={() => setMenuOpenOn(null)} />
            </Suspense>
          )
        ) : (
          <aside className={styles.sider} data-tour="menu">
            <ConsoleMenu />
          </aside>
        )}
        <div className={styles.main}>
          <RecentPagesBar />
          <main className={styles.content}>
            <EmailVerificationBanner />
            <AnnouncementBanner />
            {route && <h4 className={styles.title}>{t(route.title)}</h4>}
            {/* Keyed by path: an error on one page must not stick to the next one. */}
            <ErrorBoundary key={pathname}>
              <Suspense fallback={<PageFallback />}>{children ?? <Outlet />}</Suspense>
            </ErrorBoundary>
          </main>
        </div>
      </div>
      <ConsoleTour />
    </div>
  );
}
