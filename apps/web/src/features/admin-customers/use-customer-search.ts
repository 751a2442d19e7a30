import {
  customerStatuses,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type CustomerStatus,
} from '@stratus/contract';
import { useSearchParams } from 'react-router';
import type { CustomersQuery } from './api.ts';

export interface CustomerSearch {
  keyword: string;
  status: CustomerStatus | undefined;
  page: number;
  pageSize: number;
}

function positiveInteger(value: string | null, fallback: number, max = Infinity): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
}

function isCustomerStatus(value: string | null): value is CustomerStatus {
  return value !== null && (customerStatuses as readonly string[]).includes(value);
}

/** The search lives in the address, so a result (a customer found by IP…) can be shared. */
export function useCustomerSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const statusParam = searchParams.get('status');
  const search: CustomerSearch = {
    keyword: searchParams.get('keyword')?.trim() ?? '',
    status: isCustomerStatus(statusParam) ? statusParam : undefined,
    page: positiveInteger(searchParams.get('page'), 1),
    pageSize: positiveInteger(searchParams.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };

  const update = (changes: Partial<CustomerSearch>) => {
    // A new search starts again from the first page.
    const paging = 'page' in changes || 'pageSize' in changes;
    const next: CustomerSearch = { ...search, ...(paging ? {} : { page: 1 }), ...changes };
    const params = new URLSearchParams();
    if (next.keyword.trim()) params.set('keyword', next.keyword.trim());
    if (next.status) params.set('status', next.status);
    if (next.page !== 1) params.set('page', String(next.page));
    if (next.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(next.pageSize));
    setSearchParams(params);
  };

  const query: CustomersQuery = {
    page: search.page,
    pageSize: search.pageSize,
    ...(search.keyword ? { keyword: search.keyword.slice(0, 100) } : {}),
    ...(search.status ? { status: search.status } : {}),
  };

  return { search, query, update };
}
