import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addIpAllowlistEntry,
  deleteIpAllowlistEntry,
  listIpAllowlist,
  listInstances,
  listStaticIpCatalog,
  type AllowlistEntry,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { failOnAntdDeprecations } from '../../../test/antd-deprecations.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import IpListPage from './ip-list-page.tsx';

const entryId = '11111111-1111-4111-8111-111111111111';
let entries: AllowlistEntry[];
const api = installFakeApi();
failOnAntdDeprecations();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  entries = [
    {
      id: entryId,
      cidr: '198.51.100.0/28',
      note: 'office',
      lastUsedAt: null,
      createdAt: '2026-11-01T08:00:00.000Z',
    },
  ];
  api.respondWith(listInstances, { items: [], total: 0, page: 1, pageSize: 20 });
  api.respondWith(listStaticIpCatalog, { items: [] });
  api.respondWith(listIpAllowlist, () => ({ items: entries, max: 20, yourAddress: '8.8.4.4' }));
  api.respondWith(addIpAllowlistEntry, (request) => {
    const body = request.body as { address: string; note: string };
    const entry = {
      id: '22222222-2222-4222-8222-222222222222',
      cidr: `${body.address}/32`,
      note: body.note,
      lastUsedAt: null,
      createdAt: '2026-11-02T08:00:00.000Z',
    };
    entries = [...entries, entry];
    return entry;
  });
  api.respondWith(deleteIpAllowlistEntry, () => {
    entries = [];
    return null;
  });
});

function renderAllowlist() {
  return renderRoutes(
    [{ path: '/console/ipList', element: <IpListPage /> }],
    '/console/ipList?view=allowlist',
  );
}

describe('allowlist tab of the IP list', { timeout: 20_000 }, () => {
  it('lists the entries with the count and explains connecting without credentials', async () => {
    renderAllowlist();
    expect(await screen.findByText('198.51.100.0/28')).toBeInTheDocument();
    expect(screen.getByText('office')).toBeInTheDocument();
    expect(screen.getByText('从未使用')).toBeInTheDocument();
    expect(screen.getByTestId('allowlist-count')).toHaveTextContent('1 / 20');
    expect(screen.getByText('白名单免密连接')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '白名单', selected: true })).toBeInTheDocument();
  });

  it('fills in the current address and adds it with a note', async () => {
    renderAllowlist();
    await screen.findByText('198.51.100.0/28');
    await userEvent.click(screen.getByRole('button', { name: '填入当前 IP' }));
    expect(screen.getByRole('textbox', { name: '地址 / 网段' })).toHaveValue('8.8.4.4');
    await userEvent.type(screen.getByRole('textbox', { name: '备注' }), 'home');
    await userEvent.click(screen.getByRole('button', { name: /添\s*加/ }));
    await waitFor(() =>
      expect(api.requests(addIpAllowlistEntry).at(-1)?.body).toEqual({
        address: '8.8.4.4',
        note: 'home',
      }),
    );
    expect(await screen.findByText('8.8.4.4/32')).toBeInTheDocument();
    expect(screen.getByTestId('allowlist-count')).toHaveTextContent('2 / 20');
  });

  it('asks before deleting an entry', async () => {
    renderAllowlist();
    const cell = await screen.findByText('198.51.100.0/28');
    await userEvent.click(within(cell.closest('tr')!).getByRole('button', { name: /删\s*除/ }));
    const popover = await screen.findByRole('tooltip');
    expect(popover).toHaveTextContent('从白名单删除 198.51.100.0/28？');
    await userEvent.click(within(popover).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(api.requests(deleteIpAllowlistEntry)).toHaveLength(1));
    expect(api.requests(deleteIpAllowlistEntry)[0]!.params).toEqual({ id: entryId });
    expect(await screen.findByText('白名单为空')).toBeInTheDocument();
  });

  it('switches between the IP list and the allowlist', async () => {
    const { router } = renderRoutes(
      [{ path: '/console/ipList', element: <IpListPage /> }],
      '/console/ipList',
    );
    await userEvent.click(await screen.findByRole('tab', { name: '白名单' }));
    expect(await screen.findByText('198.51.100.0/28')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=allowlist');
  });
});
