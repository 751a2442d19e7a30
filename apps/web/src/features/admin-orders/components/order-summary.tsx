import type { AdminOrderDetail } from '@stratus/contract';
import { Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { OrderStatusTag, OrderTypeTag } from '../../orders/public.ts';

/** Whose order it is and where its money stands. */
export function OrderSummary({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
      <Descriptions.Item label={t('orders.column.orderNo')} span="filled">
        <Typography.Text copyable>{order.orderNo}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('adminOrders.column.customer')} span="filled">
        <Space>
          <Typography.Text copyable>{order.customer.email}</Typography.Text>
          {order.customer.disabledAt && (
            <Tag color="error">{t('adminOrders.detail.customerDisabled')}</Tag>
          )}
        </Space>
      </Descriptions.Item>
      {/* A ternary: `'' && …` would render the empty name as an item of its own. */}
      {order.customer.name ? (
        <Descriptions.Item label={t('adminOrders.detail.customerName')} span="filled">
          {order.customer.name}
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('orders.column.type')}>
        <OrderTypeTag type={order.type} />
      </Descriptions.Item>
      <Descriptions.Item label={t('orders.column.status')}>
        <OrderStatusTag status={order.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('orders.column.total')}>
        {formatMoney(order.total)}
      </Descriptions.Item>
      <Descriptions.Item label={t('adminOrders.column.refunded')}>
        {formatMoney(order.refunded)}
      </Descriptions.Item>
      <Descriptions.Item label={t('adminOrders.column.refundable')}>
        {formatMoney(order.refundable)}
      </Descriptions.Item>
      <Descriptions.Item label={withTimeZone(t('orders.column.createdAt'))}>
        {formatDateTime(order.createdAt)}
      </Descriptions.Item>
    </Descriptions>
  );
}
