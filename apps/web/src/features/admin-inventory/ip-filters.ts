import {
  ipAddressStatuses,
  ipAddressStatusSchema,
  lineTypes,
  lineTypeSchema,
  type AdminIpOverview,
} from '@stratus/contract';
import type { TFunction } from 'i18next';
import type { FilterField } from '../../shared/ui/filter-fields.ts';
import { regionLabel } from './components/region-label.ts';
import {
  choice,
  defineListFilters,
  oneOf,
  text,
  type FilterValues,
} from '../../shared/list-filters.ts';

/** The inventory's filters, kept in the address so a filtered view can be shared or reloaded. */
export const ipFilters = defineListFilters({
  /** A gateway node's name. */
  node: text(),
  /** `JP/tokyo`. */
  region: text(),
  lineType: oneOf(lineTypeSchema),
  status: oneOf(ipAddressStatusSchema),
  /** An address, a block (`10.0.0.0/24`) or part of an address. */
  q: text(),
  /** `true`: only quarantined addresses a live instance still uses. */
  flagged: choice(['true']),
});

export type IpFilters = FilterValues<typeof ipFilters.params, true>;

/**
 * Node, region, line type, state, address or block (the flagged-only view is a chip of the state
 * summary above, and the reset clears it too).
 */
export function ipFilterFields(
  t: TFunction,
  overview: AdminIpOverview | undefined,
): FilterField<IpFilters>[] {
  return [
    {
      kind: 'select',
      name: 'node',
      label: t('adminInventory.filter.node'),
      placeholder: t('adminInventory.filter.allNodes'),
      search: 'value',
      options: (overview?.nodes ?? []).map((node) => ({ value: node.name, label: node.name })),
      width: 130,
    },
    {
      kind: 'select',
      name: 'region',
      label: t('adminInventory.filter.region'),
      placeholder: t('adminInventory.filter.allRegions'),
      search: 'label',
      options: (overview?.regions ?? []).map((region) => ({
        value: region.code,
        label: regionLabel(region, region.code),
      })),
      width: 180,
    },
    {
      kind: 'select',
      name: 'lineType',
      label: t('adminInventory.filter.lineType'),
      placeholder: t('adminInventory.filter.allLineTypes'),
      options: lineTypes.map((lineType) => ({
        value: lineType,
        label: t(`instances.lineType.${lineType}`),
      })),
      width: 130,
    },
    {
      kind: 'select',
      name: 'status',
      label: t('adminInventory.filter.status'),
      placeholder: t('adminInventory.filter.allStatuses'),
      options: ipAddressStatuses.map((status) => ({
        value: status,
        label: t(`adminInventory.status.${status}`),
      })),
      width: 130,
    },
    {
      kind: 'search',
      name: 'q',
      label: t('adminInventory.filter.q'),
      placeholder: t('adminInventory.filter.q'),
      width: 260,
    },
  ];
}
