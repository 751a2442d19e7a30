import type { InstanceStatus } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function InstanceStatusTag({ status }: { status: InstanceStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'active' ? 'success' : 'default'} data-status={status}>
      {t(`instances.status.${status}`)}
    </Tag>
  );
}
