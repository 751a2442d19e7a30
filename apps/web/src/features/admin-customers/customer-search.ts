import { customerStatusSchema } from '@stratus/contract';
import { defineListFilters, oneOf, text } from '../../shared/list-filters.ts';

/** The search, kept in the address so a result (a customer found by IP…) can be shared. */
export const customerSearch = defineListFilters({
  // The endpoint takes at most 100 characters, as many as the box does.
  keyword: text({ toQuery: (keyword: string) => keyword.slice(0, 100) }),
  status: oneOf(customerStatusSchema),
});
