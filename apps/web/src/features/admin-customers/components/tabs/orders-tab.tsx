import { withTimeZone } from '../../../../shared/format/time-zone-title.ts';
import type { Order } from '@stratus/contract';
import { Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/date.ts';
import { formatMoney } from '../../../../shared/format/money.ts';
import { OrderStatusTag, OrderTypeTag, summariseItems } from '../../../orders/public.ts';
import { useCustomerTab } from '../../api.ts';
import { useTabPaging } from '../../use-tab-paging.ts';

export function OrdersTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const { paging, pagination } = useTabPaging();
  const orders = useCustomerTab(customerId, 'orders', paging);
  const columns: TableColumnsType<Order> = [
    {
      key: 'orderNo',
      title: t('orders.column.orderNo'),
      width: 230,
      render: (_, order) => <Typography.Text copyable>{order.orderNo}</Typography.Text>,
    },
    {
      key: 'type',
      title: t('orders.column.type'),
      width: 120,
      render: (_, order) => <OrderTypeTag type={order.type} />,
    },
    {
      key: 'status',
      title: t('orders.column.status'),
      width: 110,
      render: (_, order) => <OrderStatusTag status={order.status} />,
    },
    {
      key: 'total',
      title: t('orders.column.total'),
      align: 'right',
      width: 120,
      render: (_, order) => formatMoney(order.total),
    },
    {
      key: 'items',
      title: t('orders.column.items'),
      ellipsis: true,
      render: (_, order) => summariseItems(order, t) || '--',
    },
    {
      key: 'createdAt',
      title: withTimeZone(t('orders.column.createdAt')),
      width: 180,
      render: (_, order) => formatDateTime(order.createdAt),
    },
  ];
  return (
    <Table<Order>
      rowKey="id"
      columns={columns}
      dataSource={orders.data?.items ?? []}
      loading={orders.isFetching}
      scroll={{ x: 1000 }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminCustomers.tab.empty')} />
        ),
      }}
      pagination={pagination(orders.data)}
    />
  );
}
