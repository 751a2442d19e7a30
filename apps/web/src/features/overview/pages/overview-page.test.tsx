import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  findZoneOffsets,
  getOverview,
  listCurrentAnnouncements,
  writeZoneOffsets,
  type EndpointData,
} from '@stratus/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBusinessTimeZoneForTests } from '../../../shared/format/business-time.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes, renderWithProviders } from '../../../test/render-app.tsx';
import { RecentOrdersCard } from '../components/recent-orders-card.tsx';
import OverviewPage from './overview-page.tsx';

const GB = 1024 ** 3;
const overview: EndpointData<typeof getOverview> = {
  balance: 1234.5,
  activeInstances: 12,
  expiringWithin7Days: 3,
  traffic: { activePackages: 2, totalBytes: 20 * GB, remainingBytes: 7.5 * GB },
  usage: {
    granularity: 'day',
    from: '2026-10-23T16:00:00.000Z',
    to: '2026-11-22T02:00:00.000Z',
    buckets: [
      { at: '2026-11-20T16:00:00.000Z', bytesUp: GB, bytesDown: 2 * GB },
      { at: '2026-11-21T16:00:00.000Z', bytesUp: 0, bytesDown: GB },
    ],
    totals: { bytesUp: GB, bytesDown: 3 * GB },
  },
  recentOrders: [
    {
      id: 'o1',
      orderNo: 'TF001',
      type: 'traffic',
      status: 'paid',
      total: 100,
      items: [
        {
          kind: 'traffic',
          planId: 'p1',
          instanceId: null,
          country: null,
          countryName: null,
          city: null,
          lineType: null,
          trafficGb: 10,
          durationDays: 30,
          quantity: 2,
          unitPrice: 50,
          amount: 100,
        },
      ],
      instanceIds: [],
      instances: [],
      createdAt: '2026-11-21T08:00:00.000Z',
    },
  ],
};

const api = installFakeApi();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getOverview, overview);
  api.respondWith(listCurrentAnnouncements, { items: [] });
});

function renderOverview() {
  return renderRoutes(
    [
      { path: '/console/overview', element: <OverviewPage /> },
      { path: '/console/ipList', element: <p>ip list</p> },
      { path: '/console/buyDynamicIP', element: <p>dynamic</p> },
    ],
    '/console/overview',
  );
}

