import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getTwoStepStatus,
  changePassword,
  getMe,
  logout,
  type UserProfile,
} from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../../shared/browser.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { AccountMenu } from './account-menu.tsx';

const profile: UserProfile = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  role: 'customer',
  language: 'zh-CN',
  apiToken: 'st_token',
  createdAt: '2026-01-01T00:00:00.000Z',
  tourCompleted: true,
  emailVerified: true,
  emailVerification: 'optional',
  lowBalanceThreshold: null,
};
const api = installFakeApi();

function renderMenu(entry = '/') {
  return renderRoutes(
    [
      { path: '/', element: <AccountMenu /> },
      { path: '/admin', element: <p>admin home</p> },
      { path: '/console/security', element: <p>console security</p> },
    ],
    entry,
  );
}

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  window.history.replaceState(null, '', '/console/businessFlow');
  api.respondWith(getMe, profile);
  respondWithQuietInbox(api);
  api.respondWith(getTwoStepStatus, { enabled: false, factors: [], recoveryCodesLeft: 0 });
  api.respondWithError(logout, 'unauthorized');
  api.respondWith(changePassword, null);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AccountMenu', () => {
  it('shows the email with the seed items', async () => {
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: /ada@example.com/ }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['个人信息', '修改密码', '账户安全', '退出登录']);
    expect(within(menu).getByRole('separator')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: '个人信息' })).toHaveFocus();
  });

  it('opens the profile for the link of a security notice (profile=1), once', async () => {
    const { router } = renderMenu('/?profile=1');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findAllByText('ada@example.com')).not.toHaveLength(0);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('takes staff to the operator console', async () => {
    api.respondWith(getMe, { ...profile, role: 'support' });
    renderMenu();
    await userEvent.click(await screen.findByText('ada@example.com'));
    expect(screen.getAllByRole('menuitem')[0]).toHaveTextContent('运营后台');
    await userEvent.click(screen.getByRole('menuitem', { name: '运营后台' }));
    expect(await screen.findByText('admin home')).toBeInTheDocument();
  });

  it('opens the account security page of its console', async () => {
    renderMenu();
    await userEvent.click(await screen.findByText('ada@example.com'));
    await userEvent.click(screen.getByRole('menuitem', { name: '账户安全' }));
    expect(await screen.findByText('console security')).toBeInTheDocument();
  });

  it('opens the operator console’s own account security page from its header', async () => {
    api.respondWith(getMe, { ...profile, role: 'owner' });
    renderRoutes(
      [
        { path: '/', element: <AccountMenu securityPath="/admin/security" /> },
        { path: '/admin/security', element: <p>admin security</p> },
      ],
      '/',
    );
    await userEvent.click(await screen.findByText('ada@example.com'));
    await userEvent.click(screen.getByRole('menuitem', { name: '账户安全' }));
    expect(await screen.findByText('admin security')).toBeInTheDocument();
  });

  it('asks 确认退出登录？ and signs out even when logout fails', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    localStorage.setItem('recentPages', '[]');
    localStorage.setItem('language', 'zh-CN');
    renderMenu();
    const trigger = await screen.findByRole('button', { name: /ada@example.com/ });
    trigger.focus();
    // From the keyboard: ArrowUp opens the menu on its last item.
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: '退出登录' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '确认退出登录？' });
    expect(dialog).toHaveTextContent('确认退出登录？');
    expect(assign).not.toHaveBeenCalled();
    await userEvent.click(dialog.querySelector('.ant-btn-primary')!);
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/portal/home?redirect=%2Fconsole%2FbusinessFlow'),
    );
    expect(api.requests(logout)).toHaveLength(1);
    expect(document.cookie).not.toContain('token=');
    expect(Object.keys(localStorage)).toEqual(['language']);
  });

  it('keeps the session when the sign-out is cancelled, and asks again next time', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    renderMenu();
    await userEvent.click(await screen.findByText('ada@example.com'));
    await userEvent.click(screen.getByRole('menuitem', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog', { name: '确认退出登录？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '取 消' }));
    // jsdom never ends Ant Design's leave animation: the dialog closing shows as its leave class.
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
    expect(api.requests(logout)).toHaveLength(0);
    expect(document.cookie).toContain('token=abc');

    await userEvent.click(screen.getByText('ada@example.com'));
    await userEvent.click(screen.getByRole('menuitem', { name: '退出登录' }));
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-enter'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('opens the change-password dialog and checks the confirmation', async () => {
    renderMenu();
    await userEvent.click(await screen.findByText('ada@example.com'));
    await userEvent.click(screen.getByRole('menuitem', { name: '修改密码' }));
    await userEvent.type(await screen.findByLabelText('新密码'), 'a-new-password');
    await userEvent.type(screen.getByLabelText('确认新密码'), 'another-password');
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('当前密码'), 'the-old-password');
    await userEvent.clear(screen.getByLabelText('确认新密码'));
    await userEvent.type(screen.getByLabelText('确认新密码'), 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() => expect(api.requests(changePassword)).toHaveLength(1));
    expect(api.requests(changePassword)[0]!.body).toEqual({
      currentPassword: 'the-old-password',
      newPassword: 'a-new-password',
    });
    expect(await screen.findByText('密码已修改，其他设备上的登录已失效')).toBeInTheDocument();
  });
});
