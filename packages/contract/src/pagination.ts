import { z } from 'zod';
import { queryInt4Schema } from './validation.ts';

/** The largest page any list endpoint hands out. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** `page` (from 1) and `pageSize` (1–100) of a list request; query strings are coerced. */
export const paginationQuerySchema = z.object({
  page: queryInt4Schema(1).default(1),
  pageSize: queryInt4Schema(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** One page of a list: `{items, total, page, pageSize}`. */
export function pageSchemaOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    /** How many items match in all pages. */
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
