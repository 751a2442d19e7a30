import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BalanceButton } from '../../features/wallet/components/balance-button.tsx';
import { AccountMenu } from '../../features/users/components/account-menu.tsx';
import { InboxBell } from '../../features/messages/public.ts';
import { useSwitchLanguage } from '../../features/users/api.ts';
import { Brand } from '../../shared/ui/brand.tsx';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';
import { MenuOutlined } from '../../shared/ui/plain-icons.tsx';
import { MESSAGES_PATH, PORTAL_HOME, RECHARGE_PATH } from '../../shared/paths.ts';
import styles from './console-header.module.css';

interface ConsoleHeaderProps {
  /** Given on narrow screens, where the menu is a drawer this button opens. */
  onOpenMenu?: () => void;
}

export function ConsoleHeader({ onOpenMenu }: ConsoleHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const switchLanguage = useSwitchLanguage();
  return (
    <header className={styles.header}>
      <div className={styles.start}>
        {onOpenMenu && (
          <button
            type="button"
            aria-label={t('common.openMenu')}
            className={styles.menuButton}
            onClick={onOpenMenu}
            data-tour="menu"
          >
            <MenuOutlined />
          </button>
        )}
        <Brand onClick={() => navigate(PORTAL_HOME)} />
      </div>
      <div className={styles.actions}>
        <span className={styles.tourTarget} data-tour="balance">
          <BalanceButton onClick={() => navigate(RECHARGE_PATH)} />
        </span>
        <InboxBell onClick={() => navigate(MESSAGES_PATH)} />
        <span className={styles.divider} />
        <LanguageSwitch onSwitch={(language) => void switchLanguage(language)} />
        <span className={styles.tourTarget} data-tour="account">
          <AccountMenu />
        </span>
      </div>
    </header>
  );
}
