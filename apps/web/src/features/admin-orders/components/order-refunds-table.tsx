import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import type { AdminOrderDetail } from '@stratus/contract';
import { Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { formatMoney } from '../../../shared/format/money.ts';

type Refund = AdminOrderDetail['refunds'][number];

/** Every refund of the order, oldest first. */
export function OrderRefundsTable({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  if (order.refunds.length === 0) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminOrders.detail.noRefunds')} />
    );
  }
  return (
    <Table<Refund>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={order.refunds}
      columns={[
        {
          key: 'amount',
          title: t('adminOrders.refund.amountColumn'),
          align: 'right',
          width: 100,
          render: (_, refund) => formatMoney(refund.amount),
        },
        {
          key: 'kind',
          title: t('adminOrders.refund.kind'),
          width: 80,
          render: (_, refund) => (
            <Tag color={refund.full ? 'red' : 'gold'}>
              {t(refund.full ? 'adminOrders.refund.full' : 'adminOrders.refund.partial')}
            </Tag>
          ),
        },
        { key: 'reason', title: t('adminOrders.refund.reasonColumn'), dataIndex: 'reason' },
        {
          key: 'staff',
          title: t('adminOrders.refund.staff'),
          ellipsis: true,
          render: (_, refund) => refund.staffEmail ?? '--',
        },
        {
          key: 'time',
          title: withTimeZone(t('adminOrders.refund.time')),
          width: 170,
          render: (_, refund) => formatDateTime(refund.createdAt),
        },
      ]}
    />
  );
}
