import { auditActionSchema } from '@stratus/contract';
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
