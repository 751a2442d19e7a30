import type { OrderStatus } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'paid' ? 'success' : 'warning'}>{t(`orders.status.${status}`)}</Tag>
  );
}
