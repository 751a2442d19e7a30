import type { TrafficPackageStatus } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colours: Record<TrafficPackageStatus, string> = {
  active: 'green',
  exhausted: 'orange',
  expired: 'default',
};

export function PackageStatusTag({ status }: { status: TrafficPackageStatus }) {
  const { t } = useTranslation();
  return <Tag color={colours[status]}>{t(`traffic.status.${status}`)}</Tag>;
}
