import { act, render } from '@testing-library/react';
import { orderStatusSchema } from '@stratus/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { choice, defineListFilters, oneOf, text } from './list-filters.ts';
import { useListFilters, type ListFilters } from './use-list-filters.ts';

const definition = defineListFilters({
  tab: choice(['orders', 'failures'], { fallback: 'orders', inQuery: false }),
  status: oneOf(orderStatusSchema),
  customer: text(),
});
type Filters = ListFilters<typeof definition.params, true>;

/** The hook on a page at `address`: its latest answer and the router. */
function renderFilters(address: string) {
  const latest: { current?: Filters } = {};
  function Page() {
    latest.current = useListFilters(definition);
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Page /> }], {
    initialEntries: [address],
  });
  render(<RouterProvider router={router} />);
  return { latest: () => latest.current!, search: () => router.state.location.search, router };
}

describe('useListFilters', () => {
  it('reads the filters and the endpoint query from the address', () => {
    const { latest } = renderFilters('/list?tab=failures&status=paid&customer=ada&page=2');
    expect(latest().filters).toEqual({
      tab: 'failures',
      status: 'paid',
      customer: 'ada',
      page: 2,
      pageSize: 20,
    });
    expect(latest().query).toEqual({ page: 2, pageSize: 20, status: 'paid', customer: 'ada' });
  });

  it('writes a change to the address as a new entry, back on the first page', async () => {
    const { latest, search, router } = renderFilters('/list?status=paid&page=3');
    act(() => latest().update({ customer: ' bob ' }));
    expect(search()).toBe('?status=paid&customer=bob');
    expect(latest().filters).toMatchObject({ customer: 'bob', page: 1 });
    act(() => latest().update({ tab: 'failures', status: undefined }));
    expect(search()).toBe('?tab=failures&customer=bob');
    await act(() => router.navigate(-1));
    expect(latest().filters).toMatchObject({ tab: 'orders', status: 'paid', customer: 'bob' });
  });

  it('keeps the filters when the page changes, and starts again when the page size does', () => {
    const { latest, search } = renderFilters('/list?customer=ada');
    act(() => latest().changePage(4, 20));
    expect(search()).toBe('?customer=ada&page=4');
    act(() => latest().changePage(4, 50));
    expect(search()).toBe('?customer=ada&pageSize=50');
    expect(latest().query).toEqual({ page: 1, pageSize: 50, customer: 'ada' });
  });
});
