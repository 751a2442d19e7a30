import {
  auditActionSchema,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type AuditAction,
} from '@stratus/contract';
import { useSearchParams } from 'react-router';
import type { AuditLogQuery } from './api.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

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

function positiveInteger(value: string | null, fallback: number, max = Infinity): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
}

function day(value: string | null): string | undefined {
  return value !== null && DAY.test(value) ? value : undefined;
}

function text(value: string | null): string | undefined {
  return value?.trim() || undefined;
}

/** The audit log's filters live in the address, so a filtered view can be shared or reloaded. */
export function useAuditFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const action = auditActionSchema.safeParse(searchParams.get('action'));
  const filters: AuditFilters = {
    actor: text(searchParams.get('actor')),
    action: action.success ? action.data : undefined,
    target: text(searchParams.get('target')),
    from: day(searchParams.get('from')),
    to: day(searchParams.get('to')),
    page: positiveInteger(searchParams.get('page'), 1),
    pageSize: positiveInteger(searchParams.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };

  const update = (changes: Partial<AuditFilters>) => {
    // Any change but paging itself starts again from the first page.
    const paging = 'page' in changes || 'pageSize' in changes;
    const next: AuditFilters = { ...filters, ...(paging ? {} : { page: 1 }), ...changes };
    const params = new URLSearchParams();
    for (const name of ['actor', 'action', 'target', 'from', 'to'] as const) {
      const value = next[name]?.trim();
      if (value) params.set(name, value);
    }
    if (next.page !== 1) params.set('page', String(next.page));
    if (next.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(next.pageSize));
    setSearchParams(params);
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
