import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listAdminCustomers, type AdminCustomer } from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { emulateWindowWidth } from '../../../test/window-width.ts';
import { ADMIN_CUSTOMER_PATH, ADMIN_CUSTOMERS_PATH } from '../../../shared/paths.ts';
import CustomersPage from './customers-page.tsx';

const GB = 1024 ** 3;
const customers: AdminCustomer[] = [
  {
    id: '6f1c2d3e-4a5b-4c6d-8e7f-101112131415',
    email: 'alice@wonder.example',
    name: 'Alice Liddell',
    status: 'active',
    disabledAt: null,
    balance: 123.45,
    liveIps: 2,
    trafficLeftBytes: 1.5 * GB,
    createdAt: '2026-11-01T02:00:00.000Z',
    lastSignInAt: '2026-11-20T08:00:00.000Z',
  },
  {
    id: '7a1c2d3e-4a5b-4c6d-8e7f-101112131416',
    email: 'mallory@example.com',
    name: '',
    status: 'disabled',
    disabledAt: '2026-11-21T00:00:00.000Z',
    balance: 0,
    liveIps: 0,
    trafficLeftBytes: 0,
    createdAt: '2026-11-02T02:00:00.000Z',
    lastSignInAt: null,
  },
];
const api = installFakeApi();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(listAdminCustomers, (request) => ({
    items: request.query.keyword === 'nobody' ? [] : customers,
    total: request.query.keyword === 'nobody' ? 0 : 42,
    page: Number(request.query.page),
    pageSize: Number(request.query.pageSize),
  }));
});

function renderPage(search = '') {
  return renderRoutes(
    [
      { path: ADMIN_CUSTOMERS_PATH, element: <CustomersPage /> },
      { path: ADMIN_CUSTOMER_PATH, element: <p>customer page</p> },
    ],
    `${ADMIN_CUSTOMERS_PATH}${search}`,
  );
}

const listQueries = () => api.requests(listAdminCustomers).map((request) => request.query);

describe('CustomersPage', () => {
  it('lists customers with status, balance, live IPs, traffic left and sign-in times', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    const alice = (await within(table).findByText('alice@wonder.example')).closest('tr')!;
    const cells = within(alice);
    expect(cells.getByText('Alice Liddell')).toBeInTheDocument();
    expect(cells.getByText('正常')).toBeInTheDocument();
    expect(cells.getByText('¥123.45')).toBeInTheDocument();
    expect(cells.getByText('2')).toBeInTheDocument();
    expect(cells.getByText('1.5 GB')).toBeInTheDocument();
    const mallory = within(within(table).getByText('mallory@example.com').closest('tr')!);
    expect(mallory.getByText('已停用')).toBeInTheDocument();
    expect(mallory.getByText('从未登录')).toBeInTheDocument();
    expect(screen.getByText('共 42 位客户')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('邮箱、姓名、ID、IP、订单号或支付单号')).toBeInTheDocument();
  });

  it('searches by what was typed, from the first page, and keeps it in the address', async () => {
    const { router } = renderPage('?page=2');
    await screen.findByText('alice@wonder.example');
    expect(listQueries()[0]).toEqual({ page: '2', pageSize: '20' });
    await userEvent.type(
      screen.getByPlaceholderText('邮箱、姓名、ID、IP、订单号或支付单号'),
      ' 203.0.113.7 {Enter}',
    );
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({ keyword: '203.0.113.7', page: '1', pageSize: '20' }),
    );
    expect(router.state.location.search).toBe('?keyword=203.0.113.7');

    await userEvent.click(screen.getByRole('combobox', { name: '状态' }));
    await userEvent.click(await screen.findByTitle('已停用'));
    await waitFor(() => expect(listQueries().at(-1)?.status).toBe('disabled'));
    expect(listQueries().at(-1)?.keyword).toBe('203.0.113.7');
  });

  it('says so when nobody matches', async () => {
    renderPage('?keyword=nobody');
    expect(await screen.findByText('没有找到客户')).toBeInTheDocument();
  });

  it("opens a customer's page from their row", async () => {
    const { router } = renderPage();
    const name = await screen.findByText('Alice Liddell');
    await userEvent.click(name);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/customers/${customers[0]!.id}`),
    );
    expect(screen.getByText('customer page')).toBeInTheDocument();
  });
});

describe('CustomersPage on a narrow screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  const emailHeader = async () => {
    const table = await screen.findByRole('table');
    await within(table).findByText('alice@wonder.example');
    return within(table).getByRole('columnheader', { name: '邮箱' });
  };

  it('keeps the email at the left while the other columns scroll', async () => {
    emulateWindowWidth(390);
    renderPage();
    expect(await emailHeader()).toHaveClass('ant-table-cell-fix');
  });

  it('lets every column scroll together on a wide screen', async () => {
    renderPage();
    expect(await emailHeader()).not.toHaveClass('ant-table-cell-fix');
  });
});
