import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getMe, getTwoStepStatus, type UserProfile } from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../test/render-app.tsx';
import { emulateWindowWidth } from '../../test/window-width.ts';
import { AdminLayout } from './admin-layout.tsx';

const owner: UserProfile = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'boss@example.com',
  name: 'Boss',
  role: 'owner',
  language: 'zh-CN',
  apiToken: 'st_token',
  createdAt: '2026-01-01T00:00:00.000Z',
  tourCompleted: true,
  emailVerified: true,
  emailVerification: 'optional',
  lowBalanceThreshold: null,
};
const api = installFakeApi();

function renderConsole() {
  return renderRoutes(
    [
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <p>home page</p> },
          { path: 'customers', element: <p>customers page</p> },
        ],
      },
    ],
    '/admin',
  );
}

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, owner);
  respondWithQuietInbox(api);
});
afterEach(() => vi.unstubAllGlobals());

describe('the operator console frame', () => {
  it('keeps the menu beside the page on a wide screen', async () => {
    emulateWindowWidth(1440);
    renderConsole();
    expect(await screen.findByRole('menuitem', { name: /(^|\s)客户$/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: '打开菜单' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回客户控制台' })).toBeVisible();
  });

  it('puts the menu in a drawer on a phone, which a choice closes', async () => {
    emulateWindowWidth(390);
    const { router } = renderConsole();
    const user = userEvent.setup();
    const open = await screen.findByRole('button', { name: '打开菜单' });
    await screen.findByText('home page');
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '返回客户控制台' })).not.toBeInTheDocument();

    await user.click(open);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: /返回客户控制台/ })).toBeVisible();
    await user.click(within(drawer).getByRole('menuitem', { name: /(^|\s)客户$/ }));
    expect(await screen.findByText('customers page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/customers');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('counts down the days left to switch on two-step verification, and opens the profile at it', async () => {
    emulateWindowWidth(1440);
    api.respondWith(getTwoStepStatus, { enabled: false, factors: [], recoveryCodesLeft: 0 });
    const requiredBy = new Date(Date.now() + 3 * 24 * 3600 * 1000 - 3600 * 1000).toISOString();
    api.respondWith(getMe, { ...owner, twoStepRequiredBy: requiredBy });
    renderConsole();
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('请在 3 天内启用两步验证')).toBeVisible();
    expect(screen.getByText('home page')).toBeVisible();

    await userEvent.click(within(banner).getByRole('button', { name: /启用两步验证/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('个人信息')).toBeInTheDocument();
    expect(await within(dialog).findByRole('heading', { name: '两步验证' })).toBeInTheDocument();
  });

  it('shows a notice instead of the page once the time is up', async () => {
    emulateWindowWidth(1440);
    const requiredBy = new Date(Date.now() - 60_000).toISOString();
    api.respondWith(getMe, { ...owner, twoStepRequiredBy: requiredBy });
    renderConsole();
    expect(await screen.findByText('请先启用两步验证')).toBeVisible();
    expect(screen.getByRole('button', { name: /启用两步验证/ })).toBeVisible();
    expect(screen.queryByText('home page')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The menu stays: the header and the profile are still the person's own.
    expect(screen.getByRole('menuitem', { name: /(^|\s)客户$/ })).toBeVisible();
  });

  it('says nothing of two-step verification when it is on or not asked for', async () => {
    emulateWindowWidth(1440);
    api.respondWith(getMe, { ...owner, twoStepRequiredBy: null });
    renderConsole();
    expect(await screen.findByText('home page')).toBeVisible();
    expect(screen.queryByText(/启用两步验证/)).not.toBeInTheDocument();
  });
});
