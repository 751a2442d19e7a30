import type { Order, Page } from '@stratus/contract';
import { Button, Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { summariseItems } from '../item-summary.ts';
import { OrderStatusTag } from './order-status-tag.tsx';
import { OrderTypeTag } from './order-type-tag.tsx';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import styles from './order-table.module.css';

interface OrderTableProps {
  data: Page<Order> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  onDetail: (order: Order) => void;
}

/** Orders, paged by the server. */
export function OrderTable({
  data,
  loading,
  page,
  pageSize,
  onPageChange,
  onDetail,
}: OrderTableProps) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const columns: TableColumnsType<Order> = [
    {
      key: 'orderNo',
      title: t('orders.column.orderNo'),
      // On a phone the order stays named while its other columns scroll past.
      fixed: compact ? 'left' : undefined,
      width: 220,
      render: (_, order) => <Typography.Text copyable>{order.orderNo}</Typography.Text>,
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
      width: 100,
      render: (_, order) => <OrderStatusTag status={order.status} />,
    },
    {
      key: 'total',
      title: t('orders.column.total'),
      align: 'right',
      width: 120,
      // An amount reads as one figure: never broken over lines.
      className: styles.amount,
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
      width: 90,
      render: (_, order) => (
        <Button type="link" size="small" onClick={() => onDetail(order)}>
          {t('orders.detail')}
        </Button>
      ),
    },
  ];
  return (
    <Table<Order>
      rowKey="id"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: 1000 }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.empty')} />,
      }}
      pagination={{
        current: data?.page ?? page,
        pageSize: data?.pageSize ?? pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('orders.total', { count: total }),
        onChange: onPageChange,
      }}
    />
  );
}
