import {
  ipAddressStatusSchema,
  lineTypeSchema,
  type IpAddressStatus,
  type LineType,
} from '@stratus/contract';
import { useSearchParams } from 'react-router';
import {
  filtersToSearchParams,
  nextFilters,
  readOneOf,
  readPaging,
  readText,
} from '../../shared/list-filters.ts';
import type { AdminIpsQuery } from './api.ts';

export interface IpFilters {
  /** A gateway node's name. */
  node: string | undefined;
  /** `JP/tokyo`. */
  region: string | undefined;
  lineType: LineType | undefined;
  status: IpAddressStatus | undefined;
  /** An address, a block (`10.0.0.0/24`) or part of an address. */
  q: string | undefined;
  /** `true`: only quarantined addresses a live instance still uses. */
  flagged: 'true' | undefined;
  page: number;
  pageSize: number;
}

const names = ['node', 'region', 'lineType', 'status', 'q', 'flagged'] as const;

/** The inventory's filters live in the address, so a filtered view can be shared or reloaded. */
export function useIpFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: IpFilters = {
    node: readText(searchParams, 'node'),
    region: readText(searchParams, 'region'),
    lineType: readOneOf(searchParams, 'lineType', lineTypeSchema),
    status: readOneOf(searchParams, 'status', ipAddressStatusSchema),
    q: readText(searchParams, 'q'),
    flagged: searchParams.get('flagged') === 'true' ? 'true' : undefined,
    ...readPaging(searchParams),
  };

  const update = (changes: Partial<IpFilters>) => {
    setSearchParams(filtersToSearchParams(nextFilters(filters, changes), names));
  };

  const query: AdminIpsQuery = { page: filters.page, pageSize: filters.pageSize };
  for (const name of names) {
    const value = filters[name];
    if (value !== undefined) Object.assign(query, { [name]: value });
  }

  return { filters, query, update };
}
