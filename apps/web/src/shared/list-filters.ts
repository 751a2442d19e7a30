// A list's filters and paging kept in the address (`?customer=…&page=2`), so a filtered view can
// be shared or reloaded: reading each kind of value, and writing the next filters back.
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@stratus/contract';
import type { z } from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface Paging {
  page: number;
  pageSize: number;
}

function positiveInteger(value: string | null, fallback: number, max = Infinity): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
}

/** Trimmed text, or undefined when absent or blank. */
export function readText(params: URLSearchParams, name: string): string | undefined {
  return params.get(name)?.trim() || undefined;
}

/** A `YYYY-MM-DD` day, or undefined. */
export function readDay(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  return value !== null && DAY.test(value) ? value : undefined;
}

/** One of a schema's values (a status, a type…), or undefined for anything else. */
export function readOneOf<S extends z.ZodType<string>>(
  params: URLSearchParams,
  name: string,
  schema: S,
): z.output<S> | undefined {
  const parsed = schema.safeParse(params.get(name));
  return parsed.success ? parsed.data : undefined;
}

/** Page and page size: positive whole numbers, the size at most the API's maximum. */
export function readPaging(params: URLSearchParams): Paging {
  return {
    page: positiveInteger(params.get('page'), 1),
    pageSize: positiveInteger(params.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

/** The filters after `changes`: any change but paging itself starts again from the first page. */
export function nextFilters<F extends Paging>(current: F, changes: Partial<F>): F {
  const paging = 'page' in changes || 'pageSize' in changes;
  return { ...current, ...(paging ? {} : { page: 1 }), ...changes };
}

/** The address's query for `filters`: each non-blank `names` value, paging when not the default. */
export function filtersToSearchParams<F extends Paging>(
  filters: F,
  names: readonly (keyof F & string)[],
): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of names) {
    const value = filters[name];
    if (typeof value === 'string' && value.trim()) params.set(name, value.trim());
  }
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(filters.pageSize));
  return params;
}
