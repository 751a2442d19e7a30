import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getMe,
  getOverview,
  getOpenTopUp,
  getTopUpOptions,
  getTrafficUsage,
  getWallet,
  listCurrentAnnouncements,
  listInstances,
  listStaticIpCatalog,
  listSubUsers,
  listTrafficPackages,
  type EndpointData,
  type UserProfile,
} from '@stratus/contract';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRecentPages } from '../../shared/recent-pages.ts';
import { installFakeApi } from '../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../test/render-app.tsx';
import { emulateWindowWidth } from '../../test/window-width.ts';
import { createQueryClient } from '../query-client.ts';
import { appRoutes } from '../router.tsx';

const profile: UserProfile = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  role: 'customer',
  language: 'zh-CN',
  apiToken: 'st_abcdefghijklmnopqrstuvwxyz',
  createdAt: '2026-01-01T00:00:00.000Z',
  tourCompleted: true,
  emailVerified: true,
  emailVerification: 'optional',
  lowBalanceThreshold: null,
};

const overview: EndpointData<typeof getOverview> = {
  balance: 12.5,
  activeInstances: 0,
  expiringWithin7Days: 0,
  traffic: { activePackages: 0, totalBytes: 0, remainingBytes: 0 },
  usage: {
    granularity: 'day',
    from: '2026-10-23T16:00:00.000Z',
    to: '2026-11-22T02:00:00.000Z',
    buckets: [],
    totals: { bytesUp: 0, bytesDown: 0 },
  },
  recentOrders: [],
};

const api = installFakeApi();

// The overview page (charts included) is a large lazy module: load it before the clock starts.
beforeAll(async () => {
  await import('../../features/overview/pages/overview-page.tsx');
}, 60_000);

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, profile);
  respondWithQuietInbox(api);
  api.respondWith(getWallet, { wallet: { balance: 12.5, currency: 'CNY' } });
  api.respondWith(listCurrentAnnouncements, { items: [] });
  api.respondWith(getOverview, overview);
  // The pages the menu and the balance lead to.
  api.respondWith(listInstances, { items: [], total: 0, page: 1, pageSize: 20 });
  api.respondWith(listStaticIpCatalog, { items: [] });
  api.respondWith(getOpenTopUp, { payment: null });
  api.respondWith(getTopUpOptions, {
    channels: ['sandbox'],
    minAmount: 1,
    maxAmount: 50_000,
    presets: [100],
  });
});

