import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getAdminIp,
  getAdminIpOverview,
  getMe,
  listAdminIps,
  quarantineAdminIp,
  quarantineAdminIps,
  type AdminIp,
  type AdminIpDetail,
  type AdminIpOverview,
  type Role,
  type UserProfile,
} from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { emulateWindowWidth } from '../../../test/window-width.ts';
import AdminIpsPage from './admin-ips-page.tsx';

const availableId = '3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const flaggedId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const available: AdminIp = {
  id: availableId,
  address: '203.0.113.7',
  port: 1080,
  vmessPort: 10086,
  nodeId: '11111111-1111-4111-8111-111111111111',
  nodeName: 'tokyo-1',
  region: 'JP/tokyo',
  country: 'JP',
  countryName: '日本',
  cityName: '东京',
  lineType: 'isp_residential',
  status: 'available',
  statusReason: null,
  statusChangedAt: '2026-11-20T02:00:00.000Z',
  coolingUntil: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  liveInstance: null,
  flaggedForReplacement: false,
};
const flagged: AdminIp = {
  ...available,
  id: flaggedId,
  address: '203.0.113.8',
  status: 'quarantined',
  statusReason: 'listed by Spamhaus',
  statusChangedAt: '2026-11-22T02:00:00.000Z',
  liveInstance: {
    id: '22222222-2222-4222-8222-222222222222',
    customerId: '33333333-3333-4333-8333-333333333333',
    customerEmail: 'buyer@example.com',
    expiresAt: '2026-12-20T02:00:00.000Z',
  },
  flaggedForReplacement: true,
};
const otherId = '5e4f3a2b-1c0d-4e9f-8a7b-6c5d4e3f2a1b';
const other: AdminIp = { ...available, id: otherId, address: '203.0.113.9' };
const overview: AdminIpOverview = {
  nodes: [{ id: available.nodeId, name: 'tokyo-1' }],
  regions: [{ code: 'JP/tokyo', country: 'JP', countryName: '日本', cityName: '东京' }],
  counts: { available: 12, allocated: 5, cooling: 1, quarantined: 2, retired: 0 },
  flagged: 1,
};
const flaggedDetail: AdminIpDetail = {
  ip: flagged,
  history: [
    {
      id: 3,
      fromStatus: 'allocated',
      toStatus: 'quarantined',
      reason: 'listed by Spamhaus',
      at: '2026-11-22T02:00:00.000Z',
    },
    {
      id: 2,
      fromStatus: 'available',
      toStatus: 'allocated',
      reason: '',
      at: '2026-11-21T02:00:00.000Z',
    },
    { id: 1, fromStatus: null, toStatus: 'available', reason: '', at: '2026-11-20T02:00:00.000Z' },
  ],
  instances: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      customerId: '33333333-3333-4333-8333-333333333333',
      customerEmail: 'buyer@example.com',
      status: 'active',
      createdAt: '2026-11-21T02:00:00.000Z',
      expiresAt: '2026-12-20T02:00:00.000Z',
      flaggedForReplacement: true,
    },
  ],
};
const profile = (role: Role): UserProfile => ({
  id: 'staff-1',
  email: `${role}@example.com`,
  name: role,
  role,
  language: 'zh-CN',
  apiToken: 'st_token',
  createdAt: '2026-01-01T00:00:00.000Z',
  tourCompleted: true,
  emailVerified: true,
  emailVerification: 'optional',
  lowBalanceThreshold: null,
});
const api = installFakeApi();
/** Drawer, modal and typed input: several renders each, slow on a busy two-core machine. */
const SLOW_TEST_MS = 20_000;

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, profile('ops'));
  respondWithQuietInbox(api);
  api.respondWith(getAdminIpOverview, overview);
  api.respondWith(listAdminIps, (request) => ({
    items: [available, flagged, other],
    total: 42,
    page: Number(request.query.page),
    pageSize: 20,
  }));
  api.respondWith(getAdminIp, flaggedDetail, { params: { id: flaggedId } });
  api.respondWith(
    getAdminIp,
    { ...flaggedDetail, ip: available, instances: [] },
    {
      params: { id: availableId },
    },
  );
});

function renderIps(search = '') {
  return renderRoutes(
    [
      { path: '/admin/ips', element: <AdminIpsPage /> },
      { path: '/admin/ips/import', element: <p>import page</p> },
    ],
    `/admin/ips${search}`,
  );
}

async function rowOf(address: string) {
  const cell = await screen.findByText(`${address}:1080`);
  return cell.closest('tr')!;
}

