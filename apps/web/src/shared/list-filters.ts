// A list's filters and paging kept in the address (`?customer=…&page=2`), so a filtered view can
// be shared or reloaded. A list declares its filters once (`defineListFilters`), each by the kind
// of value its parameter holds; reading them, writing the next ones back and asking the endpoint
// all follow from that declaration (the hook is use-list-filters.ts).
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@stratus/contract';
import type { z } from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface Paging {
  page: number;
  pageSize: number;
}

/** How one filter is kept in the address. */
export interface FilterParam<T extends string | number> {
  /** The value of the parameter as written in the address (null: absent), or undefined. */
  read(raw: string | null): T | undefined;
  /** The value when the address has none or a bad one; never written to the address. */
  fallback?: T;
  /** False: the page's own state (a tab), never sent to the list's endpoint. */
  inQuery?: boolean;
  /** The value as the endpoint takes it, when that differs from what the page shows. */
  toQuery?(value: T): T;
}

/** What a filter may say besides how it reads. */
type ParamOptions<T extends string | number> = Omit<FilterParam<T>, 'read'>;

/** Trimmed text, or undefined when absent or blank. */
export function text<const O extends ParamOptions<string> = object>(
  options?: O,
): FilterParam<string> & O {
  return { read: (raw) => raw?.trim() || undefined, ...(options as O) };
}

/** A value matching `pattern` as a whole, or undefined. */
export function matching(pattern: RegExp): FilterParam<string> {
  return { read: (raw) => (raw !== null && pattern.test(raw) ? raw : undefined) };
}

/** A `YYYY-MM-DD` day (a business day, as the API's `from`/`to` take it), or undefined. */
export function day(): FilterParam<string> {
  return matching(DAY);
}

/** One of a schema's values (a status, a type, a uuid…), or undefined for anything else. */
export function oneOf<S extends z.ZodType<string>>(schema: S): FilterParam<z.output<S>> {
  return {
    read: (raw) => {
      const parsed = schema.safeParse(raw);
      return parsed.success ? parsed.data : undefined;
    },
  };
}

/** One of the listed values (a number as any way of writing it), or the fallback if given. */
export function choice<
  const T extends string | number,
  const O extends ParamOptions<NoInfer<T>> = object,
>(values: readonly T[], options?: O): FilterParam<T> & O {
  return {
    read: (raw) =>
      values.find((value) => (typeof value === 'number' ? value === Number(raw) : value === raw)),
    ...(options as O),
  };
}

export type FilterParams = Record<string, FilterParam<string> | FilterParam<number>>;

/** A list's filters as declared: each parameter in the order the address writes them. */
export interface ListFilterDefinition<P extends FilterParams, Paged extends boolean> {
  params: P;
  /** Whether the list is paged: then `page` and `pageSize` live in the address too. */
  paged: Paged;
}

type ValueOf<P> =
  P extends FilterParam<infer T>
    ? P extends { fallback: string | number }
      ? T
      : T | undefined
    : never;

/** The filters as the page reads them: every parameter's value, and the paging if paged. */
export type FilterValues<P extends FilterParams, Paged extends boolean> = {
  [K in keyof P]: ValueOf<P[K]>;
} & (Paged extends true ? Paging : object);

/** The filters as the list's endpoint is asked: those set and meant for it, and the paging. */
export type FilterQuery<P extends FilterParams, Paged extends boolean> = {
  [K in keyof P as P[K] extends { inQuery: false } ? never : K]?: Exclude<ValueOf<P[K]>, undefined>;
} & (Paged extends true ? Paging : object);

/** Declares a list's filters: `defineListFilters({ status: oneOf(statusSchema) })`. */
export function defineListFilters<P extends FilterParams, Paged extends boolean = true>(
  params: P,
  options?: { paged?: Paged },
): ListFilterDefinition<P, Paged> {
  return { params, paged: (options?.paged ?? true) as Paged };
}

function positiveInteger(value: string | null, fallback: number, max = Infinity): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
}

/** Page and page size: positive whole numbers, the size at most the API's maximum. */
export function readPaging(params: URLSearchParams): Paging {
  return {
    page: positiveInteger(params.get('page'), 1),
    pageSize: positiveInteger(params.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

/** The filters the address holds: only well-formed values, the fallback or undefined else. */
export function readFilters<P extends FilterParams, Paged extends boolean>(
  definition: ListFilterDefinition<P, Paged>,
  searchParams: URLSearchParams,
): FilterValues<P, Paged> {
  const values: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(definition.params)) {
    values[name] = param.read(searchParams.get(name)) ?? param.fallback;
  }
  return {
    ...values,
    ...(definition.paged ? readPaging(searchParams) : {}),
  } as FilterValues<P, Paged>;
}

/** The filters after `changes`: any change but paging itself starts again from the first page. */
export function nextFilters<F extends object>(current: F, changes: Partial<F>): F {
  if (!('page' in current)) return { ...current, ...changes };
  const paging = 'page' in changes || 'pageSize' in changes;
  return { ...current, ...(paging ? {} : { page: 1 }), ...changes };
}

/** The address's query for `filters`: each set value but a fallback, paging when not the default. */
export function filtersToSearchParams<P extends FilterParams, Paged extends boolean>(
  definition: ListFilterDefinition<P, Paged>,
  filters: FilterValues<P, Paged>,
): URLSearchParams {
  const searchParams = new URLSearchParams();
  const values = filters as Record<string, unknown>;
  for (const [name, param] of Object.entries(definition.params)) {
    const value = values[name];
    if (value === undefined || value === param.fallback) continue;
    const written = String(value).trim();
    if (written) searchParams.set(name, written);
  }
  if (definition.paged) {
    const { page, pageSize } = filters as Paging;
    if (page !== 1) searchParams.set('page', String(page));
    if (pageSize !== DEFAULT_PAGE_SIZE) searchParams.set('pageSize', String(pageSize));
  }
  return searchParams;
}

/** What the list's endpoint is asked: the paging first, then each set filter meant for it. */
export function filtersToQuery<P extends FilterParams, Paged extends boolean>(
  definition: ListFilterDefinition<P, Paged>,
  filters: FilterValues<P, Paged>,
): FilterQuery<P, Paged> {
  const values = filters as Record<string, unknown>;
  const query: Record<string, unknown> = {};
  if (definition.paged) {
    const { page, pageSize } = filters as Paging;
    Object.assign(query, { page, pageSize });
  }
  for (const [name, param] of Object.entries(definition.params)) {
    const value = values[name] as string | number | undefined;
    if (value === undefined || value === '' || param.inQuery === false) continue;
    query[name] = param.toQuery
      ? (param.toQuery as (value: string | number) => unknown)(value)
      : value;
  }
  return query as FilterQuery<P, Paged>;
}
