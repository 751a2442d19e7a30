import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money.ts';
import { WalletOutlined } from '../../../shared/ui/plain-icons.tsx';
import { PlainSkeleton } from '../../../shared/ui/plain-skeleton.tsx';
import { useWallet } from '../api.ts';
import styles from './balance-button.module.css';

interface BalanceButtonProps {
  onClick: () => void;
}

/** Header balance (seed: labelled 账户余额, two decimals, skeleton while loading). */
export function BalanceButton({ onClick }: BalanceButtonProps) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const data = wallet.data?.wallet;
  let amount;
  if (data)
    amount = <span className={styles.amount}>{formatMoney(data.balance, data.currency)}</span>;
  else if (wallet.isPending) amount = <PlainSkeleton className={styles.skeleton} />;
  else amount = <span className={styles.amount}>--</span>;

  return (
    // The browser's tooltip says what a click does (Ant Design's Tooltip stays out of the header).
    <button
      type="button"
      className={styles.balance}
      onClick={onClick}
      title={
        data || wallet.isPending ? t('wallet.balance.recharge') : t('wallet.balance.unavailable')
      }
      data-testid="header-balance"
    >
      <WalletOutlined className={styles.icon} />
      <span className={styles.label}>{t('wallet.balance.label')}</span>
      {amount}
    </button>
  );
}
