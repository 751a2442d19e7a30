import type { InstanceStatus } from '@stratus/contract';
import { useTranslation } from 'react-i18next';
import { CellTag } from './cell-tag.tsx';

export function InstanceStatusTag({ status }: { status: InstanceStatus }) {
  const { t } = useTranslation();
  return (
    <CellTag colour={status === 'active' ? 'success' : 'default'} data-status={status}>
      {t(`instances.status.${status}`)}
    </CellTag>
  );
}
