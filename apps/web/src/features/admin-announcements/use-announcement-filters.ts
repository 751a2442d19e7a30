import { announcementStateSchema, type AnnouncementState } from '@stratus/contract';
import { useSearchParams } from 'react-router';
import {
  filtersToSearchParams,
  nextFilters,
  readOneOf,
  readPaging,
} from '../../shared/list-filters.ts';
import type { AdminAnnouncementsQuery } from './api.ts';

export interface AnnouncementFilters {
  state: AnnouncementState | undefined;
  page: number;
  pageSize: number;
}

/** The announcement list's state filter and page live in the address. */
export function useAnnouncementFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: AnnouncementFilters = {
    state: readOneOf(searchParams, 'state', announcementStateSchema),
    ...readPaging(searchParams),
  };
  const update = (changes: Partial<AnnouncementFilters>) =>
    setSearchParams(filtersToSearchParams(nextFilters(filters, changes), ['state']));
  const query: AdminAnnouncementsQuery = {
    page: filters.page,
    pageSize: filters.pageSize,
    ...(filters.state ? { state: filters.state } : {}),
  };
  return { filters, query, update };
}
