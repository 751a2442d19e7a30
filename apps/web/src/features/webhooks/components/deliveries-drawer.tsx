import type { WebhookDelivery, WebhookEndpoint } from '@stratus/contract';
import { Button, Drawer, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/business-time.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { RowCards } from '../../../shared/ui/row-cards.tsx';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { useResendDelivery, useWebhookDeliveries } from '../api.ts';
import styles from './deliveries-drawer.module.css';

const PAGE_SIZE = 20;

const stateColour = { pending: 'orange', succeeded: 'green', failed: 'red' } as const;

/** An endpoint's delivery log: each event sent, its outcome, and a resend. */
export function DeliveriesDrawer({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  return (
    <Drawer
      open={endpoint !== null}
      title={t('webhooks.deliveries')}
      size={compact ? '100%' : 880}
      onClose={onClose}
      destroyOnHidden
    >
      {endpoint && <DeliveryLog endpoint={endpoint} compact={compact} />}
    </Drawer>
  );
}

function DeliveryLog({ endpoint, compact }: { endpoint: WebhookEndpoint; compact: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpoint.id, { page, pageSize: PAGE_SIZE });
  const resend = useResendDelivery(endpoint.id);
  const data = deliveries.data;

  const columns: TableColumnsType<WebhookDelivery> = [
    {
      title: withTimeZone(t('webhooks.delivery.time')),
      dataIndex: 'createdAt',
      width: 170,
      render: (createdAt: string) => formatDateTime(createdAt),
    },
    {
      title: t('webhooks.delivery.event'),
      dataIndex: 'event',
      render: (event: WebhookDelivery['event']) => (
        <div className={styles.event}>
          <span>{t(`webhooks.event.${event}`)}</span>
          <Typography.Text type="secondary" className={styles.eventId}>
            {event}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('webhooks.delivery.state'),
      dataIndex: 'state',
      width: 150,
      render: (state: WebhookDelivery['state'], delivery) => (
        <div className={styles.state}>
          <Tag color={stateColour[state]}>{t(`webhooks.delivery.state.${state}`)}</Tag>
          {delivery.nextAttemptAt && (
            <Typography.Text type="secondary" className={styles.next}>
              {t('webhooks.delivery.nextAttempt', { time: formatDateTime(delivery.nextAttemptAt) })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('webhooks.delivery.answer'),
      key: 'answer',
      render: (_, delivery) =>
        delivery.statusCode !== null ? (
          <code>HTTP {delivery.statusCode}</code>
        ) : delivery.error ? (
          <Typography.Text type="danger" className={styles.error}>
            {delivery.error}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('webhooks.delivery.noAnswer')}</Typography.Text>
        ),
    },
    {
      title: t('webhooks.delivery.duration'),
      dataIndex: 'durationMs',
      width: 80,
      render: (durationMs: number | null) => (durationMs === null ? '—' : `${durationMs} ms`),
    },
    {
      title: t('webhooks.delivery.attempts'),
      dataIndex: 'attempts',
      width: 90,
    },
    {
      title: t('webhooks.actions'),
      key: 'actions',
      width: 110,
      render: (_, delivery) => (
        <Button
          type="link"
          className={styles.resend}
          disabled={!endpoint.enabled}
          loading={resend.isPending && resend.variables === delivery.id}
          onClick={() =>
            resend.mutate(delivery.id, {
              onSuccess: () => showSuccessToast(t('webhooks.delivery.resent')),
            })
          }
        >
          {t('webhooks.delivery.resend')}
        </Button>
      ),
    },
  ];

  const pagination = {
    current: page,
    pageSize: PAGE_SIZE,
    total: data?.total ?? 0,
    showSizeChanger: false,
    hideOnSinglePage: true,
    onChange: setPage,
  };
  return (
    <>
      <Typography.Paragraph className={styles.url}>
        <code>{endpoint.url}</code>
      </Typography.Paragraph>
      {compact ? (
        <RowCards
          columns={columns}
          rows={data?.items ?? []}
          rowKey={(delivery) => delivery.id}
          loading={deliveries.isPending}
          empty={t('webhooks.delivery.empty')}
          pagination={pagination}
        />
      ) : (
        <Table<WebhookDelivery>
          rowKey="id"
          size="middle"
          loading={deliveries.isFetching}
          dataSource={data?.items ?? []}
          columns={columns}
          pagination={pagination}
          locale={{ emptyText: data && t('webhooks.delivery.empty') }}
        />
      )}
    </>
  );
}
