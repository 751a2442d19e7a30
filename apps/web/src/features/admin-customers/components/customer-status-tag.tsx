import type { CustomerStatus } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function CustomerStatusTag({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'active' ? 'success' : 'error'} data-status={status}>
      {t(`adminCustomers.status.${status}`)}
    </Tag>
  );
}
