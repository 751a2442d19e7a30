import { ledgerEntryTypes } from '@stratus/contract';
import { choice, day, defineListFilters, type FilterValues } from '../../shared/list-filters.ts';

/** The billing-record filters, kept in the address so a filtered view can be shared or reloaded. */
export const flowFilters = defineListFilters({
  type: choice(ledgerEntryTypes),
  /** Inclusive `YYYY-MM-DD` bounds. */
  from: day(),
  to: day(),
});

export type FlowFilters = FilterValues<typeof flowFilters.params, true>;
