import type { AnnouncementSeverity } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { severityTagColor } from '../severity.ts';

/** 通知 / 注意 / 紧急, in the severity's colour. */
export function SeverityTag({ severity }: { severity: AnnouncementSeverity }) {
  const { t } = useTranslation();
  return <Tag color={severityTagColor[severity]}>{t(`announcements.severity.${severity}`)}</Tag>;
}
