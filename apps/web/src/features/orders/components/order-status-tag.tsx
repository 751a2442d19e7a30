import type { OrderStatus } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colours: Record<OrderStatus, string> = {
  paid: 'success',
  partially_refunded: 'warning',
  refunded: 'default',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={colours[status]} data-status={status}>
      {t(`orders.status.${status}`)}
    </Tag>
  );
}
