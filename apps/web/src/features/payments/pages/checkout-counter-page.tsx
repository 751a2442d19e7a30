import { Card, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PAY_SUCCESS_PATH } from '../../../shared/paths.ts';
import { usePayment } from '../api.ts';
import { BackToRechargeResult } from '../components/back-to-recharge-result.tsx';
import { PendingPaymentCard } from '../components/pending-payment-card.tsx';
import { useRemainingMs } from '../countdown.ts';
import { isPaymentId } from '../pending-payment.ts';
import styles from './checkout-counter-page.module.css';

export default function CheckoutCounterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryId = searchParams.get('paymentId');
  const paymentId = isPaymentId(queryId) ? queryId : null;
  const payment = usePayment(paymentId);
  const remainingMs = useRemainingMs(payment.data?.expiresAt);
  const status = payment.data?.status;

  useEffect(() => {
    if (status === 'paid' && paymentId) {
      void navigate(`${PAY_SUCCESS_PATH}?${new URLSearchParams({ paymentId }).toString()}`, {
        replace: true,
      });
    }
  }, [status, paymentId, navigate]);

  if (!paymentId || (payment.isError && !payment.data)) {
    return (
      <BackToRechargeResult
        status="404"
        title="payments.checkout.missing.title"
        description="payments.checkout.missing.description"
      />
    );
  }
  if (!payment.data || status === 'paid') {
    return (
      <Card>
        <Spin size="large" description={t('payments.checkout.waiting')}>
          <div className={styles.waiting} />
        </Spin>
      </Card>
    );
  }
  if (status === 'closed') {
    return (
      <BackToRechargeResult
        status="warning"
        title="payments.checkout.closed.title"
        description="payments.checkout.closed.description"
      />
    );
  }
  if (remainingMs === null || remainingMs <= 0) {
    return (
      <BackToRechargeResult
        status="warning"
        title="payments.checkout.expired.title"
        description="payments.checkout.expired.description"
      />
    );
  }
  return <PendingPaymentCard payment={payment.data} remainingMs={remainingMs} />;
}
