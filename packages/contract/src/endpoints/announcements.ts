// Notices operators publish to customers (the overview page and a dismissible banner).

export const announcementSeverities = ['info', 'warning', 'critical'] as const;
export type AnnouncementSeverity = (typeof announcementSeverities)[number];
