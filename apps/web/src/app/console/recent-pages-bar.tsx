import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MessageKey } from '../../locales/index.ts';
import { addRecentPage, removeRecentPage, useRecentPages } from '../../shared/recent-pages.ts';
import { findPageRoute, recentPageFor } from '../routes.ts';
import styles from './recent-pages-bar.module.css';

/**
 * The recent pages under the header: sticky, so scrolling a long page keeps them at hand, and on
 * one line that scrolls sideways on a narrow screen. Every entry but the current page can be
 * taken off the list.
 */
export function RecentPagesBar() {
  const { t } = useTranslation();
  const stored = useRecentPages();
  const location = useLocation();
  const navigate = useNavigate();
  const currentPath = findPageRoute(location.pathname)?.path;
  // The current page heads the list from the first render: it is recorded after the page has
  // drawn (use-page-tracking.ts), and on a first visit the bar appearing then pushed the whole
  // page down (a layout shift Lighthouse counted). Once recorded the list is the same.
  const current = recentPageFor(location.pathname);
  const pages = current ? addRecentPage(stored, current) : stored;
  if (pages.length === 0) return null;

  return (
    <nav className={styles.bar} aria-label={t('common.recentPages')}>
      <span className={styles.label}>
        <HistoryOutlined />
        <span className={styles.labelText}>{t('common.recentPages')}</span>
      </span>
      <div className={styles.tags}>
        {pages.map((page) => {
          const active = page.path === currentPath;
          // Titles are stored as keys; an unknown key (older version) falls back to the route table.
          const title = t(findPageRoute(page.path)?.title ?? (page.title as MessageKey));
          return (
            // Plain elements drawn like Ant Design's tags: the console's frame loads none of it.
            <span
              key={page.path}
              className={`${styles.tag} ${active ? styles.active : styles.outlined}`}
            >
              <span
                role="link"
                tabIndex={0}
                aria-current={active ? 'page' : undefined}
                className={styles.link}
                onClick={() => navigate(page.path)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') navigate(page.path);
                }}
              >
                {title}
              </span>
              {!active && (
                <span
                  role="button"
                  tabIndex={0}
                  aria-label={t('common.removeRecentPage', { title })}
                  className={styles.close}
                  onClick={() => removeRecentPage(page.path)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      removeRecentPage(page.path);
                    }
                  }}
                >
                  ×
                </span>
              )}
            </span>
          );
        })}
      </div>
    </nav>
  );
}
