import { trafficPackageStatuses, type TrafficPackageStatus } from '@stratus/contract';
import type { TFunction } from 'i18next';
import type { FilterField } from '../../shared/ui/filter-fields.ts';

/** The package list's filter (the page's own state: the list opens unfiltered). */
export interface PackageFilters {
  status: TrafficPackageStatus | undefined;
}

/** The package's state. */
export function packageFilterFields(t: TFunction): FilterField<PackageFilters>[] {
  return [
    {
      kind: 'select',
      name: 'status',
      label: t('traffic.packages.filter.status'),
      all: t('traffic.packages.filter.all'),
      options: trafficPackageStatuses.map((value) => ({
        value,
        label: t(`traffic.status.${value}`),
      })),
      width: 160,
    },
  ];
}
