import { withTimeZone } from '../../../../shared/format/time-zone-title.ts';
import type { AdminCustomerSession, CustomerSessionStatus } from '@stratus/contract';
import { Empty, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/date.ts';
import { useCustomerTab } from '../../api.ts';
import { useTabPaging } from '../../use-tab-paging.ts';

const statusColours: Record<CustomerSessionStatus, string> = {
  active: 'success',
  revoked: 'default',
  expired: 'default',
};

export function SessionsTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const { paging, pagination } = useTabPaging();
  const sessions = useCustomerTab(customerId, 'sessions', paging);
  const columns: TableColumnsType<AdminCustomerSession> = [
    {
      key: 'createdAt',
      title: withTimeZone(t('adminCustomers.session.createdAt')),
      width: 180,
      render: (_, session) => formatDateTime(session.createdAt),
    },
    {
      key: 'status',
      title: t('adminCustomers.session.status'),
      width: 100,
      render: (_, session) => (
        <Tag color={statusColours[session.status]} data-status={session.status}>
          {t(`adminCustomers.session.status.${session.status}`)}
        </Tag>
      ),
    },
    {
      key: 'lastUsedAt',
      title: withTimeZone(t('adminCustomers.session.lastUsedAt')),
      width: 180,
      render: (_, session) => formatDateTime(session.lastUsedAt),
    },
    {
      key: 'expiresAt',
      title: withTimeZone(t('adminCustomers.session.expiresAt')),
      width: 180,
      render: (_, session) => formatDateTime(session.expiresAt),
    },
    {
      key: 'ip',
      title: t('adminCustomers.session.ip'),
      width: 150,
      render: (_, session) => session.ip ?? '--',
    },
    {
      key: 'userAgent',
      title: t('adminCustomers.session.userAgent'),
      ellipsis: true,
      render: (_, session) => session.userAgent ?? '--',
    },
  ];
  return (
    <Table<AdminCustomerSession>
      rowKey="id"
      columns={columns}
      dataSource={sessions.data?.items ?? []}
      loading={sessions.isFetching}
      scroll={{ x: 1000 }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminCustomers.tab.empty')} />
        ),
      }}
      pagination={pagination(sessions.data)}
    />
  );
}
