import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import type { AllowlistEntry } from '@stratus/contract';
import { Alert, Button, Popconfirm, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { useDeleteAllowlistEntry, useIpAllowlist } from '../api.ts';
import { AllowlistAddForm } from './allowlist-add-form.tsx';

/** The allowlist: connect from these addresses to any of your static IPs without credentials. */
export function AllowlistPanel() {
  const { t } = useTranslation();
  const allowlist = useIpAllowlist();
  const remove = useDeleteAllowlistEntry();
  const data = allowlist.data;
  const count = data?.items.length ?? 0;
  const max = data?.max ?? 20;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title={t('access.allowlist.howTitle')}
        description={t('access.allowlist.how')}
      />
      <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
        <AllowlistAddForm yourAddress={data?.yourAddress} full={count >= max} />
        <Typography.Text data-testid="allowlist-count">
          {t('access.allowlist.count', { count, max })}
        </Typography.Text>
      </Space>
      {data && (
        <Typography.Text type="secondary">
          {t('access.allowlist.yourAddress', { address: data.yourAddress })}
        </Typography.Text>
      )}
      <Table<AllowlistEntry>
        rowKey="id"
        size="middle"
        loading={allowlist.isFetching}
        dataSource={data?.items ?? []}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: data && t('access.allowlist.empty') }}
        columns={[
          {
            title: t('access.allowlist.address'),
            dataIndex: 'cidr',
            render: (cidr: string) => <code>{cidr}</code>,
          },
          { title: t('access.allowlist.note'), dataIndex: 'note' },
          {
            title: withTimeZone(t('access.allowlist.lastUsed')),
            dataIndex: 'lastUsedAt',
            render: (at: string | null) => (at ? formatDateTime(at) : t('access.allowlist.never')),
          },
          {
            title: withTimeZone(t('access.allowlist.createdAt')),
            dataIndex: 'createdAt',
            render: (at: string) => formatDateTime(at),
          },
          {
            title: t('access.actions'),
            key: 'actions',
            fixed: 'right',
            width: 100,
            render: (_, entry) => (
              <Popconfirm
                title={t('access.allowlist.deleteConfirm', { address: entry.cidr })}
                okText={t('access.delete')}
                cancelText={t('access.cancel')}
                onConfirm={() => remove.mutateAsync(entry.id)}
              >
                <Button type="link" danger>
                  {t('access.delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Space>
  );
}
