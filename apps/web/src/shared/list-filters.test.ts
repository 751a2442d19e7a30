import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, orderStatusSchema } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import {
  filtersToSearchParams,
  nextFilters,
  readDay,
  readOneOf,
  readPaging,
  readText,
} from './list-filters.ts';

describe('list filters in the address', () => {
  it('reads only well-formed values', () => {
    const params = new URLSearchParams(
      'customer=%20ada%20&blank=%20&from=2026-03-01&to=March&status=paid&type=bogus&page=0&pageSize=999',
    );
    expect(readText(params, 'customer')).toBe('ada');
    expect(readText(params, 'blank')).toBeUndefined();
    expect(readDay(params, 'from')).toBe('2026-03-01');
    expect(readDay(params, 'to')).toBeUndefined();
    expect(readOneOf(params, 'status', orderStatusSchema)).toBe('paid');
    expect(readOneOf(params, 'type', orderStatusSchema)).toBeUndefined();
    expect(readPaging(params)).toEqual({ page: 1, pageSize: MAX_PAGE_SIZE });
  });

  it('starts again from the first page on any change but paging, and writes only what is set', () => {
    const current = { customer: 'ada', orderNo: undefined, page: 3, pageSize: DEFAULT_PAGE_SIZE };
    expect(nextFilters(current, { customer: 'bob' }).page).toBe(1);
    expect(nextFilters(current, { page: 4 }).page).toBe(4);
    const names = ['customer', 'orderNo'] as const;
    expect(filtersToSearchParams(current, names).toString()).toBe('customer=ada&page=3');
    expect(
      filtersToSearchParams(
        { ...current, customer: '  ', page: 1, pageSize: 50 },
        names,
      ).toString(),
    ).toBe('pageSize=50');
  });
});
