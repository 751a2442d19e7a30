import { lineTypeSchema, listAdminStaticIpPlans, type LineType } from '@stratus/contract';
import { useSearchParams } from 'react-router';
import { readOneOf } from '../../shared/list-filters.ts';
import type { StaticIpPlansQuery } from './api.ts';

export interface PlanFilters {
  regionId: string | undefined;
  lineType: LineType | undefined;
}

/** A region id as the endpoint takes it (a uuid). */
const regionIdSchema = listAdminStaticIpPlans.query.shape.regionId.unwrap();

/** The plan list's region and line-type filters, kept in the address. */
export function usePlanFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: PlanFilters = {
    regionId: readOneOf(searchParams, 'regionId', regionIdSchema),
    lineType: readOneOf(searchParams, 'lineType', lineTypeSchema),
  };
  const update = (changes: Partial<PlanFilters>) => {
    const next = { ...filters, ...changes };
    const params = new URLSearchParams();
    if (next.regionId) params.set('regionId', next.regionId);
    if (next.lineType) params.set('lineType', next.lineType);
    setSearchParams(params);
  };
  const query: StaticIpPlansQuery = {
    ...(filters.regionId ? { regionId: filters.regionId } : {}),
    ...(filters.lineType ? { lineType: filters.lineType } : {}),
  };
  return { filters, query, update };
}
