import { orderTypeSchema } from '@stratus/contract';
import { defineListFilters, oneOf } from '../../shared/list-filters.ts';

/** The order list's type filter and page, kept in the address. */
export const orderFilters = defineListFilters({ type: oneOf(orderTypeSchema) });
