import type { AdminOrder, Page } from '@stratus/contract';
import { Button, Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { OrderStatusTag, OrderTypeTag } from '../../orders/public.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import styles from './admin-order-table.module.css';

interface AdminOrderTableProps {
  data: Page<AdminOrder> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  onDetail: (order: AdminOrder) => void;
}

/** Every customer's orders, paged by the server. */
export function AdminOrderTable({
  data,
  loading,
  page,
  pageSize,
  onPageChange,
  onDetail,
}: AdminOrderTableProps) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  // On a phone the order stays named at the left while the rest scrolls past it, and the
  // actions scroll with the row: held at the right they would cover half the narrow table.
  const columns: TableColumnsType<AdminOrder> = [
    {
      key: 'orderNo',
      title: t('orders.column.orderNo'),
      fixed: compact ? 'left' : undefined,
      width: 210,
      render: (_, order) => <Typography.Text copyable>{order.orderNo}</Typography.Text>,
    },
    {
      key: 'customer',
      title: t('adminOrders.column.customer'),
      // The whole address, wrapped where it must be, with a copy button: cut short, two
      // customers' addresses could not be told apart.
      width: 260,
      render: (_, order) => (
        <Typography.Text copyable className={styles.email}>
          {order.customerEmail}
        </Typography.Text>
      ),
    },
    {
      key: 'type',
      title: t('orders.column.type'),
      // The longest tag ("Static IP purchase") and the cell's padding.
      width: 150,
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
      width: 110,
      render: (_, order) => formatMoney(order.total),
    },
    {
      key: 'refunded',
      title: t('adminOrders.column.refunded'),
      align: 'right',
      width: 110,
      render: (_, order) => (order.refunded > 0 ? formatMoney(order.refunded) : '--'),
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
      width: 90,
      fixed: compact ? undefined : 'right',
      render: (_, order) => (
        <Button type="link" size="small" onClick={() => onDetail(order)}>
          {t('orders.detail')}
        </Button>
      ),
    },
  ];
  return (
    <Table<AdminOrder>
      rowKey="id"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: 1390 }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminOrders.empty')} />
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
