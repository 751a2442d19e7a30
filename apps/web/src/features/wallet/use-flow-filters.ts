import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type LedgerEntryType } from '@stratus/contract';
import { useSearchParams } from 'react-router';
import type { TransactionsQuery } from './api.ts';
import { isLedgerEntryType } from './ledger-types.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface FlowFilters {
  type: LedgerEntryType | undefined;
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

/** The billing-record filters live in the address, so a filtered view can be shared or reloaded. */
export function useFlowFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const typeParam = searchParams.get('type');
  const filters: FlowFilters = {
    type: isLedgerEntryType(typeParam) ? typeParam : undefined,
    from: day(searchParams.get('from')),
    to: day(searchParams.get('to')),
    page: positiveInteger(searchParams.get('page'), 1),
    pageSize: positiveInteger(searchParams.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };

  const update = (changes: Partial<FlowFilters>) => {
    // Any change but paging itself starts again from the first page.
    const paging = 'page' in changes || 'pageSize' in changes;
    const next: FlowFilters = { ...filters, ...(paging ? {} : { page: 1 }), ...changes };
    const params = new URLSearchParams();
    if (next.type) params.set('type', next.type);
    if (next.from) params.set('from', next.from);
    if (next.to) params.set('to', next.to);
    if (next.page !== 1) params.set('page', String(next.page));
    if (next.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(next.pageSize));
    setSearchParams(params);
  };

  const query: TransactionsQuery = {
    page: filters.page,
    pageSize: filters.pageSize,
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };

  return { filters, query, update };
}