// First renders load Ant Design and the charts: slow on a busy machine.
describe('OverviewPage', { timeout: 20_000 }, () => {
  it('asks in the browser offset and shows balance, IPs, traffic, usage and recent orders', async () => {
    renderOverview();
    const balance = await screen.findByTestId('overview-balance');
    expect(await within(balance).findByText('¥1234.50')).toBeInTheDocument();
    expect(screen.getByTestId('overview-active')).toHaveTextContent('12');
    expect(screen.getByTestId('overview-traffic')).toHaveTextContent('7.5 GB/ 20 GB');
    expect(screen.getByRole('progressbar', { name: '剩余流量 / 总流量' })).toHaveAttribute(
      'aria-valuenow',
      '38',
    );
    // The chart's module loads on first use.
    expect(await screen.findByTestId('usage-chart')).toBeInTheDocument();
    // No announcement showing: no card for it.
    expect(screen.queryByTestId('announcements-card')).not.toBeInTheDocument();
    const order = screen.getByText('流量包 10 GB × 2').closest('tr')!;
    expect(within(order).getByText('流量购买')).toBeInTheDocument();
    expect(within(order).getByText('¥100.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '全部订单' })).toHaveAttribute(
      'href',
      '/console/ipOrderList',
    );

    const [request] = api.requests(getOverview);
    // Day buckets are the business zone's days: the browser's offset is not sent.
    expect(request!.query.utcOffsetMinutes).toBeUndefined();
  });

  describe('with the zone’s offsets in the page, as the server writes it', () => {
    afterEach(() => {
      document.head.querySelector('meta[name="business-time-zone"]')?.remove();
      setBusinessTimeZoneForTests(undefined);
      vi.restoreAllMocks();
    });

    it('shows its times without an Intl.DateTimeFormat in a time zone (its data is slow to load)', async () => {
      const meta = document.createElement('meta');
      meta.name = 'business-time-zone';
      meta.content = 'Asia/Shanghai';
      const from = Date.parse('2026-01-01T00:00:00Z');
      const to = Date.parse('2027-01-01T00:00:00Z');
      meta.dataset.offsets = writeZoneOffsets(findZoneOffsets(from, to, () => 8 * 3_600_000)!);
      document.head.append(meta);
      setBusinessTimeZoneForTests(undefined);
      const constructed = vi.spyOn(Intl, 'DateTimeFormat');

      renderOverview();
      const order = (await screen.findByText('流量包 10 GB × 2')).closest('tr')!;
      expect(within(order).getByText('2026-11-21 16:00:00')).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: '创建时间 (UTC+8)' })).toBeInTheDocument();
      // The usage chart labels its days on the business clock too.
      const chart = await screen.findByTestId('usage-chart');
      expect(within(chart).getAllByText('11-21').length).toBeGreaterThan(0);
      const zones = constructed.mock.calls.map(([, options]) => options?.timeZone);
      expect(zones.filter((zone) => zone !== undefined)).toEqual([]);
    });
  });

  it('lists the recent orders under named column headers', async () => {
    renderOverview();
    const order = (await screen.findByText('流量包 10 GB × 2')).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['类型', '内容', '金额', '创建时间 (UTC+8)']);
    expect(within(order).getAllByRole('cell')).toHaveLength(4);
    // The summary is cut to the column's width; its whole text stays readable on hover.
    expect(within(order).getByTitle('流量包 10 GB × 2')).toBeInTheDocument();
    expect(screen.queryByText('暂无订单')).not.toBeInTheDocument();
  });

  it('says what the traffic card will show, and links to buying traffic, before any use', async () => {
    api.respondWith(getOverview, {
      ...overview,
      usage: { ...overview.usage, buckets: [], totals: { bytesUp: 0, bytesDown: 0 } },
    });
    renderOverview();
    expect(await screen.findByText(/近 30 天还没有流量/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '购买流量' })).toHaveAttribute(
      'href',
      '/console/buyTrafficFlow',
    );
    expect(screen.queryByTestId('usage-chart')).not.toBeInTheDocument();
  });

  it('says there is no order yet when there is none', async () => {
    api.respondWith(getOverview, { ...overview, recentOrders: [] });
    renderOverview();
    expect(await screen.findByText('暂无订单')).toBeInTheDocument();
  });

  it('shows a named spinner over the recent orders while they load, and no empty state', () => {
    const card = (loading: boolean) => (
      <MemoryRouter>
        <RecentOrdersCard orders={[]} loading={loading} />
      </MemoryRouter>
    );
    const loadingView = renderWithProviders(card(true));
    const spinner = screen.getByRole('status', { name: '正在加载最近订单' });
    expect(spinner.closest('[aria-busy="true"]')).toContainElement(screen.getByRole('table'));
    expect(screen.queryByText('暂无订单')).not.toBeInTheDocument();

    loadingView.unmount();
    renderWithProviders(card(false));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(screen.getByText('暂无订单')).toBeInTheDocument();
  });

  it('flags IPs expiring within 7 days and links to them', async () => {
    const { router } = renderOverview();
    const expiring = await screen.findByTestId('overview-expiring');
    expect(await within(expiring).findByText('3')).toBeInTheDocument();
    await userEvent.click(within(expiring).getByRole('link', { name: '查看并续费' }));
    expect(router.state.location.pathname).toBe('/console/ipList');
    expect(router.state.location.search).toBe('?expiringWithinDays=7');
  });

  it('shows the current announcements, most severe first', async () => {
    api.respondWith(listCurrentAnnouncements, {
      items: [
        {
          id: '00000000-0000-4000-8000-0000000000d1',
          severity: 'warning',
          title: '今晚维护',
          body: '23:00 至 24:00',
          startsAt: '2026-11-24T01:00:00.000Z',
          endsAt: '2026-11-24T16:00:00.000Z',
        },
        {
          id: '00000000-0000-4000-8000-0000000000d2',
          severity: 'info',
          title: '新增地区',
          body: '',
          startsAt: '2026-11-20T01:00:00.000Z',
          endsAt: null,
        },
      ],
    });
    renderOverview();
    const card = await screen.findByTestId('announcements-card');
    const alerts = within(card).getAllByRole('alert');
    expect(alerts.map((alert) => alert.dataset.severity)).toEqual(['warning', 'info']);
    expect(alerts[0]).toHaveTextContent('今晚维护');
    expect(alerts[0]).toHaveTextContent('23:00 至 24:00');
    expect(alerts[1]).toHaveTextContent(/^新增地区.* 起$/);
  });

  it('opens the shortcuts', async () => {
    const { router } = renderOverview();
    await userEvent.click(await screen.findByRole('button', { name: /动态IP/ }));
    expect(router.state.location.pathname).toBe('/console/buyDynamicIP');
  });
});
