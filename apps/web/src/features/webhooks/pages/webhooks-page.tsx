import { PlusOutlined } from '@ant-design/icons';
import type { WebhookEndpoint } from '@stratus/contract';
import {
  Button,
  Card,
  Collapse,
  Popconfirm,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/business-time.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { RowCards } from '../../../shared/ui/row-cards.tsx';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { useDeleteWebhook, useUpdateWebhook, useWebhooks } from '../api.ts';
import { DeliveriesDrawer } from '../components/deliveries-drawer.tsx';
import { SignatureHelp } from '../components/signature-help.tsx';
import { WebhookModal } from '../components/webhook-modal.tsx';
import { WebhookSecretModal } from '../components/webhook-secret-modal.tsx';
import styles from './webhooks-page.module.css';

function stateOf(endpoint: WebhookEndpoint) {
  if (endpoint.enabled) return { colour: 'green', label: 'webhooks.state.on' } as const;
  return endpoint.disabledReason === 'failing'
    ? ({ colour: 'red', label: 'webhooks.state.failing' } as const)
    : ({ colour: 'default', label: 'webhooks.state.owner' } as const);
}

/** Webhook: the customer's endpoints, each with its events, state and delivery log. */
export default function WebhooksPage() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const compact = useCompactLayout();
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const data = webhooks.data;
  const count = data?.items.length ?? 0;
  const max = data?.max ?? 5;

  const columns: TableColumnsType<WebhookEndpoint> = [
    {
      title: t('webhooks.url'),
      dataIndex: 'url',
      render: (url: string) => <code className={styles.url}>{url}</code>,
    },
    {
      title: t('webhooks.events'),
      dataIndex: 'events',
      render: (events: WebhookEndpoint['events']) => (
        <Typography.Text title={events.map((event) => t(`webhooks.event.${event}`)).join('、')}>
          {events.length <= 2
            ? events.map((event) => t(`webhooks.event.${event}`)).join(' · ')
            : t('webhooks.eventsCount', { count: events.length })}
        </Typography.Text>
      ),
    },
    {
      title: t('webhooks.state'),
      key: 'state',
      width: 240,
      render: (_, endpoint) => {
        const state = stateOf(endpoint);
        return (
          <div className={styles.state}>
            <div className={styles.switchRow}>
              <Switch
                className={TOUCH_TARGET}
                checked={endpoint.enabled}
                aria-label={`${t('webhooks.enabled')} ${endpoint.url}`}
                loading={update.isPending && update.variables?.id === endpoint.id}
                onChange={(checked) =>
                  update.mutate(
                    { id: endpoint.id, changes: { enabled: checked } },
                    {
                      onSuccess: () =>
                        showSuccessToast(
                          t(checked ? 'webhooks.switchedOn' : 'webhooks.switchedOff'),
                        ),
                    },
                  )
                }
              />
              <Tag color={state.colour}>{t(state.label)}</Tag>
            </div>
            {endpoint.failingSince && (
              <Typography.Text type="danger" className={styles.failing}>
                {t('webhooks.failingSince', { time: formatDateTime(endpoint.failingSince) })}
              </Typography.Text>
            )}
          </div>
        );
      },
    },
    {
      title: t('webhooks.actions'),
      key: 'actions',
      width: 250,
      render: (_, endpoint) => (
        <Space size={0} wrap>
          <Button type="link" onClick={() => setLogOf(endpoint)}>
            {t('webhooks.deliveries')}
          </Button>
          <Button type="link" onClick={() => setEditing(endpoint)}>
            {t('webhooks.edit')}
          </Button>
          <Popconfirm
            title={t('webhooks.deleteConfirm')}
            okText={t('webhooks.delete')}
            cancelText={t('webhooks.cancel')}
            onConfirm={() =>
              remove.mutateAsync(endpoint.id, {
                onSuccess: () => showSuccessToast(t('webhooks.deleted')),
              })
            }
          >
            <Button type="link" danger>
              {t('webhooks.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} className={styles.page}>
      <Card
        title={t('webhooks.endpoints')}
        extra={
          <Space wrap>
            <Typography.Text type="secondary">
              {t('webhooks.count', { count, max })}
            </Typography.Text>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!data || count >= max}
              onClick={() => setCreating(true)}
            >
              {t('webhooks.add')}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('webhooks.explain')}</Typography.Paragraph>
        {compact ? (
          <RowCards
            columns={columns}
            rows={data?.items ?? []}
            rowKey={(endpoint) => endpoint.id}
            loading={webhooks.isPending}
            empty={t('webhooks.empty')}
          />
        ) : (
          <Table<WebhookEndpoint>
            rowKey="id"
            size="middle"
            loading={webhooks.isFetching}
            dataSource={data?.items ?? []}
            columns={columns}
            pagination={false}
            locale={{ emptyText: data && t('webhooks.empty') }}
          />
        )}
      </Card>
      <Collapse
        items={[{ key: 'verify', label: t('webhooks.verify.title'), children: <SignatureHelp /> }]}
      />
      <WebhookModal
        open={creating || editing !== null}
        endpoint={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
        onCreated={setSecret}
      />
      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
      <DeliveriesDrawer endpoint={logOf} onClose={() => setLogOf(null)} />
    </Space>
  );
}
