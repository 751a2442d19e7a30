import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  orderTypeSchema,
  type OrderType,
} from '@stratus/contract';
import { useSearchParams } from 'react-router';
import type { OrdersQuery } from './api.ts';

export interface OrderFilters {
  type: OrderType | undefined;
  page: number;
  pageSize: number;
}

function positiveInteger(value: string | null, fallback: number, max = Infinity): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
}

/** The order-list filter and page live in the address. */
export function useOrderFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const type = orderTypeSchema.safeParse(searchParams.get('type'));
  const filters: OrderFilters = {
    type: type.success ? type.data : undefined,
    page: positiveInteger(searchParams.get('page'), 1),
    pageSize: positiveInteger(searchParams.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };

  const update = (changes: Partial<OrderFilters>) => {
    const paging = 'page' in changes || 'pageSize' in changes;
    const next: OrderFilters = { ...filters, ...(paging ? {} : { page: 1 }), ...changes };
    const params = new URLSearchParams();
    if (next.type) params.set('type', next.type);
    if (next.page !== 1) params.set('page', String(next.page));
    if (next.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(next.pageSize));
    setSearchParams(params);
  };

  const query: OrdersQuery = {
    page: filters.page,
    pageSize: filters.pageSize,
    ...(filters.type ? { type: filters.type } : {}),
  };
  return { filters, query, update };
}
