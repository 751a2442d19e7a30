import { useNavigate } from 'react-router';
import { BalanceButton } from '../../features/wallet/components/balance-button.tsx';
import { AccountMenu } from '../../features/users/components/account-menu.tsx';
import { useSwitchLanguage } from '../../features/users/api.ts';
import { Brand } from '../../shared/ui/brand.tsx';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';
import { PORTAL_HOME, RECHARGE_PATH } from '../../shared/paths.ts';
import styles from './console-header.module.css';

export function ConsoleHeader() {
  const navigate = useNavigate();
  const switchLanguage = useSwitchLanguage();
  return (
    <header className={styles.header}>
      <Brand onClick={() => navigate(PORTAL_HOME)} />
      <div className={styles.actions}>
        <span className={styles.tourTarget} data-tour="balance">
          <BalanceButton onClick={() => navigate(RECHARGE_PATH)} />
        </span>
        <span className={styles.divider} />
        <LanguageSwitch onSwitch={(language) => void switchLanguage(language)} />
        <span className={styles.tourTarget} data-tour="account">
          <AccountMenu />
        </span>
      </div>
    </header>
  );
}
