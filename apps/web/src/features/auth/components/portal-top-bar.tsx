import { DashboardOutlined } from './portal-icons.tsx';
import type { Locale } from '@stratus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { CONSOLE_HOME, PORTAL_HOME } from '../../../shared/paths.ts';
import { hasToken } from '../../../shared/session.ts';
import { Brand } from '../../../shared/ui/brand.tsx';
import { LanguageSwitch } from '../../../shared/ui/language-switch.tsx';
import styles from './portal-top-bar.module.css';

export function PortalTopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // users' useSwitchLanguage, with the saving fetched only when there is a profile to save to:
  // the profile calls (and the contract's schemas behind them) stay out of the first screen.
  const switchLanguage = async (language: Locale) => {
    await changeLanguage(language);
    if (!hasToken()) return;
    const { saveLanguageChoice } = await import('../../users/public.ts');
    await saveLanguageChoice(queryClient, language);
  };
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <Brand onClick={() => navigate(PORTAL_HOME)} />
        <div className={styles.actions}>
          <LanguageSwitch onSwitch={(language) => void switchLanguage(language)} />
          {hasToken() && (
            <Link to={CONSOLE_HOME} className={styles.console}>
              <DashboardOutlined />
              {t('auth.portal.console')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
