import { withTimeZone } from '../../../../shared/format/time-zone-title.ts';
import type { TrafficPackage } from '@stratus/contract';
import { Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../../shared/format/bytes.ts';
import { formatDateTime } from '../../../../shared/format/date.ts';
import { PackageStatusTag } from '../../../traffic/public.ts';
import { useCustomerTab } from '../../api.ts';
import { useTabPaging } from '../../use-tab-paging.ts';

export function TrafficPackagesTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const { paging, pagination } = useTabPaging();
  const packages = useCustomerTab(customerId, 'trafficPackages', paging);
  const columns: TableColumnsType<TrafficPackage> = [
    {
      key: 'gb',
      title: t('traffic.packages.column.size'),
      width: 100,
      render: (_, item) => `${item.gb} GB`,
    },
    {
      key: 'usage',
      title: t('traffic.packages.column.usage'),
      width: 200,
      render: (_, item) =>
        t('traffic.packages.usedOfTotal', {
          used: formatBytes(item.usedBytes),
          total: formatBytes(item.totalBytes),
        }),
    },
    {
      key: 'remaining',
      title: t('adminCustomers.column.trafficLeft'),
      align: 'right',
      width: 120,
      render: (_, item) => formatBytes(item.remainingBytes),
    },
    {
      key: 'status',
      title: t('traffic.packages.column.status'),
      width: 100,
      render: (_, item) => <PackageStatusTag status={item.status} />,
    },
    {
      key: 'createdAt',
      title: withTimeZone(t('traffic.packages.column.createdAt')),
      width: 180,
      render: (_, item) => formatDateTime(item.createdAt),
    },
    {
      key: 'expiresAt',
      title: withTimeZone(t('traffic.packages.column.expiresAt')),
      width: 180,
      render: (_, item) => formatDateTime(item.expiresAt),
    },
    {
      key: 'orderNo',
      title: t('traffic.packages.column.orderNo'),
      width: 230,
      render: (_, item) => <Typography.Text copyable>{item.orderNo}</Typography.Text>,
    },
  ];
  return (
    <Table<TrafficPackage>
      rowKey="id"
      columns={columns}
      dataSource={packages.data?.items ?? []}
      loading={packages.isFetching}
      scroll={{ x: 1100 }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminCustomers.tab.empty')} />
        ),
      }}
      pagination={pagination(packages.data)}
    />
  );
}
