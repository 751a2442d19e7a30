import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, orderStatusSchema } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import {
  choice,
  day,
  defineListFilters,
  filtersToQuery,
  filtersToSearchParams,
  matching,
  nextFilters,
  oneOf,
  readFilters,
  text,
} from './list-filters.ts';

const orders = defineListFilters({
  tab: choice(['orders', 'failures'], { fallback: 'orders', inQuery: false }),
  status: oneOf(orderStatusSchema),
  customer: text(),
  keyword: text({ toQuery: (value: string) => value.slice(0, 3) }),
  country: matching(/^[A-Z]{2}$/),
  within: choice([3, 7]),
  from: day(),
  to: day(),
});
const plans = defineListFilters({ status: oneOf(orderStatusSchema) }, { paged: false });

const read = (query: string) => readFilters(orders, new URLSearchParams(query));

describe('list filters in the address', () => {
  it('reads only well-formed values, the fallback or nothing else', () => {
    expect(
      read(
        'tab=bogus&status=paid&customer=%20ada%20&keyword=%20&country=jp&within=7.0&from=2026-03-01&to=March&page=0&pageSize=999',
      ),
    ).toEqual({
      tab: 'orders',
      status: 'paid',
      customer: 'ada',
      keyword: undefined,
      country: undefined,
      within: 7,
      from: '2026-03-01',
      to: undefined,
      page: 1,
      pageSize: MAX_PAGE_SIZE,
    });
    expect(read('tab=failures&status=lost&country=JP&within=5&page=3&pageSize=50')).toMatchObject({
      tab: 'failures',
      status: undefined,
      country: 'JP',
      within: undefined,
      page: 3,
      pageSize: 50,
    });
    expect(readFilters(plans, new URLSearchParams('status=refunded&page=4'))).toEqual({
      status: 'refunded',
    });
  });

  it('starts again from the first page on any change but paging', () => {
    const current = read('customer=ada&page=3');
    expect(nextFilters(current, { customer: 'bob' }).page).toBe(1);
    expect(nextFilters(current, { customer: undefined }).page).toBe(1);
    expect(nextFilters(current, { page: 4 }).page).toBe(4);
    expect(nextFilters(current, { page: 1, pageSize: 50 })).toMatchObject({
      page: 1,
      pageSize: 50,
    });
    // A list without pages gets none.
    const unpaged = readFilters(plans, new URLSearchParams(''));
    expect(nextFilters(unpaged, { status: 'paid' })).toEqual({ status: 'paid' });
  });

  it('writes what is set, trimmed, in the declared order, and paging only when not the default', () => {
    const write = (query: string, changes = {}) =>
      filtersToSearchParams(orders, nextFilters(read(query), changes)).toString();
    expect(
      filtersToSearchParams(
        orders,
        read('to=2026-03-31&customer=ada&tab=failures&page=3'),
      ).toString(),
    ).toBe('tab=failures&customer=ada&to=2026-03-31&page=3');
    expect(write('tab=orders&customer=ada', { customer: '  bob ', within: 3, page: 2 })).toBe(
      'customer=bob&within=3&page=2',
    );
    expect(write('customer=ada&page=2', { customer: '  ', page: 1, pageSize: 50 })).toBe(
      'pageSize=50',
    );
    expect(write(`pageSize=${DEFAULT_PAGE_SIZE}&page=3`)).toBe('');
    expect(filtersToSearchParams(plans, { status: 'paid' }).toString()).toBe('status=paid');
  });

  it('asks the endpoint for the paging and the set filters meant for it', () => {
    expect(
      filtersToQuery(orders, read('tab=failures&status=paid&keyword=abcdef&within=3')),
    ).toEqual({ page: 1, pageSize: DEFAULT_PAGE_SIZE, status: 'paid', keyword: 'abc', within: 3 });
    expect(Object.keys(filtersToQuery(orders, read('to=2026-03-31&from=2026-03-01')))).toEqual([
      'page',
      'pageSize',
      'from',
      'to',
    ]);
    expect(filtersToQuery(plans, { status: undefined })).toEqual({});
  });
});
