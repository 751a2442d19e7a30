import type { AnnouncementSeverity } from '@stratus/contract';
import { useTranslation } from 'react-i18next';
import { PlainTag } from '../../../shared/ui/plain-tag.tsx';
import { severityTagColour } from '../severity.ts';

/** 通知 / 注意 / 紧急, in the severity's colour. */
export function SeverityTag({ severity }: { severity: AnnouncementSeverity }) {
  const { t } = useTranslation();
  return (
    <PlainTag colour={severityTagColour[severity]}>
      {t(`announcements.severity.${severity}`)}
    </PlainTag>
  );
}
