import { Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AnnouncementBanner } from '../../features/announcements/public.ts';
import { PageFallback } from '../../shared/ui/page-fallback.tsx';
import { ErrorBoundary } from '../error-boundary.tsx';
import { findPageRoute } from '../routes.ts';
import { ConsoleHeader } from './console-header.tsx';
import { ConsoleMenu } from './console-menu.tsx';
import { ConsoleTour } from './console-tour.tsx';
import { RecentPagesBar } from './recent-pages-bar.tsx';
import { usePageTracking } from './use-page-tracking.ts';
import styles from './console-layout.module.css';

export function ConsoleLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = findPageRoute(pathname);
  usePageTracking(pathname);

  return (
    <div className={styles.shell}>
      <ConsoleHeader />
      <div className={styles.body}>
        <aside className={styles.sider} data-tour="menu">
          <ConsoleMenu />
        </aside>
        <div className={styles.main}>
          <RecentPagesBar />
          <main className={styles.content}>
            <AnnouncementBanner />
            {route && (
              <Typography.Title level={4} className={styles.title}>
                {t(route.title)}
              </Typography.Title>
            )}
            {/* Keyed by path: an error on one page must not stick to the next one. */}
            <ErrorBoundary key={pathname}>
              <Suspense fallback={<PageFallback />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </main>
        </div>
      </div>
      <ConsoleTour />
    </div>
  );
}
