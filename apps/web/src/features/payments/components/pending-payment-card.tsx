import { CheckCircleOutlined, ExportOutlined } from '@ant-design/icons';
import type { Payment } from '@stratus/contract';
import { Alert, App, Button, Card, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { browserNavigation } from '../../../shared/browser.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useCancelTopUp, useCompleteSandboxPayment } from '../api.ts';
import { PaymentCountdown } from './payment-countdown.tsx';
import { WechatQrCode } from './wechat-qr-code.tsx';
import styles from './pending-payment-card.module.css';

interface PendingPaymentCardProps {
  payment: Payment;
  remainingMs: number;
}

/** The cashier: what is due, how long is left, and the ways to pay or give up. */
export function PendingPaymentCard({ payment, remainingMs }: PendingPaymentCardProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const complete = useCompleteSandboxPayment();
  const cancel = useCancelTopUp();
  const sandbox = payment.channel === 'sandbox';
  // WeChat Pay Native: the QR code is the way to pay, shown right here.
  const codeUrl = payment.channel === 'wechat' ? payment.codeUrl : null;

  const confirmCancel = () =>
    modal.confirm({
      title: t('payments.checkout.cancelConfirm'),
      okText: t('payments.checkout.cancel'),
      okButtonProps: { danger: true },
      cancelText: t('payments.checkout.cancelKeep'),
      onOk: () =>
        cancel
          .mutateAsync(payment.id)
          .then(() => showSuccessToast(t('payments.checkout.cancelled'))),
    });

  return (
    <Card className={styles.card}>
      <div className={styles.head}>
        <Typography.Text type="secondary">{t('payments.checkout.amount')}</Typography.Text>
        <div className={styles.amount} data-testid="checkout-amount">
          {formatMoney(payment.amount, payment.currency)}
        </div>
        <PaymentCountdown remainingMs={remainingMs} />
      </div>
      <Descriptions column={1} size="small" className={styles.details} bordered>
        <Descriptions.Item label={t('payments.checkout.channel')}>
          {t(`payments.channel.${payment.channel}`)}
        </Descriptions.Item>
        <Descriptions.Item label={withTimeZone(t('payments.checkout.createdAt'))}>
          {formatDateTime(payment.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('payments.checkout.paymentId')}>
          <Typography.Text copyable className={styles.mono}>
            {payment.paymentNo}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {codeUrl ? (
        <WechatQrCode codeUrl={codeUrl} paymentNo={payment.paymentNo} />
      ) : (
        <Alert
          type="info"
          showIcon
          className={styles.notice}
          title={t(
            sandbox ? 'payments.checkout.sandboxNotice' : 'payments.checkout.externalNotice',
          )}
        />
      )}
      <Space className={styles.actions} size={12} wrap>
        {codeUrl ? null : sandbox ? (
          <Button
            type="primary"
            size="large"
            icon={<CheckCircleOutlined />}
            loading={complete.isPending}
            disabled={cancel.isPending}
            onClick={() => complete.mutate(payment.id)}
          >
            {t('payments.checkout.confirm')}
          </Button>
        ) : (
          <Button
            type="primary"
            size="large"
            icon={<ExportOutlined />}
            onClick={() => browserNavigation.assign(payment.payUrl)}
          >
            {t('payments.checkout.openPayUrl')}
          </Button>
        )}
        <Button size="large" disabled={complete.isPending} onClick={confirmCancel}>
          {t('payments.checkout.cancel')}
        </Button>
      </Space>
    </Card>
  );
}