describe('console layout', () => {
  it('shows header data, the menu, the page title and records the page', async () => {
    const { router } = renderRoutes(appRoutes, '/console');
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/overview'));
    expect(await screen.findByRole('heading', { name: '首页概览' })).toBeInTheDocument();
    // The header's balance and label: the overview's own balance card may have rendered by now
    // too (it has whenever a file before this one in the worker loaded the overview page).
    expect(
      await within(await screen.findByRole('banner')).findByText('¥12.50'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('账户余额')).toBeInTheDocument();
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: '菜单' });
    for (const group of ['IP管理', '流量管理', '钱包管理']) {
      expect(within(menu).getByRole('button', { name: group })).toBeInTheDocument();
    }
    for (const page of ['首页概览', '动态IP', '静态IP购买', '账单流水']) {
      expect(within(menu).getByRole('link', { name: page })).toBeInTheDocument();
    }
    expect(within(menu).getByRole('link', { name: '首页概览' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(readRecentPages()).toEqual([{ title: 'nav.overview', path: '/console/overview' }]);
    expect(await screen.findByText('快捷入口')).toBeInTheDocument();
  });

  it('navigates from the menu and from the balance', async () => {
    const { router } = renderRoutes(appRoutes, '/console/overview');
    const menu = screen.getByRole('navigation', { name: '菜单' });
    await userEvent.click(within(menu).getByRole('link', { name: 'IP列表' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/ipList'));
    expect(await screen.findByRole('heading', { name: 'IP列表' })).toBeInTheDocument();
    // The current page, and only it, is marked so.
    expect(within(menu).getByRole('link', { name: 'IP列表' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(menu.querySelectorAll('[aria-current]')).toHaveLength(1);

    await userEvent.click(await within(await screen.findByRole('banner')).findByText('¥12.50'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/recharge'));
    expect(readRecentPages().map((page) => page.path)).toEqual([
      '/console/recharge',
      '/console/ipList',
      '/console/overview',
    ]);
  });

  it('shows the most severe current announcement above every page', async () => {
    api.respondWith(listCurrentAnnouncements, {
      items: [
        {
          id: '00000000-0000-4000-8000-0000000000e1',
          severity: 'critical',
          title: '东京线路中断',
          body: '',
          startsAt: '2026-11-24T01:00:00.000Z',
          endsAt: null,
        },
      ],
    });
    const { router } = renderRoutes(appRoutes, '/console/ipList');
    const banner = await screen.findByTestId('announcement-banner');
    expect(banner).toHaveTextContent('东京线路中断');
    await userEvent.click(await within(await screen.findByRole('banner')).findByText('¥12.50'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/recharge'));
    expect(screen.getByTestId('announcement-banner')).toHaveTextContent('东京线路中断');
  });

  it('folds and unfolds the menu groups, and unfolds the group of a page arriving', async () => {
    const { router } = renderRoutes(appRoutes, '/console/overview');
    const menu = await screen.findByRole('navigation', { name: '菜单' });
    const traffic = within(menu).getByRole('button', { name: '流量管理' });
    // Every group starts open, as the menu always was.
    for (const group of within(menu).getAllByRole('button')) {
      expect(group).toHaveAttribute('aria-expanded', 'true');
    }
    expect(within(menu).getByRole('link', { name: '流量历史' })).toBeVisible();

    await userEvent.click(traffic);
    expect(traffic).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).queryByRole('link', { name: '流量历史' })).not.toBeInTheDocument();
    // The list it folds is the one it names.
    expect(document.getElementById(traffic.getAttribute('aria-controls')!)).not.toBeVisible();
    expect(within(menu).getByRole('button', { name: 'IP管理' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await userEvent.click(traffic);
    expect(traffic).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('link', { name: '流量历史' })).toBeVisible();

    // Folded, then a page of it is reached another way (a link, the recent pages): it opens.
    // The page asks for its data before the test ends once its lazy module is loaded (as it is
    // in a worker that ran the page's own tests before this file).
    api.respondWith(getTrafficUsage, overview.usage);
    api.respondWith(listTrafficPackages, {
      items: [],
      total: 0,
      page: 1,
      pageSize: 100,
      summary: { activePackages: 0, totalBytes: 0, remainingBytes: 0 },
    });
    api.respondWith(listSubUsers, { items: [], max: 50 });
    await userEvent.click(traffic);
    await act(() => router.navigate('/console/trafficFlowHistory'));
    expect(traffic).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('link', { name: '流量历史' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows a 404 page with a way home for unknown addresses', async () => {
    const { router } = renderRoutes(appRoutes, '/console/nowhere');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/overview'));
  });

  it('redirects / and /portal to the portal sign-in page', async () => {
    const { router } = renderRoutes(appRoutes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/auth'));
    const second = renderRoutes(appRoutes, '/portal');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/portal/auth'));
  });

  it('removes a recent page from the bar, but not the page being shown', async () => {
    const { router } = renderRoutes(appRoutes, '/console/overview');
    await userEvent.click(await within(await screen.findByRole('banner')).findByText('¥12.50'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/recharge'));
    const bar = await screen.findByRole('navigation', { name: '最近访问' });
    expect(within(bar).queryByRole('button', { name: '从最近访问中移除“充值”' })).toBeNull();
    await userEvent.click(within(bar).getByRole('button', { name: '从最近访问中移除“首页概览”' }));
    expect(readRecentPages().map((page) => page.path)).toEqual(['/console/recharge']);
    expect(within(bar).queryByText('首页概览')).toBeNull();
    expect(router.state.location.pathname).toBe('/console/recharge');
  });
});

describe('console layout on a narrow screen', () => {
  beforeEach(() => emulateWindowWidth(390));
  afterEach(() => vi.unstubAllGlobals());

  it('puts the menu in a drawer behind the header button, closed again by choosing a page', async () => {
    const { router } = renderRoutes(appRoutes, '/console/overview');
    expect(await screen.findByRole('heading', { name: '首页概览' })).toBeInTheDocument();
    // No menu beside the page.
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '打开菜单' }));
    const drawer = await screen.findByRole('dialog', { name: '菜单' });
    await userEvent.click(within(drawer).getByText('IP列表'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/ipList'));
    expect(await screen.findByRole('heading', { name: 'IP列表' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '菜单' })).toBeNull());
    // The header still reaches the account menu, named by the email behind the avatar.
    expect(screen.getByRole('button', { name: /ada@example\.com/ })).toBeInTheDocument();
  });
});

/** The routes from the top to the one with `path`, that one included. */
function routeChain(routes: RouteObject[], path: string): RouteObject[] | undefined {
  for (const route of routes) {
    if (route.path === path) return [route];
    const below = route.children && routeChain(route.children, path);
    if (below) return [route, ...below];
  }
  return undefined;
}

describe("the console's providers", () => {
  it('the console layout sits in no shared Ant Design shell', () => {
    // AntdShell is the layout route of the operator console and the not-found page.
    const shell = routeChain(appRoutes, '/admin/*')!.at(-2)!;
    expect(shell.path).toBeUndefined();
    expect(routeChain(appRoutes, '/console')).not.toContain(shell);
    expect(routeChain(appRoutes, '/console')).toHaveLength(2);
  });

  it('a page built with Ant Design brings the providers itself, inside the frame', async () => {
    // No providers around the router but TanStack Query's, as in main.tsx.
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/console/ipList'] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'IP列表' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    await waitFor(() => expect(main.querySelector('.ant-table')).not.toBeNull());
    // The page's nearest App (Ant Design's context and its holders) is its own, within the frame.
    const pageApp = main.querySelector('.ant-table')!.closest('.ant-app');
    expect(pageApp).not.toBeNull();
    expect(main.contains(pageApp)).toBe(true);
    expect(pageApp!.contains(screen.getByRole('heading', { name: 'IP列表' }))).toBe(false);
    // The frame itself renders in no Ant Design providers: only the page's App is on the screen.
    expect(document.querySelectorAll('.ant-app')).toHaveLength(1);
    expect(screen.getByTestId('account-menu').closest('.ant-app')).toBeNull();
  });

  it('the overview, marked plain, renders in no Ant Design providers at all', async () => {
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/console/overview'] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: '首页概览' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('main').getAttribute('aria-busy')).not.toBe('true'),
    );
    expect(document.querySelector('.ant-app')).toBeNull();

    // The header's dialogs, built with Ant Design, are fetched with its providers when opened.
    await userEvent.click(screen.getByTestId('account-menu'));
    await userEvent.click(await screen.findByRole('menuitem', { name: /退出登录/ }));
    expect(await screen.findByText('确认退出登录？')).toBeInTheDocument();
    expect(document.querySelector('.ant-app')).not.toBeNull();
  });
});
