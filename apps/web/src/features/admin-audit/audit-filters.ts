import { auditActions, auditActionSchema, describeAuditAction } from '@stratus/contract';
import type { TFunction } from 'i18next';
import type { FilterField } from '../../shared/ui/filter-fields.ts';
import {
  day,
  defineListFilters,
  oneOf,
  text,
  type FilterValues,
} from '../../shared/list-filters.ts';

/** The audit log's filters, kept in the address so a filtered view can be shared or reloaded. */
export const auditFilters = defineListFilters({
  /** Part of the actor's email, or their id. */
  actor: text(),
  action: oneOf(auditActionSchema),
  /** A target id, or `type:id`. */
  target: text(),
  /** Inclusive `YYYY-MM-DD` bounds. */
  from: day(),
  to: day(),
});

export type AuditFilters = FilterValues<typeof auditFilters.params, true>;

/** Actor, action, target and date range, as the bar above the log shows them. */
export function auditFilterFields(t: TFunction): FilterField<AuditFilters>[] {
  return [
    {
      kind: 'search',
      name: 'actor',
      label: t('adminAudit.filter.actor'),
      placeholder: t('adminAudit.filter.actorPlaceholder'),
      width: 190,
    },
    {
      kind: 'select',
      name: 'action',
      label: t('adminAudit.filter.action'),
      all: t('adminAudit.filter.allActions'),
      options: auditActions.map((action) => ({
        value: action,
        label: describeAuditAction(action, (key) => t(key)),
      })),
      width: 170,
    },
    {
      kind: 'search',
      name: 'target',
      label: t('adminAudit.filter.target'),
      placeholder: t('adminAudit.filter.targetPlaceholder'),
      width: 190,
    },
    {
      kind: 'dateRange',
      from: 'from',
      to: 'to',
      label: t('adminAudit.filter.dateRange'),
      width: 250,
    },
  ];
}
