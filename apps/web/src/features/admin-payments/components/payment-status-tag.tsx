import type { PaymentStatus } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colors: Record<PaymentStatus, string> = {
  pending: 'processing',
  paid: 'success',
  closed: 'default',
};

export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <Tag color={colors[status]}>{t(`adminPayments.status.${status}`)}</Tag>;
}
