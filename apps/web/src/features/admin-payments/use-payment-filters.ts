import {
  paymentChannelSchema,
  paymentStatusSchema,
  type PaymentChannel,
  type PaymentStatus,
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
import type { AdminPaymentsQuery } from './api.ts';

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

/** The payment list's filters live in the address, so a filtered view can be shared or reloaded. */
export function usePaymentFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: PaymentFilters = {
    status: readOneOf(searchParams, 'status', paymentStatusSchema),
    channel: readOneOf(searchParams, 'channel', paymentChannelSchema),
    customer: readText(searchParams, 'customer'),
    tradeNo: readText(searchParams, 'tradeNo'),
    from: readDay(searchParams, 'from'),
    to: readDay(searchParams, 'to'),
    ...readPaging(searchParams),
  };

  const update = (changes: Partial<PaymentFilters>) => {
    setSearchParams(
      filtersToSearchParams(nextFilters(filters, changes), [
        'status',
        'channel',
        'customer',
        'tradeNo',
        'from',
        'to',
      ]),
    );
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
