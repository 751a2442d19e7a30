import { LockOutlined } from '@ant-design/icons';
import type { PaymentChannel } from '@stratus/contract';
import { Button, Card, Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money.ts';
import styles from './recharge-summary.module.css';

interface RechargeSummaryProps {
  /** The amount when it is valid, else null. */
  amount: number | null;
  channel: PaymentChannel | undefined;
  balance: number | undefined;
  paying: boolean;
  disabled: boolean;
}

/** What will be paid and what the balance becomes; holds the form's submit button. */
export function RechargeSummary({
  amount,
  channel,
  balance,
  paying,
  disabled,
}: RechargeSummaryProps) {
  const { t } = useTranslation();
  const shown = (value: number | null | undefined) =>
    value === null || value === undefined ? '--' : formatMoney(value);
  const balanceAfter = amount !== null && balance !== undefined ? balance + amount : null;

  return (
    <Card title={t('wallet.recharge.summary.title')} className={styles.card}>
      <dl className={styles.list}>
        <div className={styles.row}>
          <dt>{t('wallet.recharge.summary.amount')}</dt>
          <dd data-testid="summary-amount">{shown(amount)}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('wallet.recharge.summary.channel')}</dt>
          <dd>{channel ? t(`payments.channel.${channel}`) : '--'}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('wallet.recharge.summary.balanceAfter')}</dt>
          <dd>{shown(balanceAfter === null ? null : Math.round(balanceAfter * 100) / 100)}</dd>
        </div>
      </dl>
      <Divider className={styles.divider} />
      <div className={styles.total}>
        <Typography.Text>{t('wallet.recharge.summary.total')}</Typography.Text>
        <span className={styles.totalAmount}>{shown(amount)}</span>
      </div>
      <Button
        type="primary"
        size="large"
        block
        htmlType="submit"
        loading={paying}
        disabled={disabled}
        icon={<LockOutlined />}
      >
        {t('wallet.recharge.pay')}
      </Button>
      <Typography.Paragraph type="secondary" className={styles.notice}>
        {t('wallet.recharge.notice')}
      </Typography.Paragraph>
    </Card>
  );
}
