import { ledgerEntryTypes } from '@stratus/contract';
import type { TFunction } from 'i18next';
import type { FilterField } from '../../shared/ui/filter-fields.ts';
import { ledgerTypeLooks } from './ledger-types.ts';
import { choice, day, defineListFilters, type FilterValues } from '../../shared/list-filters.ts';

/** The billing-record filters, kept in the address so a filtered view can be shared or reloaded. */
export const flowFilters = defineListFilters({
  type: choice(ledgerEntryTypes),
  /** Inclusive `YYYY-MM-DD` bounds. */
  from: day(),
  to: day(),
});

export type FlowFilters = FilterValues<typeof flowFilters.params, true>;

/**
 * Type and date range of the billing records. On a phone the type takes its row beside the reset
 * and the range a row of its own below them.
 */
export function flowFilterFields(t: TFunction): FilterField<FlowFilters>[] {
  return [
    {
      kind: 'select',
      name: 'type',
      label: t('wallet.flow.filter.type'),
      all: t('wallet.flow.filter.allTypes'),
      options: ledgerEntryTypes.map((type) => ({
        value: type,
        label: t(ledgerTypeLooks[type].label),
      })),
      width: 180,
      phone: 'fill',
    },
    { kind: 'dateRange', from: 'from', to: 'to', label: t('wallet.flow.filter.dateRange') },
  ];
}
