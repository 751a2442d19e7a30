import { customerStatusSchema, type CustomerStatus } from '@stratus/contract';
import { useSearchParams } from 'react-router';
import {
  filtersToSearchParams,
  nextFilters,
  readOneOf,
  readPaging,
  readText,
} from '../../shared/list-filters.ts';
import type { CustomersQuery } from './api.ts';

export interface CustomerSearch {
  keyword: string;
  status: CustomerStatus | undefined;
  page: number;
  pageSize: number;
}

/** The search lives in the address, so a result (a customer found by IP…) can be shared. */
export function useCustomerSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search: CustomerSearch = {
    keyword: readText(searchParams, 'keyword') ?? '',
    status: readOneOf(searchParams, 'status', customerStatusSchema),
    ...readPaging(searchParams),
  };

  // A new search starts again from the first page.
  const update = (changes: Partial<CustomerSearch>) =>
    setSearchParams(filtersToSearchParams(nextFilters(search, changes), ['keyword', 'status']));

  const query: CustomersQuery = {
    page: search.page,
    pageSize: search.pageSize,
    ...(search.keyword ? { keyword: search.keyword.slice(0, 100) } : {}),
    ...(search.status ? { status: search.status } : {}),
  };

  return { search, query, update };
}