describe('AdminIpsPage', { timeout: SLOW_TEST_MS }, () => {
  it('lists the pool with its states, the flagged address and the counts', async () => {
    renderIps();
    const row = await rowOf('203.0.113.8');
    expect(within(row).getByText('已隔离')).toBeInTheDocument();
    expect(within(row).getByText('待更换')).toBeInTheDocument();
    expect(within(row).getByText('buyer@example.com')).toBeInTheDocument();
    expect(within(row).getByText('日本 · 东京')).toBeInTheDocument();
    expect(within(row).getByText('ISP住宅')).toBeInTheDocument();
    expect(within(row).getByText('tokyo-1')).toBeInTheDocument();
    expect(within(await rowOf('203.0.113.7')).getByText('可售')).toBeInTheDocument();
    const summary = screen.getByRole('group', { name: '按状态统计' });
    expect(summary).toHaveTextContent('全部 20');
    expect(summary).toHaveTextContent('可售 12');
    expect(summary).toHaveTextContent('待更换 1');
    expect(screen.getByText('共 42 个')).toBeInTheDocument();
  });

  it('sends the filters of the address, and a count picks its state', async () => {
    renderIps('?node=tokyo-1&region=JP%2Ftokyo&lineType=datacenter&q=10.0.0.0%2F24&page=2');
    await rowOf('203.0.113.7');
    expect(api.requests(listAdminIps)[0]!.query).toEqual({
      node: 'tokyo-1',
      region: 'JP/tokyo',
      lineType: 'datacenter',
      q: '10.0.0.0/24',
      page: '2',
      pageSize: '20',
    });
    await userEvent.click(within(screen.getByRole('group')).getByText('已隔离 2'));
    await waitFor(() =>
      expect(api.requests(listAdminIps).at(-1)!.query).toMatchObject({
        status: 'quarantined',
        page: '1',
      }),
    );
    await userEvent.click(within(screen.getByRole('group')).getByText('待更换 1'));
    await waitFor(() =>
      expect(api.requests(listAdminIps).at(-1)!.query).toEqual({
        node: 'tokyo-1',
        region: 'JP/tokyo',
        lineType: 'datacenter',
        q: '10.0.0.0/24',
        flagged: 'true',
        page: '1',
        pageSize: '20',
      }),
    );
  });

  it(
    'shows one address with its history and the instances it served',
    async () => {
      renderIps();
      await userEvent.click(
        within(await rowOf('203.0.113.8')).getByRole('button', { name: '详情' }),
      );
      const drawer = await screen.findByRole('dialog');
      expect(await within(drawer).findByText('listed by Spamhaus')).toBeVisible();
      const events = within(drawer).getAllByTestId('ip-history-event');
      expect(events.map((event) => event.textContent)).toEqual([
        '已分配→已隔离原因：listed by Spamhaus',
        '可售→已分配',
        '入库→可售',
      ]);
      const instanceRow = within(drawer).getAllByText('buyer@example.com').at(-1)!.closest('tr')!;
      expect(within(instanceRow).getByText('使用中')).toBeInTheDocument();
      expect(within(instanceRow).getByText('待更换')).toBeInTheDocument();
      // In use: it can be released, not retired; it is quarantined already.
      expect(within(drawer).getByRole('button', { name: '解除隔离' })).toBeEnabled();
      expect(within(drawer).getByRole('button', { name: '退 役' })).toBeDisabled();
      expect(within(drawer).queryByRole('button', { name: '隔 离' })).toBeNull();
    },
    SLOW_TEST_MS,
  );

  it(
    'quarantines an address with a reason',
    async () => {
      api.respondWith(quarantineAdminIp, {
        ...available,
        status: 'quarantined',
        statusReason: 'abuse',
      });
      renderIps();
      await userEvent.click(
        within(await rowOf('203.0.113.7')).getByRole('button', { name: '详情' }),
      );
      const drawer = await screen.findByRole('dialog');
      await userEvent.click(await within(drawer).findByRole('button', { name: '隔 离' }));
      const modal = (await screen.findByText('共 1 个：203.0.113.7')).closest<HTMLElement>(
        '.ant-modal',
      )!;
      const submit = within(modal).getByRole('button', { name: '隔 离' });
      await userEvent.click(submit);
      expect(await within(modal).findByText('请填写原因')).toBeInTheDocument();
      expect(api.requests(quarantineAdminIp)).toHaveLength(0);
      await userEvent.type(within(modal).getByRole('textbox'), 'abuse');
      await userEvent.click(submit);
      await waitFor(() => expect(api.requests(quarantineAdminIp)).toHaveLength(1));
      expect(api.requests(quarantineAdminIp)[0]).toMatchObject({
        params: { id: availableId },
        body: { reason: 'abuse' },
      });
      expect(await screen.findByText('已隔离 1 个 IP')).toBeInTheDocument();
    },
    SLOW_TEST_MS,
  );

  it(
    'quarantines the picked rows together, offering only what every one of them allows',
    async () => {
      api.respondWith(quarantineAdminIps, {
        items: [available, other].map((ip) => ({ ...ip, status: 'quarantined' as const })),
      });
      renderIps();
      await userEvent.click(within(await rowOf('203.0.113.7')).getByRole('checkbox'));
      await userEvent.click(within(await rowOf('203.0.113.8')).getByRole('checkbox'));
      // One is quarantined already, the other not: no change applies to both.
      const both = screen.getByRole('toolbar', { name: '已选 2 个' });
      for (const name of ['隔 离', '解除隔离', '退 役']) {
        expect(within(both).getByRole('button', { name })).toBeDisabled();
      }
      await userEvent.click(within(await rowOf('203.0.113.8')).getByRole('checkbox'));
      await userEvent.click(within(await rowOf('203.0.113.9')).getByRole('checkbox'));
      const bar = screen.getByRole('toolbar', { name: '已选 2 个' });
      expect(within(bar).getByRole('button', { name: '解除隔离' })).toBeDisabled();
      await userEvent.click(within(bar).getByRole('button', { name: '隔 离' }));
      const modal = (
        await screen.findByText('共 2 个：203.0.113.7, 203.0.113.9')
      ).closest<HTMLElement>('.ant-modal')!;
      await userEvent.type(within(modal).getByRole('textbox'), 'range listed');
      await userEvent.click(within(modal).getByRole('button', { name: '隔 离' }));
      await waitFor(() => expect(api.requests(quarantineAdminIps)).toHaveLength(1));
      expect(api.requests(quarantineAdminIps)[0]!.body).toEqual({
        ids: [availableId, otherId],
        reason: 'range listed',
      });
      expect(await screen.findByText('已隔离 2 个 IP')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('toolbar')).toBeNull());
    },
    SLOW_TEST_MS,
  );

  it('offers no import, selection or state change to staff who only read', async () => {
    api.respondWith(getMe, profile('support'));
    renderIps();
    const row = await rowOf('203.0.113.8');
    await waitFor(() => expect(api.requests(getMe)).not.toHaveLength(0));
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /导入 IP/ })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('listed by Spamhaus');
    expect(within(drawer).queryByRole('button', { name: '解除隔离' })).toBeNull();
    // Support reads customers: the live instance's customer is a link to their page.
    expect(within(row).getByRole('link', { name: 'buyer@example.com' })).toHaveAttribute(
      'href',
      '/admin/customers/33333333-3333-4333-8333-333333333333',
    );
  });

  it('links ops, who manage the pool, to the import page', async () => {
    renderIps();
    const link = await screen.findByRole('link', { name: /导入 IP/ });
    expect(link).toHaveAttribute('href', '/admin/ips/import');
    // Ops do not read customers: the email is plain text.
    expect(within(await rowOf('203.0.113.8')).queryByRole('link')).toBeNull();
  });
});

