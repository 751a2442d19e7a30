import type { Payment } from '@stratus/contract';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  BUSINESS_FLOW_PATH,
  CONSOLE_HOME,
  RECHARGE_PATH,
  receiptPathOf,
} from '../../../shared/paths.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import styles from './pay-success-result.module.css';

interface PaySuccessResultProps {
  payment: Payment;
}

/** A credited top-up: the amount, the new balance and where to go next. */
export function PaySuccessResult({ payment }: PaySuccessResultProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      className={styles.result}
      status="success"
      title={t('payments.result.success.title')}
      subTitle={
        <>
          <dl className={styles.figures}>
            <div className={styles.figure}>
              <dt>{t('payments.result.success.amount')}</dt>
              <dd data-testid="paid-amount">{formatMoney(payment.amount, payment.currency)}</dd>
            </div>
            <div className={styles.figure}>
              <dt>{t('payments.result.success.balance')}</dt>
              <dd data-testid="balance-after">
                {payment.balanceAfter === null
                  ? '--'
                  : formatMoney(payment.balanceAfter, payment.currency)}
              </dd>
            </div>
          </dl>
          {/* A line of its own: a 20-character number beside the figures overflows a phone. */}
          <p className={styles.paymentNo}>
            {t('payments.checkout.paymentId')}
            <Typography.Text copyable className={styles.mono} data-testid="payment-no">
              {payment.paymentNo}
            </Typography.Text>
          </p>
        </>
      }
      extra={[
        <Button key="overview" type="primary" onClick={() => void navigate(CONSOLE_HOME)}>
          {t('payments.result.overview')}
        </Button>,
        <Button key="records" onClick={() => void navigate(BUSINESS_FLOW_PATH)}>
          {t('payments.result.records')}
        </Button>,
        <Button key="receipt" onClick={() => void navigate(receiptPathOf('topup', payment.id))}>
          {t('receipts.view')}
        </Button>,
        <Button key="again" onClick={() => void navigate(RECHARGE_PATH)}>
          {t('payments.result.again')}
        </Button>,
      ]}
    />
  );
}
