import {
  orderStatusSchema,
  orderTypeSchema,
  type OrderStatus,
  type OrderType,
} from '@stratus/contract';
import { useSearchParams } from 'react-router';
import {
  filtersToSearchParams,
  nextFilters,
  readDay,
  readOneOf,
  readPaging,
  readText,
} from '../../shared/list-filters.ts';
import type { AdminOrdersQuery } from './api.ts';

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

/** The filters, the tab and the page live in the address, so a view can be shared or reloaded. */
export function useAdminOrderFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: AdminOrderFilters = {
    tab: searchParams.get('tab') === 'renewal-failures' ? 'renewal-failures' : 'orders',
    type: readOneOf(searchParams, 'type', orderTypeSchema),
    status: readOneOf(searchParams, 'status', orderStatusSchema),
    customer: readText(searchParams, 'customer'),
    orderNo: readText(searchParams, 'orderNo'),
    from: readDay(searchParams, 'from'),
    to: readDay(searchParams, 'to'),
    ...readPaging(searchParams),
  };

  const update = (changes: Partial<AdminOrderFilters>) => {
    const next = nextFilters(filters, changes);
    // The orders tab is the page's default: only the other one is written.
    const names = ['type', 'status', 'customer', 'orderNo', 'from', 'to'] as const;
    const params = filtersToSearchParams(next, next.tab === 'orders' ? names : ['tab', ...names]);
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
