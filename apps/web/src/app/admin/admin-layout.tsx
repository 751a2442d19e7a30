import { Menu, Tag, Typography } from 'antd';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { AccountMenu } from '../../features/users/components/account-menu.tsx';
import { useMe, useSwitchLanguage } from '../../features/users/api.ts';
import { ADMIN_HOME, CONSOLE_HOME } from '../../shared/paths.ts';
import { Brand } from '../../shared/ui/brand.tsx';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';
import { PageFallback } from '../../shared/ui/page-fallback.tsx';
import { ErrorBoundary } from '../error-boundary.tsx';
import { adminMenuOf, findAdminRoute } from './admin-routes.ts';
import styles from './admin-layout.module.css';

/** The operator console's frame: its own header and a menu of the pages the role may open. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const switchLanguage = useSwitchLanguage();
  const role = useMe().data?.role;
  const route = findAdminRoute(pathname);
  const menu = role ? adminMenuOf(role) : [];
  const title = route ? t(route.title) : undefined;

  useEffect(() => {
    if (title) document.title = `${title} · ${t('admin.title')}`;
  }, [title, t]);

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={styles.brand}>
          <Brand onClick={() => navigate(ADMIN_HOME)} />
          <Tag color="gold">{t('admin.title')}</Tag>
        </div>
        <div className={styles.actions}>
          <Link to={CONSOLE_HOME}>{t('admin.backToConsole')}</Link>
          <LanguageSwitch onSwitch={(language) => void switchLanguage(language)} />
          <AccountMenu />
        </div>
      </header>
      <div className={styles.body}>
        {menu.length > 0 && (
          <aside className={styles.sider}>
            <Menu
              mode="inline"
              selectedKeys={route ? [route.menuPath ?? route.path] : []}
              items={menu.map((entry) => {
                const Icon = entry.icon;
                return {
                  key: entry.path,
                  label: t(entry.title),
                  icon: Icon ? <Icon /> : undefined,
                };
              })}
              onClick={({ key }) => navigate(key)}
            />
          </aside>
        )}
        <main className={styles.content}>
          {title && (
            <Typography.Title level={4} className={styles.title}>
              {title}
            </Typography.Title>
          )}
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
