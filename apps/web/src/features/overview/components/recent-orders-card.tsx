import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import type { Order } from '@stratus/contract';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IP_ORDER_LIST_PATH } from '../../../shared/paths.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { OrderTypeTag, summariseItems } from '../../orders/public.ts';
import styles from './recent-orders-card.module.css';

interface RecentOrdersCardProps {
  orders: Order[];
  loading: boolean;
}

/** The newest orders in brief, with the way to all of them. */
export function RecentOrdersCard({ orders, loading }: RecentOrdersCardProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Order> = [
    {
      key: 'type',
      title: t('orders.column.type'),
      className: styles.nowrap,
      render: (_, order) => <OrderTypeTag type={order.type} />,
    },
    {
      key: 'items',
      title: t('orders.column.items'),
      ellipsis: true,
      // Wide enough to say what was bought; the table scrolls sideways on a phone instead.
      width: 200,
      render: (_, order) => summariseItems(order, t) || '--',
    },
    {
      key: 'total',
      title: t('orders.column.total'),
      align: 'right',
      className: styles.nowrap,
      render: (_, order) => formatMoney(order.total),
    },
    {
      key: 'createdAt',
      title: withTimeZone(t('orders.column.createdAt')),
      className: styles.nowrap,
      render: (_, order) => formatDateTime(order.createdAt),
    },
  ];
  return (
    <Card
      title={t('overview.orders.title')}
      extra={<Link to={IP_ORDER_LIST_PATH}>{t('overview.orders.all')}</Link>}
    >
      <Table<Order>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={orders}
        loading={loading}
        pagination={false}
        // A tag, an amount and a date keep to one line: on a phone the rows scroll sideways
        // rather than a date breaking inside itself or a tag lying over the next column.
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.empty')} />,
        }}
      />
    </Card>
  );
}
