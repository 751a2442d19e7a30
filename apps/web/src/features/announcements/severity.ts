import type { AnnouncementSeverity } from '@stratus/contract';
import type { PlainTagColour } from '../../shared/ui/plain-tag.tsx';

/** The alert kind of each severity (Ant Design's alert types: the colours its alerts had). */
export const severityAlertType = {
  info: 'info',
  warning: 'warning',
  critical: 'error',
} as const satisfies Record<AnnouncementSeverity, 'info' | 'warning' | 'error'>;

/** Tag colours, matching the alert types above. */
export const severityTagColour = {
  info: 'blue',
  warning: 'orange',
  critical: 'red',
} as const satisfies Record<AnnouncementSeverity, PlainTagColour>;
