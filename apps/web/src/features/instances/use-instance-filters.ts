import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  instanceStatusSchema,
  type InstanceStatus,
} from '@stratus/contract';
import { useSearchParams } from 'react-router';
import type { InstancesQuery } from './api.ts';

/** The "expiring within N days" choices. */
export const EXPIRING_CHOICES = [3, 7, 15, 30] as const;

export interface InstanceFilters {
  status: InstanceStatus | undefined;
  country: string | undefined;
  keyword: string | undefined;
  expiringWithinDays: number | undefined;
  page: number;
  pageSize: number;
}

function positiveInteger(value: string | null, fallback: number, max = Infinity): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
}

/** The IP-list filters live in the address, so a filtered view can be shared or reloaded. */
export function useInstanceFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = instanceStatusSchema.safeParse(searchParams.get('status'));
  const country = searchParams.get('country');
  const expiring = Number(searchParams.get('expiringWithinDays'));
  const filters: InstanceFilters = {
    status: status.success ? status.data : undefined,
    country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
    keyword: searchParams.get('keyword')?.trim() || undefined,
    expiringWithinDays: (EXPIRING_CHOICES as readonly number[]).includes(expiring)
      ? expiring
      : undefined,
    page: positiveInteger(searchParams.get('page'), 1),
    pageSize: positiveInteger(searchParams.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };

  const update = (changes: Partial<InstanceFilters>) => {
    // Any change but paging itself starts again from the first page.
    const paging = 'page' in changes || 'pageSize' in changes;
    const next: InstanceFilters = { ...filters, ...(paging ? {} : { page: 1 }), ...changes };
    const params = new URLSearchParams();
    if (next.status) params.set('status', next.status);
    if (next.country) params.set('country', next.country);
    if (next.keyword) params.set('keyword', next.keyword);
    if (next.expiringWithinDays) params.set('expiringWithinDays', String(next.expiringWithinDays));
    if (next.page !== 1) params.set('page', String(next.page));
    if (next.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(next.pageSize));
    setSearchParams(params);
  };

  const query: InstancesQuery = {
    page: filters.page,
    pageSize: filters.pageSize,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.country ? { country: filters.country } : {}),
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.expiringWithinDays ? { expiringWithinDays: filters.expiringWithinDays } : {}),
  };

  return { filters, query, update };
}
