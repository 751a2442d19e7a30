import { useSearchParams } from 'react-router';
import {
  filtersToQuery,
  filtersToSearchParams,
  nextFilters,
  readFilters,
  type FilterParams,
  type FilterQuery,
  type FilterValues,
  type ListFilterDefinition,
} from './list-filters.ts';

export interface ListFilters<P extends FilterParams, Paged extends boolean> {
  /** The filters the address holds now. */
  filters: FilterValues<P, Paged>;
  /** The same as the list's endpoint is asked. */
  query: FilterQuery<P, Paged>;
  /** Writes the filters after `changes` to the address; any but paging goes back to page 1. */
  update: (changes: Partial<FilterValues<P, Paged>>) => void;
  /** A table's page change: a new page size starts again from the first page. */
  changePage: (page: number, pageSize: number) => void;
}

/**
 * A list's filters and paging, kept in the address as `definition` declares them, so a filtered
 * view can be shared, reloaded or gone back to. Each change is a new history entry.
 */
export function useListFilters<P extends FilterParams, Paged extends boolean>(
  definition: ListFilterDefinition<P, Paged>,
): ListFilters<P, Paged> {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(definition, searchParams);
  const update = (changes: Partial<FilterValues<P, Paged>>) =>
    setSearchParams(filtersToSearchParams(definition, nextFilters(filters, changes)));
  const changePage = (page: number, pageSize: number) => {
    const current = (filters as { pageSize?: number }).pageSize;
    update((pageSize === current ? { page } : { page: 1, pageSize }) as Partial<typeof filters>);
  };
  return { filters, query: filtersToQuery(definition, filters), update, changePage };
}
