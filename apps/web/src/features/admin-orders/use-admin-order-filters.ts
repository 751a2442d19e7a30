import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  orderStatusSchema,
  orderTypeSchema,
  type OrderStatus,
  type OrderType,
} from '@stratus/contract';
import { useSearchParams } from 'react-router';
import type { AdminOrdersQuery } from './api.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Which list the page shows. */
export type AdminOrdersTab = 'orders' | 'renewal-failures';

export interface AdminOrderFilters {
  tab: AdminOrdersTab;
  type: OrderType | undefined;
  status: OrderStatus | undefined;
  /** Part of the customer's email, or their id. */
  customer: string | undefined;
  orderNo: string | undefined;
  /** Inclusive `YYYY-MM-DD` bounds (China time on the server). */
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
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The filters, the tab and the page live in the address, so a view can be shared or reloaded. */
export function useAdminOrderFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const type = orderTypeSchema.safeParse(searchParams.get('type'));
  const status = orderStatusSchema.safeParse(searchParams.get('status'));
  const filters: AdminOrderFilters = {
    tab: searchParams.get('tab') === 'renewal-failures' ? 'renewal-failures' : 'orders',
    type: type.success ? type.data : undefined,
    status: status.success ? status.data : undefined,
    customer: text(searchParams.get('customer')),
    orderNo: text(searchParams.get('orderNo')),
    from: day(searchParams.get('from')),
    to: day(searchParams.get('to')),
    page: positiveInteger(searchParams.get('page'), 1),
    pageSize: positiveInteger(searchParams.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };

  const update = (changes: Partial<AdminOrderFilters>) => {
    // Any change but paging itself starts again from the first page.
    const paging = 'page' in changes || 'pageSize' in changes;
    const next: AdminOrderFilters = { ...filters, ...(paging ? {} : { page: 1 }), ...changes };
    const params = new URLSearchParams();
    if (next.tab !== 'orders') params.set('tab', next.tab);
    for (const name of ['type', 'status', 'customer', 'orderNo', 'from', 'to'] as const) {
      const value = next[name]?.trim();
      if (value) params.set(name, value);
    }
    if (next.page !== 1) params.set('page', String(next.page));
    if (next.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(next.pageSize));
    setSearchParams(params);
  };

  const query: AdminOrdersQuery = {
    page: filters.page,
    pageSize: filters.pageSize,
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.customer ? { customer: filters.customer } : {}),
    ...(filters.orderNo ? { orderNo: filters.orderNo } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  return { filters, query, update };
}
