import { withTimeZone } from '../../../../shared/format/time-zone-title.ts';
import { hasPermission, type Order } from '@stratus/contract';
import { Button, Empty, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/date.ts';
import { formatMoney } from '../../../../shared/format/money.ts';
import { useCompactLayout } from '../../../../shared/ui/use-compact-layout.ts';
import { AdminOrderDrawer } from '../../../admin-orders/public.ts';
import { OrderStatusTag, OrderTypeTag, summariseItems } from '../../../orders/public.ts';
import { useMe } from '../../../users/public.ts';
import { useCustomerTab } from '../../api.ts';
import { useTabPaging } from '../../use-tab-paging.ts';

export function OrdersTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const { paging, pagination } = useTabPaging();
  const orders = useCustomerTab(customerId, 'orders', paging);
  const role = useMe().data?.role;
  const compact = useCompactLayout();
  const mayRefund = role !== undefined && hasPermission(role, 'orders.refund');
  // The order the drawer shows, and whether it opened on its refund (the same drawer and dialog
  // as 订单与退款).
  const [open, setOpen] = useState<{ id: string; refund: boolean } | null>(null);
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
    {
      key: 'actions',
      title: t('orders.column.actions'),
      width: 130,
      // Held at the right on a wide screen, so 退款 is never scrolled off; on a phone it scrolls
      // with the row (held there it would cover half the narrow table).
      fixed: compact ? undefined : 'right',
      render: (_, order) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen({ id: order.id, refund: false })}>
            {t('orders.detail')}
          </Button>
          {mayRefund && order.status !== 'refunded' && (
            <Button
              type="link"
              size="small"
              danger
              aria-label={`${t('adminOrders.refund.button')} ${order.orderNo}`}
              onClick={() => setOpen({ id: order.id, refund: true })}
            >
              {t('adminOrders.refund.button')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Table<Order>
        rowKey="id"
        columns={columns}
        dataSource={orders.data?.items ?? []}
        loading={orders.isFetching}
        scroll={{ x: 1130 }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('adminCustomers.tab.empty')}
            />
          ),
        }}
        pagination={pagination(orders.data)}
      />
      {/* Keyed per opening: the refund dialog opens with the drawer it was asked from. */}
      <AdminOrderDrawer
        key={open ? `${open.id}-${open.refund}` : 'closed'}
        orderId={open?.id ?? null}
        refundAtOnce={open?.refund ?? false}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
