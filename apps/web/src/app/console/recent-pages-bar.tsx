import { HistoryOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MessageKey } from '../../locales/index.ts';
import { useRecentPages } from '../../shared/recent-pages.ts';
import { findPageRoute } from '../routes.ts';
import styles from './recent-pages-bar.module.css';

export function RecentPagesBar() {
  const { t } = useTranslation();
  const pages = useRecentPages();
  const location = useLocation();
  const navigate = useNavigate();
  const currentPath = findPageRoute(location.pathname)?.path;
  if (pages.length === 0) return null;

  return (
    <nav className={styles.bar} aria-label={t('common.recentPages')}>
      <span className={styles.label}>
        <HistoryOutlined />
        {t('common.recentPages')}
      </span>
      <div className={styles.tags}>
        {pages.map((page) => {
          const active = page.path === currentPath;
          // Titles are stored as keys; an unknown key (older version) falls back to the route table.
          const title = findPageRoute(page.path)?.title ?? (page.title as MessageKey);
          return (
            <Tag
              key={page.path}
              color={active ? 'blue' : undefined}
              variant={active ? 'solid' : 'outlined'}
              className={styles.tag}
              role="link"
              tabIndex={0}
              aria-current={active ? 'page' : undefined}
              onClick={() => navigate(page.path)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') navigate(page.path);
              }}
            >
              {t(title)}
            </Tag>
          );
        })}
      </div>
    </nav>
  );
}
