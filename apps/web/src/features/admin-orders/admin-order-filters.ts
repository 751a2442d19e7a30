import { orderStatusSchema, orderTypeSchema } from '@stratus/contract';
import {
  choice,
  day,
  defineListFilters,
  oneOf,
  text,
  type FilterValues,
} from '../../shared/list-filters.ts';

/** Which list the page shows. */
export const adminOrdersTabs = ['orders', 'renewal-failures'] as const;
export type AdminOrdersTab = (typeof adminOrdersTabs)[number];

/** The filters, the tab and the page, kept in the address so a view can be shared or reloaded. */
export const adminOrderFilters = defineListFilters({
  // The orders tab is the page's default: only the other one is written.
  tab: choice(adminOrdersTabs, { fallback: 'orders', inQuery: false }),
  type: oneOf(orderTypeSchema),
  status: oneOf(orderStatusSchema),
  /** Part of the customer's email, or their id. */
  customer: text(),
  orderNo: text(),
  /** Inclusive `YYYY-MM-DD` bounds (business days). */
  from: day(),
  to: day(),
});

export type AdminOrderFilters = FilterValues<typeof adminOrderFilters.params, true>;
