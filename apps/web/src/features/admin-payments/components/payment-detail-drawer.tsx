import { SyncOutlined } from '@ant-design/icons';
import type { AdminPayment } from '@stratus/contract';
import { App, Button, Descriptions, Drawer, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useAdminPayment, useSyncPayment } from '../api.ts';
import { NotificationTimeline } from './notification-timeline.tsx';
import { PaymentStatusTag } from './payment-status-tag.tsx';
import styles from './payment-detail-drawer.module.css';

interface PaymentDetailDrawerProps {
  paymentId: string | null;
  /** The viewer holds `payments.manage`: sync and mark-paid are offered on unpaid payments. */
  canManage: boolean;
  onMarkPaid: (payment: AdminPayment) => void;
  onClose: () => void;
}

/** One payment as the server has it now: its fields, ledger row and notify history. */
export function PaymentDetailDrawer({
  paymentId,
  canManage,
  onMarkPaid,
  onClose,
}: PaymentDetailDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const detail = useAdminPayment(paymentId);
  const sync = useSyncPayment();
  const data = detail.data;

  const syncWithProvider = async (id: string) => {
    // A refusal (sandbox, provider unreachable, another amount) is toasted by the client.
    const result = await sync.mutateAsync(id);
    if (result.credited) showSuccessToast(t('adminPayments.sync.credited'));
    else {
      const state = t(`adminPayments.providerState.${result.provider.state}`);
      void message.info(t('adminPayments.sync.unchanged', { state }));
    }
  };

  const payment = data?.payment;
  const actions =
    canManage && payment && payment.status !== 'paid' ? (
      <Space>
        <Button
          icon={<SyncOutlined />}
          title={t('adminPayments.sync.hint')}
          loading={sync.isPending}
          onClick={() => void syncWithProvider(payment.id).catch(() => undefined)}
        >
          {t('adminPayments.sync')}
        </Button>
        <Button type="primary" danger onClick={() => onMarkPaid(payment)}>
          {t('adminPayments.markPaid')}
        </Button>
      </Space>
    ) : null;

  return (
    <Drawer
      open={paymentId !== null}
      size={640}
      title={t('adminPayments.detail.title')}
      extra={actions}
      onClose={onClose}
    >
      {!data || !payment ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('adminPayments.column.paymentNo')}>
              <Typography.Text copyable>{payment.paymentNo}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('adminPayments.column.customer')}>
              {payment.customerEmail}
            </Descriptions.Item>
            <Descriptions.Item label={t('adminPayments.column.channel')}>
              {t(`payments.channel.${payment.channel}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('adminPayments.column.amount')}>
              {formatMoney(payment.amount)}
            </Descriptions.Item>
            <Descriptions.Item label={t('adminPayments.column.status')}>
              <PaymentStatusTag status={payment.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('adminPayments.column.tradeNo')}>
              {payment.providerTradeNo ? (
                <Typography.Text copyable>{payment.providerTradeNo}</Typography.Text>
              ) : (
                '--'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={withTimeZone(t('adminPayments.column.createdAt'))}>
              {formatDateTime(payment.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={withTimeZone(t('adminPayments.detail.expiresAt'))}>
              {formatDateTime(payment.expiresAt)}
            </Descriptions.Item>
            <Descriptions.Item label={withTimeZone(t('adminPayments.column.paidAt'))}>
              {payment.paidAt ? formatDateTime(payment.paidAt) : '--'}
            </Descriptions.Item>
            <Descriptions.Item label={withTimeZone(t('adminPayments.detail.closedAt'))}>
              {payment.closedAt ? formatDateTime(payment.closedAt) : '--'}
            </Descriptions.Item>
            <Descriptions.Item label={t('adminPayments.detail.ledger')}>
              {data.ledgerEntry
                ? t('adminPayments.detail.ledgerEntry', {
                    amount: formatMoney(data.ledgerEntry.amount),
                    balance: formatMoney(data.ledgerEntry.balanceAfter),
                    time: formatDateTime(data.ledgerEntry.createdAt),
                  })
                : t('adminPayments.detail.noLedger')}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} className={styles.title}>
            {t('adminPayments.detail.notifications', { count: data.notifications.length })}
          </Typography.Title>
          <NotificationTimeline notifications={data.notifications} />
        </>
      )}
    </Drawer>
  );
}
