import { announcementStateSchema } from '@stratus/contract';
import { defineListFilters, oneOf } from '../../shared/list-filters.ts';

/** The announcement list's state filter and page, kept in the address. */
export const announcementFilters = defineListFilters({ state: oneOf(announcementStateSchema) });
