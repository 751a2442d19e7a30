import type { PaymentNotification } from '@stratus/contract';
import { Empty, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import styles from './notification-timeline.module.css';

/** Outcomes that settled the notification as the provider meant it; the rest need a look. */
const settled = new Set<PaymentNotification['outcome']>(['credited', 'already-paid', 'not-final']);

/** Every notification a payment received, oldest first: verified or not, what we made of it. */
export function NotificationTimeline({ notifications }: { notifications: PaymentNotification[] }) {
  const { t } = useTranslation();
  if (notifications.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('adminPayments.detail.noNotifications')}
      />
    );
  }
  return (
    <Timeline
      items={notifications.map((notification) => ({
        key: notification.id,
        color: settled.has(notification.outcome) ? 'green' : 'red',
        title: <span className={styles.time}>{formatDateTime(notification.receivedAt)}</span>,
        content: (
          <div className={styles.entry} data-testid="payment-notification">
            <div className={styles.line}>
              <Tag color={notification.verified ? 'success' : 'error'}>
                {notification.verified
                  ? `✓ ${t('adminPayments.notification.verified')}`
                  : `✗ ${t('adminPayments.notification.unverified')}`}
              </Tag>
              <Tag color={settled.has(notification.outcome) ? 'blue' : 'warning'}>
                {t(`adminPayments.outcome.${notification.outcome}`)}
              </Tag>
              <Typography.Text code>
                {t('adminPayments.notification.reply', { reply: notification.reply })}
              </Typography.Text>
            </div>
            <Typography.Text type="secondary" className={styles.details}>
              {[
                notification.tradeStatus &&
                  t('adminPayments.notification.tradeStatus', { status: notification.tradeStatus }),
                notification.amount !== null &&
                  t('adminPayments.notification.amount', {
                    amount: formatMoney(notification.amount),
                  }),
                notification.providerTradeNo,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
