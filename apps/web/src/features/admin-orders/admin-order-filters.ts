import { orderStatuses, orderStatusSchema, orderTypes, orderTypeSchema } from '@stratus/contract';
import type { TFunction } from 'i18next';
import type { FilterField } from '../../shared/ui/filter-fields.ts';
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

/** Type, status, customer, order number and date range of the operator's order list. */
export function adminOrderFilterFields(t: TFunction): FilterField<AdminOrderFilters>[] {
  return [
    {
      kind: 'select',
      name: 'type',
      label: t('adminOrders.filter.type'),
      placeholder: t('adminOrders.filter.allTypes'),
      options: orderTypes.map((type) => ({ value: type, label: t(`orders.type.${type}`) })),
      width: 150,
    },
    {
      kind: 'select',
      name: 'status',
      label: t('adminOrders.filter.status'),
      placeholder: t('adminOrders.filter.allStatuses'),
      options: orderStatuses.map((status) => ({
        value: status,
        label: t(`orders.status.${status}`),
      })),
      width: 150,
    },
    {
      kind: 'search',
      name: 'customer',
      label: t('adminOrders.filter.customer'),
      placeholder: t('adminOrders.filter.customer'),
      width: 220,
    },
    {
      kind: 'search',
      name: 'orderNo',
      label: t('adminOrders.filter.orderNo'),
      placeholder: t('adminOrders.filter.orderNo'),
      width: 220,
    },
    { kind: 'dateRange', from: 'from', to: 'to', label: t('adminOrders.filter.dateRange') },
  ];
}
