import { balanceAdjustmentStatuses, type BalanceAdjustmentStatus } from '@stratus/contract';
import type { TFunction } from 'i18next';
import type { FilterField } from '../../shared/ui/filter-fields.ts';

/** The adjustment list's filters (the page's own state: the list opens unfiltered). */
export interface AdjustmentFilters {
  status: BalanceAdjustmentStatus | undefined;
  /** The customer's id or email. */
  customer: string | undefined;
}

/** The status, then the customer. */
export function adjustmentFilterFields(t: TFunction): FilterField<AdjustmentFilters>[] {
  return [
    {
      kind: 'select',
      name: 'status',
      label: t('adminCustomers.adjustments.column.status'),
      all: t('adminCustomers.adjustments.allStatuses'),
      options: balanceAdjustmentStatuses.map((status) => ({
        value: status,
        label: t(`adminCustomers.adjustments.status.${status}`),
      })),
      width: 140,
    },
    {
      kind: 'search',
      name: 'customer',
      label: t('adminCustomers.adjustments.customerFilter'),
      placeholder: t('adminCustomers.adjustments.customerFilter'),
      maxLength: 100,
      width: 380,
    },
  ];
}
