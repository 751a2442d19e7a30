import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  listPasskeys,
  listSecuritySessions,
  listSignInHistory,
  revokeOtherSecuritySessions,
  revokeSecuritySession,
  type SecuritySession,
  type SignInHistoryEntry,
} from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { failOnAntdDeprecations } from '../../../test/antd-deprecations.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { emulateWindowWidth } from '../../../test/window-width.ts';
import SecurityPage from './security-page.tsx';

const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const here: SecuritySession = {
  id: '11111111-1111-4111-8111-111111111111',
  device: { browser: 'Chrome', system: 'Windows' },
  userAgent: chromeOnWindows,
  ip: '203.0.113.7',
  createdAt: '2026-11-28T02:00:00.000Z',
  lastUsedAt: '2026-11-29T01:00:00.000Z',
  secondFactor: 'totp',
  current: true,
};
const phone: SecuritySession = {
  id: '22222222-2222-4222-8222-222222222222',
  device: { browser: 'Safari', system: 'iOS' },
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Safari/604.1',
  ip: '2001:db8::1',
  createdAt: '2026-11-20T02:00:00.000Z',
  lastUsedAt: '2026-11-27T03:30:00.000Z',
  secondFactor: null,
  current: false,
};
const script: SecuritySession = {
  ...phone,
  id: '33333333-3333-4333-8333-333333333333',
  device: { browser: null, system: null },
  userAgent: 'curl/8.5.0',
  ip: '198.51.100.4',
  secondFactor: 'passkey',
};
const signIn = (n: number, overrides: Partial<SignInHistoryEntry> = {}): SignInHistoryEntry => ({
  id: `44444444-4444-4444-8444-${String(n).padStart(12, '0')}`,
  outcome: 'succeeded',
  secondFactor: null,
  ip: '203.0.113.7',
  device: { browser: 'Chrome', system: 'Windows' },
  userAgent: chromeOnWindows,
  createdAt: '2026-11-29T01:00:00.000Z',
  ...overrides,
});
const api = installFakeApi();
failOnAntdDeprecations();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(listPasskeys, { items: [] });
  api.respondWith(listSecuritySessions, { items: [here, phone, script], total: 3 });
  api.respondWith(revokeSecuritySession, null);
  api.respondWith(revokeOtherSecuritySessions, { revoked: 2 });
  api.respondWith(listSignInHistory, (request) => {
    const page = Number(request.query.page ?? 1);
    const pageSize = Number(request.query.pageSize ?? 20);
    return page === 1
      ? {
          items: [
            signIn(1, { secondFactor: 'totp' }),
            signIn(2, {
              outcome: 'wrong_password',
              ip: '192.0.2.66',
              device: { browser: 'Firefox', system: null },
              userAgent: 'Mozilla/5.0 (X11; rv:133.0) Gecko/20100101 Firefox/133.0',
            }),
          ],
          total: 25,
          page,
          pageSize,
        }
      : {
          items: [
            signIn(3, {
              outcome: 'throttled',
              userAgent: null,
              device: { browser: null, system: null },
            }),
          ],
          total: 25,
          page,
          pageSize,
        };
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh-CN');
});

describe('SecurityPage', { timeout: 20_000 }, () => {
  it('lists the signed-in devices with this one marked and the factor of each', async () => {
    renderWithProviders(<SecurityPage />);
    const current = (await screen.findByText('Windows 上的 Chrome')).closest('tr')!;
    expect(within(current).getByText('本设备')).toBeInTheDocument();
    expect(within(current).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(current).getByText('验证器')).toBeInTheDocument();
    expect(within(current).queryByRole('button', { name: /退\s*出/ })).toBeNull();
    const other = screen.getByText('iOS 上的 Safari').closest('tr')!;
    expect(within(other).getByText('仅密码')).toBeInTheDocument();
    expect(within(other).getByText('2026-11-20 10:00:00')).toBeInTheDocument();
    expect(within(other).getByText('2026-11-27 11:30:00')).toBeInTheDocument();
    expect(within(other).queryByText('本设备')).toBeNull();
    // An agent naming no browser we know is shown as it is.
    const raw = screen.getByText('curl/8.5.0').closest('tr')!;
    expect(within(raw).getByText('通行密钥')).toBeInTheDocument();
    expect(screen.getByText('共 3 台设备')).toBeInTheDocument();
  });

  it('signs one other device out after a confirmation', async () => {
    renderWithProviders(<SecurityPage />);
    const other = (await screen.findByText('iOS 上的 Safari')).closest('tr')!;
    await userEvent.click(within(other).getByRole('button', { name: /退出 iOS 上的 Safari/ }));
    expect(await screen.findByText('让这台设备退出登录？')).toBeInTheDocument();
    expect(api.requests(revokeSecuritySession)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: /^退\s*出$/ }));
    await waitFor(() => expect(api.requests(revokeSecuritySession)).toHaveLength(1));
    expect(api.requests(revokeSecuritySession)[0]!.params).toEqual({ id: phone.id });
    expect(await screen.findByText('已让该设备退出登录')).toBeInTheDocument();
    // The list is read again.
    await waitFor(() => expect(api.requests(listSecuritySessions).length).toBeGreaterThan(1));
  });

  it('signs every other device out after a confirmation, and says how many', async () => {
    renderWithProviders(<SecurityPage />);
    await screen.findByText('iOS 上的 Safari');
    await userEvent.click(screen.getByRole('button', { name: '退出其他所有设备' }));
    expect(await screen.findByText('让除本设备外的所有设备退出登录？')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^退\s*出$/ }));
    await waitFor(() => expect(api.requests(revokeOtherSecuritySessions)).toHaveLength(1));
    expect(await screen.findByText('已退出 2 台设备')).toBeInTheDocument();
  });

  it('offers no sign-out of others when this is the only device', async () => {
    api.respondWith(listSecuritySessions, { items: [here], total: 1 });
    renderWithProviders(<SecurityPage />);
    await screen.findByText('Windows 上的 Chrome');
    expect(screen.getByRole('button', { name: '退出其他所有设备' })).toBeDisabled();
  });

  it('lists the sign-in history with its result, device and address, a page at a time', async () => {
    renderWithProviders(<SecurityPage />);
    const ok = (await screen.findByText('登录成功（验证器）')).closest('tr')!;
    expect(within(ok).getByText('2026-11-29 09:00:00')).toBeInTheDocument();
    const failed = screen.getByText('密码错误').closest('tr')!;
    expect(within(failed).getByText('Firefox')).toBeInTheDocument();
    expect(within(failed).getByText('192.0.2.66')).toBeInTheDocument();
    expect(screen.getByText('共 25 条')).toBeInTheDocument();
    expect(api.requests(listSignInHistory)[0]!.query).toEqual({ page: '1', pageSize: '20' });

    await userEvent.click(screen.getByRole('listitem', { name: '2' }));
    const throttled = (await screen.findByText('已被限制')).closest('tr')!;
    expect(within(throttled).getByText('未知设备')).toBeInTheDocument();
    expect(api.requests(listSignInHistory).at(-1)!.query).toEqual({ page: '2', pageSize: '20' });
  });

  it('draws cards on a phone, in English', async () => {
    emulateWindowWidth(390);
    await changeLanguage('en-US');
    renderWithProviders(<SecurityPage />);
    expect(await screen.findByText('Chrome on Windows')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(screen.getByText('Signed in (Authenticator app)')).toBeInTheDocument();
    expect(screen.getByText('Wrong password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out all other devices' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign out Safari on iOS' })).toBeInTheDocument();
    expect(screen.getByText('3 devices')).toBeInTheDocument();
  });
});
