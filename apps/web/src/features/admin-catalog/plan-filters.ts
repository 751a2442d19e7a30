import { lineTypeSchema, listAdminStaticIpPlans } from '@stratus/contract';
import { defineListFilters, oneOf, type FilterValues } from '../../shared/list-filters.ts';

/** A region id as the endpoint takes it (a uuid). */
const regionIdSchema = listAdminStaticIpPlans.query.shape.regionId.unwrap();

/** The plan list's region and line-type filters, kept in the address (the list is not paged). */
export const planFilters = defineListFilters(
  { regionId: oneOf(regionIdSchema), lineType: oneOf(lineTypeSchema) },
  { paged: false },
);

export type PlanFilters = FilterValues<typeof planFilters.params, false>;
