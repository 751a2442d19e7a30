import { PlusOutlined } from '@ant-design/icons';
import type { ApiKey, ApiKeyState } from '@stratus/contract';
import {
  Button,
  Card,
  Popconfirm,
  Space,
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
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { useApiKeys, useRevokeApiKey } from '../api.ts';
import { ApiKeyCreatedModal } from '../components/api-key-created-modal.tsx';
import { CreateApiKeyModal } from '../components/create-api-key-modal.tsx';
import styles from './api-keys-page.module.css';

const stateColours: Record<ApiKeyState, string> = {
  active: 'green',
  revoked: 'default',
  expired: 'orange',
};

/** API keys: the customer's scoped keys beside the personal token; made, listed and revoked. */
export default function ApiKeysPage() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const compact = useCompactLayout();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const data = keys.data;
  const live = data?.items.filter((key) => key.state === 'active').length ?? 0;
  const max = data?.max ?? 10;

  const columns: TableColumnsType<ApiKey> = [
    {
      title: t('apiKeys.name'),
      key: 'name',
      render: (_, key) => (
        <div className={styles.name}>
          <Typography.Text strong>{key.name}</Typography.Text>
          <code className={styles.prefix}>{`${key.prefix}…`}</code>
        </div>
      ),
    },
    {
      title: t('apiKeys.scopes'),
      dataIndex: 'scopes',
      render: (scopes: ApiKey['scopes']) => (
        <Space size={4} wrap>
          {scopes.map((scope) => (
            <Tag key={scope}>{t(`apiKeys.scope.${scope}`)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('apiKeys.sources'),
      dataIndex: 'allowedSources',
      render: (sources: string[]) =>
        sources.length === 0 ? (
          <Typography.Text type="secondary">{t('apiKeys.anywhere')}</Typography.Text>
        ) : (
          <span className={styles.sources}>
            {sources.map((source) => (
              <code key={source}>{source}</code>
            ))}
          </span>
        ),
    },
    {
      title: t('apiKeys.expiresAt'),
      dataIndex: 'expiresAt',
      render: (expiresAt: string | null) =>
        expiresAt ? formatDateTime(expiresAt) : t('apiKeys.never'),
    },
    {
      title: t('apiKeys.lastUsed'),
      key: 'lastUsed',
      render: (_, key) =>
        key.lastUsedAt ? (
          <div className={styles.lastUsed}>
            <span>{formatDateTime(key.lastUsedAt)}</span>
            {key.lastUsedIp && (
              <Typography.Text type="secondary" className={styles.ip}>
                {key.lastUsedIp}
              </Typography.Text>
            )}
          </div>
        ) : (
          <Typography.Text type="secondary">{t('apiKeys.neverUsed')}</Typography.Text>
        ),
    },
    {
      title: t('apiKeys.state'),
      dataIndex: 'state',
      render: (state: ApiKeyState) => (
        <Tag color={stateColours[state]}>{t(`apiKeys.state.${state}`)}</Tag>
      ),
    },
    {
      title: t('apiKeys.actions'),
      key: 'actions',
      render: (_, key) =>
        key.state === 'active' ? (
          <Popconfirm
            title={t('apiKeys.revokeConfirm', { name: key.name })}
            description={t('apiKeys.revokeConfirmHint')}
            okText={t('apiKeys.revoke')}
            okButtonProps={{ danger: true }}
            cancelText={t('apiKeys.cancel')}
            onConfirm={() =>
              revoke.mutateAsync(key.id, {
                onSuccess: () => showSuccessToast(t('apiKeys.revoked')),
              })
            }
          >
            <Button type="link" danger>
              {t('apiKeys.revoke')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Space orientation="vertical" size={16} className={styles.page}>
      <Card
        title={t('apiKeys.title')}
        extra={
          <Space wrap>
            <Typography.Text type="secondary">
              {t('apiKeys.count', { count: live, max })}
            </Typography.Text>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!data || live >= max}
              onClick={() => setCreating(true)}
            >
              {t('apiKeys.create')}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('apiKeys.explain')}</Typography.Paragraph>
        {compact ? (
          <RowCards
            columns={columns}
            rows={data?.items ?? []}
            rowKey={(key) => key.id}
            loading={keys.isPending}
            empty={t('apiKeys.empty')}
          />
        ) : (
          <Table<ApiKey>
            rowKey="id"
            size="middle"
            loading={keys.isFetching}
            dataSource={data?.items ?? []}
            columns={columns}
            pagination={false}
            locale={{ emptyText: data && t('apiKeys.empty') }}
          />
        )}
      </Card>
      <CreateApiKeyModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={setCreated}
      />
      <ApiKeyCreatedModal apiKey={created} onClose={() => setCreated(null)} />
    </Space>
  );
}
