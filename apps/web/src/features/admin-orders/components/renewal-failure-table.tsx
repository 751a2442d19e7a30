import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import type { Page, RenewalFailure } from '@stratus/contract';
import { Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { renewalFailureReasonKey } from '../renewal-failure-reason.ts';

interface RenewalFailureTableProps {
  data: Page<RenewalFailure> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
}

/** Static IPs whose last automatic renewal failed, for the operator to follow up. */
export function RenewalFailureTable({
  data,
  loading,
  page,
  pageSize,
  onPageChange,
}: RenewalFailureTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<RenewalFailure> = [
    {
      key: 'customer',
      title: t('adminOrders.renewalFailure.customer'),
      ellipsis: true,
      render: (_, failure) => <Typography.Text copyable>{failure.customerEmail}</Typography.Text>,
    },
    {
      key: 'ip',
      title: t('adminOrders.renewalFailure.ip'),
      width: 170,
      render: (_, failure) => <Typography.Text copyable>{failure.ip}</Typography.Text>,
    },
    {
      key: 'status',
      title: t('adminOrders.renewalFailure.status'),
      width: 100,
      render: (_, failure) => (
        <Tag color={failure.status === 'active' ? 'success' : 'default'}>
          {t(`instances.status.${failure.status}`)}
        </Tag>
      ),
    },
    {
      key: 'expiresAt',
      title: withTimeZone(t('adminOrders.renewalFailure.expiresAt')),
      width: 180,
      render: (_, failure) => formatDateTime(failure.expiresAt),
    },
    {
      key: 'autoRenew',
      title: t('adminOrders.renewalFailure.autoRenew'),
      width: 120,
      render: (_, failure) =>
        t(
          failure.autoRenew
            ? 'adminOrders.renewalFailure.autoRenewOn'
            : 'adminOrders.renewalFailure.autoRenewOff',
        ),
    },
    {
      key: 'warning',
      title: t('adminOrders.renewalFailure.warning'),
      render: (_, failure) => (
        <Tag color="warning">
          {t(renewalFailureReasonKey(failure.warning), { warning: failure.warning })}
        </Tag>
      ),
    },
  ];
  return (
    <Table<RenewalFailure>
      rowKey="instanceId"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: 900 }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('adminOrders.renewalFailure.empty')}
          />
        ),
      }}
      pagination={{
        current: data?.page ?? page,
        pageSize: data?.pageSize ?? pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('adminOrders.total', { total }),
        onChange: onPageChange,
      }}
    />
  );
}
