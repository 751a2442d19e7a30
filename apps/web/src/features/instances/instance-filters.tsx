import { instanceStatusSchema } from '@stratus/contract';
import type { TFunction } from 'i18next';
import {
  choice,
  defineListFilters,
  matching,
  oneOf,
  text,
  type FilterValues,
} from '../../shared/list-filters.ts';
import type { FilterField } from '../../shared/ui/filter-fields.ts';
import { RegionLabel } from './components/region-label.tsx';

/** The "expiring within N days" choices. */
export const EXPIRING_CHOICES = [3, 7, 15, 30] as const;

/** The IP-list filters, kept in the address so a filtered view can be shared or reloaded. */
export const instanceFilters = defineListFilters({
  status: oneOf(instanceStatusSchema),
  /** ISO 3166-1 alpha-2, as the catalogue writes it. */
  country: matching(/^[A-Z]{2}$/),
  keyword: text(),
  expiringWithinDays: choice(EXPIRING_CHOICES),
});

export type InstanceFilters = FilterValues<typeof instanceFilters.params, true>;

/**
 * State, country, expiry and a keyword of the IP list. On a phone two selects share a row and the
 * keyword takes its own, instead of a ragged column of short fields.
 */
export function instanceFilterFields(
  t: TFunction,
  countries: { code: string; name: string }[],
): FilterField<InstanceFilters>[] {
  return [
    {
      kind: 'select',
      name: 'status',
      label: t('instances.list.filter.status'),
      placeholder: t('instances.list.filter.allStatuses'),
      options: instanceStatusSchema.options.map((status) => ({
        value: status,
        label: t(`instances.status.${status}`),
      })),
      width: 160,
      phone: 'half',
    },
    {
      kind: 'select',
      name: 'country',
      label: t('instances.list.filter.country'),
      placeholder: t('instances.list.filter.allCountries'),
      search: 'label',
      options: countries.map((country) => ({
        value: country.code,
        label: <RegionLabel country={country.code} countryName={country.name} />,
      })),
      width: 160,
      phone: 'half',
    },
    {
      kind: 'select',
      name: 'expiringWithinDays',
      label: t('instances.list.filter.expiring'),
      placeholder: t('instances.list.filter.expiring'),
      options: EXPIRING_CHOICES.map((count) => ({
        value: count,
        label: t('instances.list.filter.expiringWithin', { count }),
      })),
      width: 160,
      phone: 'half',
    },
    {
      kind: 'search',
      name: 'keyword',
      label: t('instances.list.filter.keyword'),
      placeholder: t('instances.list.filter.keyword'),
      width: 240,
    },
  ];
}
