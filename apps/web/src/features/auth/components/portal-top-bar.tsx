import { DashboardOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CONSOLE_HOME, PORTAL_HOME } from '../../../shared/paths.ts';
import { hasToken } from '../../../shared/session.ts';
import { Brand } from '../../../shared/ui/brand.tsx';
import { LanguageSwitch } from '../../../shared/ui/language-switch.tsx';
import { useSwitchLanguage } from '../../users/public.ts';
import styles from './portal-top-bar.module.css';

export function PortalTopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const switchLanguage = useSwitchLanguage();
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <Brand onClick={() => navigate(PORTAL_HOME)} />
        <div className={styles.actions}>
          <LanguageSwitch onSwitch={(language) => void switchLanguage(language)} />
          {hasToken() && (
            <Button
              type="primary"
              icon={<DashboardOutlined />}
              onClick={() => navigate(CONSOLE_HOME)}
            >
              {t('auth.portal.console')}
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
