import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  paymentChannelSchema,
  paymentStatusSchema,
  type PaymentChannel,
  type PaymentStatus,
} from '@stratus/contract';
import { useSearchParams } from 'react-router';
import type { AdminPaymentsQuery } from './api.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface PaymentFilters {
  status: PaymentStatus | undefined;
  channel: PaymentChannel | undefined;
  /** The customer's id or part of their email. */
  customer: string | undefined;
  /** A provider trade number or our payment number. */
  tradeNo: string | undefined;
  /** Inclusive `YYYY-MM-DD` bounds of the creation day. */
  from: string | undefined;
  to: string | undefined;
  page: number;
  pageSize: number;
}

function positiveInteger(value: string | null, fallback: number, max = Infinity): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
}

function text(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The payment list's filters live in the address, so a filtered view can be shared or reloaded. */
export function usePaymentFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = paymentStatusSchema.safeParse(searchParams.get('status'));
  const channel = paymentChannelSchema.safeParse(searchParams.get('channel'));
  const day = (name: string) => {
    const value = searchParams.get(name);
    return value !== null && DAY.test(value) ? value : undefined;
  };
  const filters: PaymentFilters = {
    status: status.success ? status.data : undefined,
    channel: channel.success ? channel.data : undefined,
    customer: text(searchParams.get('customer')),
    tradeNo: text(searchParams.get('tradeNo')),
    from: day('from'),
    to: day('to'),
    page: positiveInteger(searchParams.get('page'), 1),
    pageSize: positiveInteger(searchParams.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };

  const update = (changes: Partial<PaymentFilters>) => {
    // Any change but paging itself starts again from the first page.
    const paging = 'page' in changes || 'pageSize' in changes;
    const next: PaymentFilters = { ...filters, ...(paging ? {} : { page: 1 }), ...changes };
    const params = new URLSearchParams();
    for (const name of ['status', 'channel', 'customer', 'tradeNo', 'from', 'to'] as const) {
      const value = next[name]?.trim();
      if (value) params.set(name, value);
    }
    if (next.page !== 1) params.set('page', String(next.page));
    if (next.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(next.pageSize));
    setSearchParams(params);
  };

  const query: AdminPaymentsQuery = {
    page: filters.page,
    pageSize: filters.pageSize,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.channel ? { channel: filters.channel } : {}),
    ...(filters.customer ? { customer: filters.customer } : {}),
    ...(filters.tradeNo ? { tradeNo: filters.tradeNo } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };

  return { filters, query, update };
}
