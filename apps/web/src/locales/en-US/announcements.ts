import type zhCN from '../zh-CN/announcements.ts';

export default {
  'announcements.title': 'Announcements',
  'announcements.severity.info': 'Info',
  'announcements.severity.warning': 'Warning',
  'announcements.severity.critical': 'Critical',
  'announcements.dismiss': 'Dismiss',
  'announcements.since': 'Since {{time}}',
  'announcements.until': '{{start}} to {{end}}',
} satisfies Record<keyof typeof zhCN, string>;
