import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import type { AdminOrderDetail } from '@stratus/contract';
import { Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';

type Instance = AdminOrderDetail['instances'][number];

/** The instances the order created or renewed, by IP. */
export function OrderInstancesTable({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  if (order.instances.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('adminOrders.detail.noInstances')}
      />
    );
  }
  return (
    <Table<Instance>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={order.instances}
      scroll={{ x: 460 }}
      columns={[
        {
          key: 'ip',
          title: t('adminOrders.instance.ip'),
          width: 170,
          render: (_, instance) => <Typography.Text copyable>{instance.ip}</Typography.Text>,
        },
        {
          key: 'status',
          title: t('adminOrders.instance.status'),
          width: 110,
          render: (_, instance) => (
            <Tag color={instance.status === 'active' ? 'success' : 'default'}>
              {t(`instances.status.${instance.status}`)}
            </Tag>
          ),
        },
        {
          key: 'expiresAt',
          title: withTimeZone(t('adminOrders.instance.expiresAt')),
          width: 180,
          render: (_, instance) => formatDateTime(instance.expiresAt),
        },
      ]}
    />
  );
}
