import { WalletOutlined } from '@ant-design/icons';
import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money.ts';
import { useWallet } from '../api.ts';
import styles from './wallet-balance-card.module.css';

/** The current balance as a banner on the recharge page. */
export function WalletBalanceCard() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const data = wallet.data?.wallet;
  return (
    <div className={styles.banner}>
      <span className={styles.icon}>
        <WalletOutlined />
      </span>
      <div className={styles.text}>
        <span className={styles.label}>{t('wallet.recharge.currentBalance')}</span>
        {data ? (
          <span className={styles.amount} data-testid="recharge-balance">
            {formatMoney(data.balance, data.currency)}
          </span>
        ) : wallet.isPending ? (
          <Skeleton.Button active size="small" />
        ) : (
          <span className={styles.amount}>--</span>
        )}
      </div>
      <Typography.Text className={styles.hint}>{t('wallet.recharge.balanceHint')}</Typography.Text>
    </div>
  );
}
