import type { BalanceAdjustmentStatus } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colours: Record<BalanceAdjustmentStatus, string> = {
  pending: 'warning',
  applied: 'success',
  rejected: 'default',
};

export function AdjustmentStatusTag({ status }: { status: BalanceAdjustmentStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={colours[status]} data-status={status}>
      {t(`adminCustomers.adjustments.status.${status}`)}
    </Tag>
  );
}
