import {
  lineTypes,
  lineTypeSchema,
  listAdminStaticIpPlans,
  type AdminRegion,
} from '@stratus/contract';
import type { TFunction } from 'i18next';
import { currentLanguage } from '../../shared/i18n/i18n.ts';
import type { FilterField } from '../../shared/ui/filter-fields.ts';
import { regionCode, regionLabel } from './region-label.ts';
import { defineListFilters, oneOf, type FilterValues } from '../../shared/list-filters.ts';

/** A region id as the endpoint takes it (a uuid). */
const regionIdSchema = listAdminStaticIpPlans.query.shape.regionId.unwrap();

/** The plan list's region and line-type filters, kept in the address (the list is not paged). */
export const planFilters = defineListFilters(
  { regionId: oneOf(regionIdSchema), lineType: oneOf(lineTypeSchema) },
  { paged: false },
);

export type PlanFilters = FilterValues<typeof planFilters.params, false>;

/** Region (found by typing its name) and line type, above the plan list. */
export function planFilterFields(
  t: TFunction,
  regions: AdminRegion[] | undefined,
): FilterField<PlanFilters>[] {
  return [
    {
      kind: 'select',
      name: 'regionId',
      label: t('adminCatalog.plan.filter.region'),
      placeholder: t('adminCatalog.plan.filter.allRegions'),
      search: 'label',
      options: (regions ?? []).map((region) => ({
        value: region.id,
        label: `${regionLabel(region, currentLanguage())} (${regionCode(region)})`,
      })),
      width: 280,
    },
    {
      kind: 'select',
      name: 'lineType',
      label: t('adminCatalog.plan.filter.lineType'),
      placeholder: t('adminCatalog.plan.filter.allLineTypes'),
      options: lineTypes.map((lineType) => ({
        value: lineType,
        label: t(`instances.lineType.${lineType}`),
      })),
      width: 160,
    },
  ];
}
