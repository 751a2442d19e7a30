import type { OrderType } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colours: Record<OrderType, string> = {
  static_ip: 'blue',
  renewal: 'purple',
  traffic: 'cyan',
  replacement: 'orange',
};

export function OrderTypeTag({ type }: { type: OrderType }) {
  const { t } = useTranslation();
  return (
    <Tag color={colours[type]} variant="filled">
      {t(`orders.type.${type}`)}
    </Tag>
  );
}
