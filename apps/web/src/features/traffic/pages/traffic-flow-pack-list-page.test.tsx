import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { listTrafficPackages, type TrafficPackage } from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import TrafficFlowPackListPage from './traffic-flow-pack-list-page.tsx';

const GB = 1024 ** 3;
const base = {
  orderId: 'o1',
  createdAt: '2026-11-01T00:00:00.000Z',
};
const packages: TrafficPackage[] = [
  {
    ...base,
    id: 'p1',
    orderNo: 'TF001',
    gb: 10,
    totalBytes: 10 * GB,
    usedBytes: 2.5 * GB,
    remainingBytes: 7.5 * GB,
    status: 'active',
    // Inside the 3-day warning window.
    expiresAt: dayjs().add(2, 'day').toISOString(),
  },
  {
    ...base,
    id: 'p2',
    orderNo: 'TF002',
    gb: 5,
    totalBytes: 5 * GB,
    usedBytes: 5 * GB,
    remainingBytes: 0,
    status: 'exhausted',
    expiresAt: dayjs().add(20, 'day').toISOString(),
  },
  {
    ...base,
    id: 'p3',
    orderNo: 'TF003',
    gb: 1,
    totalBytes: GB,
    usedBytes: 512 * 1024 ** 2,
    remainingBytes: 512 * 1024 ** 2,
    status: 'expired',
    expiresAt: '2026-10-01T00:00:00.000Z',
  },
];
const summary = { activePackages: 1, totalBytes: 10 * GB, remainingBytes: 7.5 * GB };

const api = installFakeApi();
let items: TrafficPackage[] = packages;

beforeEach(() => {
  items = packages;
  document.cookie = 'token=abc; path=/';
  api.respondWith(listTrafficPackages, () => ({
    items,
    total: items.length ? 45 : 0,
    page: 1,
    pageSize: 20,
    summary,
  }));
});

function listQueries() {
  return api.requests(listTrafficPackages).map((request) => request.query);
}

function renderList() {
  return renderRoutes(
    [
      { path: '/console/trafficFlowPackList', element: <TrafficFlowPackListPage /> },
      { path: '/console/buyTrafficFlow', element: <p>buy traffic</p> },
    ],
    '/console/trafficFlowPackList',
  );
}

// First renders load Ant Design and the charts: slow on a busy machine.
describe('TrafficFlowPackListPage', { timeout: 20_000 }, () => {
  it('shows the summary, usage progress with readable bytes and status tags', async () => {
    renderList();
    expect(await screen.findByText('TF001')).toBeInTheDocument();
    expect(screen.getByText('生效中的流量包')).toBeInTheDocument();
    expect(screen.getByText('7.5 GB')).toBeInTheDocument();
    expect(screen.getByText('/ 10 GB')).toBeInTheDocument();

    const first = screen.getByTestId('package-usage-p1');
    expect(first).toHaveTextContent('已用 2.5 GB / 10 GB');
    expect(first.querySelector('.ant-progress')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByTestId('package-usage-p3')).toHaveTextContent('已用 512 MB / 1 GB');
    for (const label of ['使用中', '已用完', '已过期']) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
    // Only the active package expiring within 3 days is flagged.
    expect(screen.getAllByTestId('expires-soon')).toHaveLength(1);
    expect(screen.getByText('共 45 个')).toBeInTheDocument();
  });

  it('filters by status and pages on the server', async () => {
    renderList();
    await screen.findByText('TF001');
    expect(listQueries()[0]!.status).toBeUndefined();

    await userEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(listQueries().at(-1)!.page).toBe('3'));

    await userEvent.click(screen.getByRole('combobox', { name: '状态' }));
    await userEvent.click(await screen.findByTitle('已过期'));
    await waitFor(() => expect(listQueries().at(-1)!.status).toBe('expired'));
    expect(listQueries().at(-1)!.page).toBe('1');
  });

  it('offers a way to buy when there are no packages', async () => {
    items = [];
    const { router } = renderList();
    const empty = await screen.findByText('还没有流量包');
    // The empty state shows under the table's spinner too, unclickable until the list settles.
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    const emptyState = empty.closest<HTMLElement>('.ant-empty')!;
    await userEvent.click(within(emptyState).getByRole('button', { name: '购买流量' }));
    expect(router.state.location.pathname).toBe('/console/buyTrafficFlow');
  });
});
