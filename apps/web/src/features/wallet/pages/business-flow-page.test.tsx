import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listTransactions, type LedgerEntry } from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { emulateWindowWidth } from '../../../test/window-width.ts';
import BusinessFlowPage from './business-flow-page.tsx';

const rows: LedgerEntry[] = [
  {
    id: 'l2',
    type: 'static_ip_purchase',
    amount: -35,
    balanceAfter: 65,
    reference: 'SO20261121001',
    note: '静态IP 30天 ×1',
    purchase: null,
    createdAt: '2026-11-21T08:30:00.000Z',
  },
  {
    id: 'l1',
    type: 'topup',
    amount: 100,
    balanceAfter: 100,
    reference: '3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
    // Paid at Alipay after the payment had been closed here, and credited all the same.
    note: 'alipay:credited-after-close',
    purchase: null,
    createdAt: '2026-11-20T08:00:00.000Z',
  },
];
const api = installFakeApi();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(listTransactions, (request) => {
    const page = Number(request.query.page);
    return { items: page === 1 || page === 2 ? rows : [], total: 60, page, pageSize: 20 };
  });
  api.respondWithFile(listTransactions, '\uFEFFtime,type,amount\n', {
    when: (request) => request.query.format === 'csv',
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': "attachment; filename*=UTF-8''ledger-2026.csv",
    },
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function listQueries() {
  return api
    .requests(listTransactions)
    .map((request) => request.query)
    .filter((query) => query.format !== 'csv');
}

function renderFlow(search = '') {
  return renderRoutes(
    [{ path: '/console/businessFlow', element: <BusinessFlowPage /> }],
    `/console/businessFlow${search}`,
  );
}

describe('BusinessFlowPage', () => {
  it('shows typed rows with signed, coloured amounts', async () => {
    renderFlow();
    const table = await screen.findByRole('table');
    await within(table).findByText('静态IP购买');
    expect(within(table).getByText('充值')).toBeInTheDocument();
    // A top-up's note code in the reader's words.
    expect(within(table).getByText('支付宝（支付单关闭后付款，已入账）')).toBeInTheDocument();
    const [debit, credit] = within(table).getAllByTestId('ledger-amount');
    expect(debit).toHaveTextContent('-¥35.00');
    expect(debit).toHaveClass('debit');
    expect(credit).toHaveTextContent('+¥100.00');
    expect(credit).toHaveClass('credit');
    expect(within(table).getByText('¥65.00')).toBeInTheDocument();
    expect(within(table).getByText('SO20261121001')).toBeInTheDocument();
    expect(screen.getByText('共 60 条')).toBeInTheDocument();
  });

  it("links top-up and purchase rows to their receipts by the row's number", async () => {
    renderFlow();
    const table = await screen.findByRole('table');
    const links = await within(table).findAllByRole('link', { name: '收据' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/console/receipt/order/SO20261121001',
      '/console/receipt/topup/3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
    ]);
  });

  it('sends the filters of the address and pages on the server', async () => {
    const { router } = renderFlow('?type=topup&from=2026-11-01&to=2026-11-30&page=2');
    await screen.findByText('静态IP购买');
    const [first] = listQueries();
    expect(first).toEqual({
      type: 'topup',
      from: '2026-11-01',
      to: '2026-11-30',
      page: '2',
      pageSize: '20',
    });

    await userEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(listQueries().at(-1)?.page).toBe('3'));
    expect(listQueries().at(-1)?.type).toBe('topup');
    expect(router.state.location.search).toBe('?type=topup&from=2026-11-01&to=2026-11-30&page=3');
    expect(await screen.findByText('暂无账单流水')).toBeInTheDocument();
  });

  it('resets the filters back to the first page', async () => {
    const { router } = renderFlow('?type=refund&page=2');
    await screen.findByText('静态IP购买');
    await userEvent.click(screen.getByRole('button', { name: /重置/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(listQueries().at(-1)).toEqual({
      page: '1',
      pageSize: '20',
    });
  });

  it('exports the filtered rows as CSV with the API headers', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:ledger');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderFlow('?type=topup&from=2026-11-01&to=2026-11-30&page=2');
    await screen.findByText('静态IP购买');

    await userEvent.click(screen.getByRole('button', { name: /导出 CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const csvCall = api
      .requests(listTransactions)
      .find((request) => request.query.format === 'csv');
    expect(csvCall!.query).toEqual({
      type: 'topup',
      from: '2026-11-01',
      to: '2026-11-30',
      format: 'csv',
    });
    expect(csvCall!.headers).toMatchObject({
      Authorization: 'Bearer abc',
      'Accept-Language': 'zh-CN',
      currencyCode: 'CNY',
    });
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('ledger-2026.csv');
    expect(link.href).toBe('blob:ledger');
  });
});

describe('BusinessFlowPage on a narrow screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  const timeHeader = async () => {
    const table = await screen.findByRole('table');
    await within(table).findByText('静态IP购买');
    return within(table).getByRole('columnheader', { name: '时间 (UTC+8)' });
  };

  it('shows each row as a card headed by its whole amount on a phone', async () => {
    emulateWindowWidth(390);
    renderFlow();
    const amounts = await screen.findAllByTestId('ledger-amount');
    const card = amounts[0]!.closest<HTMLElement>('[data-row-card]')!;
    expect(card).not.toBeNull();
    expect(document.querySelector('.ant-table')).toBeNull();
    // Money is never cut short: nothing around it clips or ellipsises.
    expect(amounts[0]!.closest('.ant-table-cell-ellipsis, .ant-typography-ellipsis')).toBeNull();
    expect(within(card).getByText('静态IP购买')).toBeInTheDocument();
    // The export stays on the page, under the stacked filters.
    expect(screen.getByRole('button', { name: /导出 CSV/ })).toBeInTheDocument();
  });

  it('lets the time scroll with the rest on a wide screen', async () => {
    renderFlow();
    expect(await timeHeader()).not.toHaveClass('ant-table-cell-fix');
  });
});
