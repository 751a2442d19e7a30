import { Button, Card, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RECHARGE_PATH } from '../../../shared/paths.ts';
import { PortalTopBar } from '../../auth/public.ts';
import { usePayment } from '../api.ts';
import { PaySuccessResult } from '../components/pay-success-result.tsx';
import { forgetPendingPayment, resolvePaymentId } from '../pending-payment.ts';
import styles from './pay-success-page.module.css';

export default function PaySuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const paymentId = resolvePaymentId(searchParams.get('paymentId'));
  const payment = usePayment(paymentId);
  const status = payment.data?.status;

  useEffect(() => {
    if (status === 'paid' || status === 'closed') forgetPendingPayment();
  }, [status]);

  const backToRecharge = (
    <Button type="primary" onClick={() => void navigate(RECHARGE_PATH)}>
      {t('payments.backToRecharge')}
    </Button>
  );

  let body;
  if (!paymentId || (payment.isError && !payment.data)) {
    body = (
      <Result
        status="warning"
        title={t(paymentId ? 'payments.result.failed.title' : 'payments.checkout.missing.title')}
        subTitle={t(
          paymentId
            ? 'payments.result.failed.description'
            : 'payments.checkout.missing.description',
        )}
        extra={backToRecharge}
      />
    );
  } else if (payment.data?.status === 'paid') {
    body = <PaySuccessResult payment={payment.data} />;
  } else if (status === 'closed') {
    body = (
      <Result
        status="warning"
        title={t('payments.result.closed.title')}
        subTitle={t('payments.result.closed.description')}
        extra={backToRecharge}
      />
    );
  } else {
    body = (
      <div className={styles.checking}>
        <Spin size="large" />
        <span>{t('payments.result.checking')}</span>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PortalTopBar />
      <main className={styles.content}>
        <Card className={styles.card}>{body}</Card>
      </main>
    </div>
  );
}
