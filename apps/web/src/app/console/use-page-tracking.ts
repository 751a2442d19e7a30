import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { recordRecentPage } from '../../shared/recent-pages.ts';
import { findPageRoute, recentPageFor } from '../routes.ts';

/** Keeps the document title and the recent pages in step with the current console route. */
export function usePageTracking(pathname: string) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const recent = recentPageFor(pathname);
    if (recent) recordRecentPage(recent);
  }, [pathname]);

  useEffect(() => {
    const route = findPageRoute(pathname);
    const brand = t('common.brand');
    document.title = route ? `${t(route.title)} · ${brand}` : brand;
  }, [pathname, t, i18n.language]);
}
