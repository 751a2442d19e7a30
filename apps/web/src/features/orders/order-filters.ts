import { orderTypeSchema } from '@stratus/contract';
import type { TFunction } from 'i18next';
import { defineListFilters, oneOf, type FilterValues } from '../../shared/list-filters.ts';
import type { FilterField } from '../../shared/ui/filter-fields.ts';

/** The order list's type filter and page, kept in the address. */
export const orderFilters = defineListFilters({ type: oneOf(orderTypeSchema) });

export type OrderFilters = FilterValues<typeof orderFilters.params, true>;

/** The order type, above the customer's order list. */
export function orderFilterFields(t: TFunction): FilterField<OrderFilters>[] {
  return [
    {
      kind: 'select',
      name: 'type',
      label: t('orders.column.type'),
      placeholder: t('orders.type.all'),
      options: orderTypeSchema.options.map((type) => ({
        value: type,
        label: t(`orders.type.${type}`),
      })),
      width: 180,
    },
  ];
}
