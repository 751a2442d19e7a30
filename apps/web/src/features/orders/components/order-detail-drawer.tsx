import type { Order } from '@stratus/contract';
import {
  Descriptions,
  Drawer,
  Empty,
  Skeleton,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { receiptPathOf } from '../../../shared/paths.ts';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { useOrder } from '../api.ts';
import { itemRegion } from '../item-summary.ts';
import { OrderStatusTag } from './order-status-tag.tsx';
import { OrderTypeTag } from './order-type-tag.tsx';
import styles from './order-detail-drawer.module.css';

// Order lines have no id of their own; their position in the order names them.
type OrderItem = Order['items'][number] & { key: number };

/** One order as the server has it now, with its lines and instances. */
export function OrderDetailDrawer({
  orderId,
  onClose,
}: {
  orderId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const order = useOrder(orderId);
  const data = order.data;
  const columns: TableColumnsType<OrderItem> = [
    {
      key: 'region',
      title: t('orders.item.region'),
      render: (_, item) =>
        item.kind === 'traffic'
          ? t('orders.item.traffic', { gb: item.trafficGb ?? 0 })
          : itemRegion(item) || '--',
    },
    {
      key: 'lineType',
      title: t('orders.item.lineType'),
      render: (_, item) =>
        item.lineType
          ? t(`instances.lineType.${item.lineType}`)
          : t(item.kind === 'traffic' ? 'orders.item.dynamicLine' : 'orders.item.noLine'),
    },
    {
      key: 'duration',
      title: t('orders.item.duration'),
      render: (_, item) =>
        t(item.kind === 'traffic' ? 'orders.item.validity' : 'orders.item.days', {
          count: item.durationDays,
        }),
    },
    { key: 'quantity', title: t('orders.item.quantity'), dataIndex: 'quantity' },
    {
      key: 'unitPrice',
      title: t('orders.item.unitPrice'),
      align: 'right',
      render: (_, item) => formatMoney(item.unitPrice),
    },
    {
      key: 'amount',
      title: t('orders.item.amount'),
      align: 'right',
      render: (_, item) => formatMoney(item.amount),
    },
  ];
  return (
    <Drawer
      open={orderId !== null}
      size={640}
      title={t('orders.detail.title')}
      onClose={onClose}
      extra={
        data && (
          <Link to={receiptPathOf('order', data.id)} className={TOUCH_TARGET}>
            {t('receipts.view')}
          </Link>
        )
      }
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('orders.column.orderNo')}>
              <Typography.Text copyable>{data.orderNo}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.column.type')}>
              <OrderTypeTag type={data.type} />
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.column.status')}>
              <OrderStatusTag status={data.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.column.total')}>
              {formatMoney(data.total)}
            </Descriptions.Item>
            <Descriptions.Item label={withTimeZone(t('orders.column.createdAt'))}>
              {formatDateTime(data.createdAt)}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} className={styles.title}>
            {t('orders.detail.items')}
          </Typography.Title>
          <Table<OrderItem>
            rowKey="key"
            size="small"
            columns={columns}
            dataSource={data.items.map((item, key) => ({ ...item, key }))}
            pagination={false}
            // Each cell keeps to one line: in a phone-wide drawer the items scroll sideways
            // rather than "数量" or an amount breaking letter by letter.
            className={styles.items}
            scroll={{ x: 'max-content' }}
          />
          <Typography.Title level={5} className={styles.title}>
            {t('orders.detail.instances')}
          </Typography.Title>
          {data.instances.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('orders.detail.noInstances')}
            />
          ) : (
            <ul className={styles.instances}>
              {data.instances.map(({ id, ip, port }) => (
                <li key={id}>
                  <Typography.Text copyable code>
                    {`${ip}:${port}`}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Drawer>
  );
}
