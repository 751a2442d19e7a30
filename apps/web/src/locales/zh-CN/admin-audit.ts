import { auditMessages } from '@stratus/contract';

export default {
  // Words the server writes too (the CSV export): one catalogue, in the contract.
  ...auditMessages['zh-CN'],
  'adminAudit.title': '审计日志',
  'adminAudit.filter.actor': '操作人',
  'adminAudit.filter.actorPlaceholder': '邮箱或员工 ID',
  'adminAudit.filter.action': '操作',
  'adminAudit.filter.allActions': '全部操作',
  'adminAudit.filter.target': '对象',
  'adminAudit.filter.targetPlaceholder': 'ID 或 类型:ID',
  'adminAudit.filter.dateRange': '日期范围',
  'adminAudit.filter.reset': '重置',
  'adminAudit.export': '导出 CSV',
  'adminAudit.exportFileName': '审计日志.csv',
  'adminAudit.empty': '暂无审计记录',
  'adminAudit.total_one': '共 {{count}} 条',
  'adminAudit.total_other': '共 {{count}} 条',
  'adminAudit.noChanges': '无字段变更',
};
