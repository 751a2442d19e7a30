import { MenuOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Drawer, Tag, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { AccountMenu } from '../../features/users/components/account-menu.tsx';
import { InboxBell } from '../../features/messages/public.ts';
import { useMe, useSwitchLanguage } from '../../features/users/api.ts';
import {
  ADMIN_HOME,
  ADMIN_INBOX_PATH,
  ADMIN_SECURITY_PATH,
  CONSOLE_HOME,
} from '../../shared/paths.ts';
import { Brand } from '../../shared/ui/brand.tsx';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';
import { PageFallback } from '../../shared/ui/page-fallback.tsx';
import { useCompactLayout } from '../../shared/ui/use-compact-layout.ts';
import { ErrorBoundary } from '../error-boundary.tsx';
import { AdminMenu } from './admin-menu.tsx';
import { adminMenuOf, findAdminRoute } from './admin-routes.ts';
import styles from './admin-layout.module.css';
import {
  TwoStepBanner,
  TwoStepProfile,
  TwoStepRequiredNotice,
  useTwoStepObligation,
} from './two-step-obligation.tsx';

/**
 * The operator console's frame: its own header and a menu of the pages the role may open. Below
 * Ant Design's `lg` the menu leaves the side for a drawer opened from the header, so the page
 * keeps the whole width of a phone or a tablet held upright.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const switchLanguage = useSwitchLanguage();
  const role = useMe().data?.role;
  const twoStep = useTwoStepObligation();
  const [twoStepOpen, setTwoStepOpen] = useState(false);
  // The console's rule, read before the first paint: a phone never draws the wide layout first.
  const compact = useCompactLayout();
  // Open for the page it was opened on: any navigation (menu, link, back button) closes it, as
  // the drawer was opened to go somewhere.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const route = findAdminRoute(pathname);
  const menu = role ? adminMenuOf(role) : [];
  const title = route ? t(route.title) : undefined;
  const selectedPath = route ? (route.menuPath ?? route.path) : undefined;

  useEffect(() => {
    if (title) document.title = `${title} · ${t('admin.title')}`;
  }, [title, t]);

  const backToConsole = (
    <Link to={CONSOLE_HOME} className={compact ? styles.drawerLink : undefined}>
      {compact && <RollbackOutlined />} {t('admin.backToConsole')}
    </Link>
  );

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={styles.brand}>
          {compact && menu.length > 0 && (
            <Button
              type="text"
              className={styles.menuButton}
              icon={<MenuOutlined />}
              aria-label={t('admin.menu.open')}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpenOn(pathname)}
            />
          )}
          <Brand onClick={() => navigate(ADMIN_HOME)} />
          {!compact && <Tag color="gold">{t('admin.title')}</Tag>}
        </div>
        <div className={styles.actions}>
          {!compact && backToConsole}
          <InboxBell onClick={() => navigate(ADMIN_INBOX_PATH)} />
          <LanguageSwitch onSwitch={(language) => void switchLanguage(language)} />
          <AccountMenu securityPath={ADMIN_SECURITY_PATH} />
        </div>
      </header>
      <div className={styles.body}>
        {menu.length > 0 && !compact && (
          <aside className={styles.sider}>
            <div className={styles.siderMenu}>
              <AdminMenu entries={menu} selectedPath={selectedPath} onOpen={navigate} />
            </div>
          </aside>
        )}
        <main className={styles.content}>
          {twoStep?.expired ? (
            // The server refuses every operator call now: no page asks and fails.
            <TwoStepRequiredNotice onEnable={() => setTwoStepOpen(true)} />
          ) : (
            <>
              {twoStep && (
                <TwoStepBanner daysLeft={twoStep.daysLeft} onEnable={() => setTwoStepOpen(true)} />
              )}
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
            </>
          )}
        </main>
        <TwoStepProfile open={twoStepOpen} onClose={() => setTwoStepOpen(false)} />
      </div>
      {compact && (
        <Drawer
          open={menuOpen}
          onClose={() => setMenuOpenOn(null)}
          placement="left"
          size={280}
          title={t('admin.title')}
          classNames={{ body: styles.drawerBody }}
        >
          <AdminMenu entries={menu} selectedPath={selectedPath} onOpen={navigate} />
          {backToConsole}
        </Drawer>
      )}
    </div>
  );
}
