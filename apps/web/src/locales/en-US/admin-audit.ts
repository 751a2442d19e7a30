import { auditMessages } from '@stratus/contract';
import type zhCN from '../zh-CN/admin-audit.ts';

export default {
  // Words the server writes too (the CSV export): one catalogue, in the contract.
  ...auditMessages['en-US'],
  'adminAudit.title': 'Audit log',
  'adminAudit.filter.actor': 'Actor',
  'adminAudit.filter.actorPlaceholder': 'Email or staff id',
  'adminAudit.filter.action': 'Action',
  'adminAudit.filter.allActions': 'All actions',
  'adminAudit.filter.target': 'Target',
  'adminAudit.filter.targetPlaceholder': 'Id or type:id',
  'adminAudit.filter.dateRange': 'Date range',
  'adminAudit.filter.reset': 'Reset',
  'adminAudit.export': 'Export CSV',
  'adminAudit.exportFileName': 'audit-log.csv',
  'adminAudit.empty': 'No audit entries',
  'adminAudit.total_one': '{{count}} entry',
  'adminAudit.total_other': '{{count}} entries',
  'adminAudit.noChanges': 'No field changed',
} satisfies Record<keyof typeof zhCN, string>;
