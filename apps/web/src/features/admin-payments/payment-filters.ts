import { paymentChannelSchema, paymentStatusSchema } from '@stratus/contract';
import {
  day,
  defineListFilters,
  oneOf,
  text,
  type FilterValues,
} from '../../shared/list-filters.ts';

/** The payment list's filters, kept in the address so a filtered view can be shared or reloaded. */
export const paymentFilters = defineListFilters({
  status: oneOf(paymentStatusSchema),
  channel: oneOf(paymentChannelSchema),
  /** The customer's id or part of their email. */
  customer: text(),
  /** A provider trade number or our payment number. */
  tradeNo: text(),
  /** Inclusive `YYYY-MM-DD` bounds of the creation day. */
  from: day(),
  to: day(),
});

export type PaymentFilters = FilterValues<typeof paymentFilters.params, true>;
