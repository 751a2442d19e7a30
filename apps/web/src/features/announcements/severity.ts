import type { AnnouncementSeverity } from '@stratus/contract';

/** The Ant Design alert type of each severity (also the colour of its tag). */
export const severityAlertType = {
  info: 'info',
  warning: 'warning',
  critical: 'error',
} as const satisfies Record<AnnouncementSeverity, 'info' | 'warning' | 'error'>;

/** Tag colours, matching the alert types above. */
export const severityTagColor = {
  info: 'blue',
  warning: 'orange',
  critical: 'red',
} as const satisfies Record<AnnouncementSeverity, string>;