describe('AdminIpsPage on a narrow screen', { timeout: SLOW_TEST_MS }, () => {
  afterEach(() => vi.unstubAllGlobals());

  const header = async (name: string) => {
    const table = (await rowOf('203.0.113.7')).closest('table')!;
    return within(table).getByRole('columnheader', { name });
  };

  it('keeps the address and its checkbox at the left and lets the actions scroll', async () => {
    emulateWindowWidth(390);
    renderIps();
    const address = await header('地址');
    expect(address).toHaveClass('ant-table-cell-fix');
    expect(address.previousElementSibling).toHaveClass('ant-table-cell-fix');
    expect(await header('操作')).not.toHaveClass('ant-table-cell-fix');
  });

  it('holds the actions at the right on a wide screen instead', async () => {
    renderIps();
    expect(await header('地址')).not.toHaveClass('ant-table-cell-fix');
    expect(await header('操作')).toHaveClass('ant-table-cell-fix');
  });

  it('offers one select-all checkbox: the copy Ant Design measures with is inert', async () => {
    renderIps();
    const table = (await rowOf('203.0.113.7')).closest('table')!;
    const outsideRows = Array.from(
      table.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'),
    ).filter((input) => !input.closest('tr.ant-table-row'));
    expect(outsideRows.filter((input) => input.closest('[inert]'))).toHaveLength(1);
    const [reachable, ...others] = outsideRows.filter((input) => !input.closest('[inert]'));
    expect(others).toHaveLength(0);
    expect(reachable!.closest('thead')).not.toBeNull();
  });
});
