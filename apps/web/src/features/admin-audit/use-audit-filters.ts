import { auditActionSchema, type AuditAction } from '@stratus/contract';
import { useSearchParams } from 'react-router';
import {
  filtersToSearchParams,
  nextFilters,
  readDay,
  readOneOf,
  readPaging,
  readText,
} from '../../shared/list-filters.ts';
import type { AuditLogQuery } from './api.ts';

export interface AuditFilters {
  /** Part of the actor's email, or their id. */
  actor: string | undefined;
  action: AuditAction | undefined;
  /** A target id, or `type:id`. */
  target: string | undefined;
  /** Inclusive `YYYY-MM-DD` bounds. */
  from: string | undefined;
  to: string | undefined;
  page: number;
  pageSize: number;
}

/** The audit log's filters live in the address, so a filtered view can be shared or reloaded. */
export function useAuditFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: AuditFilters = {
    actor: readText(searchParams, 'actor'),
    action: readOneOf(searchParams, 'action', auditActionSchema),
    target: readText(searchParams, 'target'),
    from: readDay(searchParams, 'from'),
    to: readDay(searchParams, 'to'),
    ...readPaging(searchParams),
  };

  const update = (changes: Partial<AuditFilters>) => {
    setSearchParams(
      filtersToSearchParams(nextFilters(filters, changes), [
        'actor',
        'action',
        'target',
        'from',
        'to',
      ]),
    );
  };

  const query: AuditLogQuery = {
    page: filters.page,
    pageSize: filters.pageSize,
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.target ? { target: filters.target } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };

  return { filters, query, update };
}
