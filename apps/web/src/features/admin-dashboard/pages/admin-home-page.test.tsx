import { screen, within } from '@testing-library/react';
import {
  getAdminDashboard,
  getMe,
  type Dashboard,
  type StaffRole,
  type UserProfile,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import AdminHomePage from './admin-home-page.tsx';

const GB = 1024 ** 3;
const days = Array.from({ length: 30 }, (_, index) =>
  new Date(Date.UTC(2026, 9, 26 + index)).toISOString().slice(0, 10),
);

const base: Omit<Dashboard, 'money'> = {
  generatedAt: '2026-11-24T07:00:00.000Z',
  today: '2026-11-24',
  thisMonth: '2026-11',
  lastMonth: '2026-10',
  customers: { newToday: 3, newThisMonth: 41, withLiveIps: 17 },
  staticIps: {
    regions: [
      {
        regionId: '00000000-0000-4000-8000-00000000000a',
        country: 'JP',
        countryName: '日本',
        cityName: '东京',
        sold: 12,
        available: 4,
        cooling: 2,
        quarantined: 1,
        total: 19,
      },
      {
        regionId: '00000000-0000-4000-8000-00000000000b',
        country: 'US',
        countryName: '美国',
        cityName: '洛杉矶',
        sold: 3,
        available: 9,
        cooling: 0,
        quarantined: 0,
        total: 12,
      },
    ],
    totals: { sold: 15, available: 13, cooling: 2, quarantined: 1, total: 31 },
  },
  traffic: {
    today: { day: '2026-11-24', staticBytes: 2 * GB, dynamicBytes: GB / 2 },
    series: days.map((day, index) => ({
      day,
      staticBytes: index * 10_000_000,
      dynamicBytes: index * 5_000_000,
    })),
  },
  nodes: { online: 4, offline: 1, disabled: 2, offlineAfterSeconds: 9 },
  payments: { pending: 5, mismatchedDays: ['2026-11-20', '2026-11-21'] },
};

const money: NonNullable<Dashboard['money']> = {
  today: {
    revenue: 1200.5,
    paidTopUps: 6,
    orders: 9,
    grossSales: 800,
    refunds: 30,
    netSales: 770,
  },
  thisMonth: {
    revenue: 45_000,
    paidTopUps: 210,
    orders: 380,
    grossSales: 39_000,
    refunds: 1_500,
    netSales: 37_500,
  },
  lastMonth: {
    revenue: 52_000,
    paidTopUps: 250,
    orders: 400,
    grossSales: 47_000,
    refunds: 48_000,
    netSales: -1_000,
  },
  pendingAmount: 388.8,
  series: days.map((day, index) => ({ day, revenue: index * 100, netSales: index * 80 })),
};

function profile(role: StaffRole): UserProfile {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: `${role}@example.com`,
    name: '',
    role,
    language: 'zh-CN',
    apiToken: 'st_token',
    createdAt: '2026-01-01T00:00:00.000Z',
    tourCompleted: true,
    emailVerified: true,
    emailVerification: 'optional',
    lowBalanceThreshold: null,
  };
}

const api = installFakeApi();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
});

function renderHome(role: StaffRole, dashboard: Dashboard) {
  api.respondWith(getMe, profile(role));
  respondWithQuietInbox(api);
  api.respondWith(getAdminDashboard, dashboard);
  return renderRoutes([{ path: '/admin', element: <AdminHomePage /> }], '/admin');
}

// First renders load Ant Design and recharts: slow on a busy machine.
describe('AdminHomePage', { timeout: 20_000 }, () => {
  it('shows a finance role revenue, sales, operations and links to act on payments', async () => {
    renderHome('finance', { ...base, money });
    expect(await screen.findByText('当前登录：finance@example.com')).toBeInTheDocument();
    expect(screen.getByText('财务')).toBeInTheDocument();

    const moneyCards = await screen.findByTestId('money-cards');
    expect(within(moneyCards).getByText('今日')).toBeInTheDocument();
    expect(within(moneyCards).getByText('¥1200.50')).toBeInTheDocument();
    expect(within(moneyCards).getByText('¥770.00')).toBeInTheDocument();
    expect(
      within(moneyCards).getByText('6 笔充值 · 9 笔订单，销售 ¥800.00，退款 ¥30.00'),
    ).toBeInTheDocument();
    // A month that refunded more than it sold reads as a negative amount.
    expect(within(moneyCards).getByText('-¥1000.00')).toBeInTheDocument();

    expect(within(screen.getByTestId('stat-new-customers')).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByTestId('stat-new-customers')).getByText('/ 41')).toBeInTheDocument();
    expect(within(screen.getByTestId('stat-live-customers')).getByText('17')).toBeInTheDocument();
    expect(within(screen.getByTestId('stat-ips')).getByText('/ 13')).toBeInTheDocument();
    expect(within(screen.getByTestId('stat-traffic')).getByText('2.5 GB')).toBeInTheDocument();
    expect(screen.getByText('静态 2 GB · 动态 512 MB')).toBeInTheDocument();

    const tokyo = screen.getByText('日本 · 东京').closest('tr')!;
    expect(within(tokyo).getByText('12')).toBeInTheDocument();
    expect(within(tokyo).getByText('19')).toBeInTheDocument();
    expect(within(tokyo).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    const totals = screen.getByText('全部地区').closest('tr')!;
    expect(within(totals).getByText('31')).toBeInTheDocument();

    const nodes = screen.getByTestId('nodes-card');
    expect(within(nodes).getByText('4')).toBeInTheDocument();
    expect(within(nodes).getByText('已停用 2 个 · 超过 9 秒无心跳即为离线')).toBeInTheDocument();

    const payments = screen.getByTestId('payments-card');
    expect(within(payments).getByText('5')).toBeInTheDocument();
    expect(within(payments).getByText('共 ¥388.80')).toBeInTheDocument();
    expect(within(payments).getByText('2 天')).toBeInTheDocument();
    expect(within(payments).getByRole('link', { name: '查看待支付' })).toHaveAttribute(
      'href',
      '/admin/payments?status=pending',
    );
    expect(within(payments).getByRole('link', { name: '查看对账' })).toHaveAttribute(
      'href',
      '/admin/reconciliation',
    );

    expect(screen.getByRole('img', { name: '近 30 天每日充值收入与净销售额' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '近 30 天每日静态 IP 与动态流量' })).toBeInTheDocument();
  });

  it('shows ops no money at all and no links to pages it cannot open', async () => {
    renderHome('ops', { ...base, money: null });
    const payments = await screen.findByTestId('payments-card');
    expect(within(payments).getByText('5')).toBeInTheDocument();
    expect(within(payments).queryByRole('link')).not.toBeInTheDocument();
    expect(within(payments).queryByText(/¥/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('money-cards')).not.toBeInTheDocument();
    expect(screen.queryByText('充值收入')).not.toBeInTheDocument();
    expect(screen.queryByTestId('revenue-chart')).not.toBeInTheDocument();
    expect(screen.getByTestId('traffic-chart')).toBeInTheDocument();
    expect(screen.getByText('运维')).toBeInTheDocument();
  });
});
