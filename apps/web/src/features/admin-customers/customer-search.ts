import { customerStatuses, customerStatusSchema } from '@stratus/contract';
import type { TFunction } from 'i18next';
import { defineListFilters, oneOf, text, type FilterValues } from '../../shared/list-filters.ts';
import type { FilterField } from '../../shared/ui/filter-fields.ts';

/** The search, kept in the address so a result (a customer found by IP…) can be shared. */
export const customerSearch = defineListFilters({
  // The endpoint takes at most 100 characters, as many as the box does.
  keyword: text({ toQuery: (keyword: string) => keyword.slice(0, 100) }),
  status: oneOf(customerStatusSchema),
});

export type CustomerSearch = FilterValues<typeof customerSearch.params, true>;

/** One box finds customers by email, name, ID, IP address or order number; then the status. */
export function customerSearchFields(t: TFunction): FilterField<CustomerSearch>[] {
  return [
    {
      kind: 'search',
      name: 'keyword',
      label: t('adminCustomers.search.placeholder'),
      placeholder: t('adminCustomers.search.placeholder'),
      maxLength: 100,
      button: true,
      width: 380,
    },
    {
      kind: 'select',
      name: 'status',
      label: t('adminCustomers.column.status'),
      all: t('adminCustomers.search.allStatuses'),
      options: customerStatuses.map((status) => ({
        value: status,
        label: t(`adminCustomers.status.${status}`),
      })),
      width: 140,
    },
  ];
}
