import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getTwoStepStatus,
  API_PREFIX,
  getMe,
  rotateApiToken,
  updateMe,
  type UserProfile,
} from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { COPY_CONFIRMATION_MS } from '../../../shared/ui/copy-button.tsx';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { MemoryRouter, Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { API_KEYS_PATH } from '../../../shared/paths.ts';
import { ProfileModal } from './profile-modal.tsx';

const profile: UserProfile = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  role: 'owner',
  language: 'zh-CN',
  apiToken: 'st_0123456789abcdef',
  createdAt: '2026-01-01T00:00:00.000Z',
  tourCompleted: true,
  emailVerified: true,
  emailVerification: 'optional',
  lowBalanceThreshold: null,
};
const api = installFakeApi();
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, profile);
  respondWithQuietInbox(api);
  api.respondWith(getTwoStepStatus, { enabled: false, factors: [], recoveryCodesLeft: 0 });
  api.respondWith(updateMe, (request) => ({ ...profile, ...(request.body as object) }));
  api.respondWith(rotateApiToken, { apiToken: 'st_rotated_token_value' });
  writeText.mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});

afterEach(async () => {
  vi.useRealTimers();
  await changeLanguage('zh-CN');
});

function patchCalls() {
  return api.requests(updateMe);
}

describe('ProfileModal', () => {
  it('shows the profile with initials, role and a masked token', async () => {
    renderWithProviders(
      <MemoryRouter>
        <ProfileModal open onClose={() => undefined} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('个人信息')).toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(screen.getByText('所有者')).toBeInTheDocument();
    expect(screen.getByTestId('api-token')).not.toHaveTextContent(profile.apiToken);
    await userEvent.click(screen.getByRole('button', { name: '显示令牌' }));
    expect(screen.getByTestId('api-token')).toHaveTextContent(profile.apiToken);
    expect(screen.getByTestId('curl-example')).toHaveTextContent(
      `curl -H "Authorization: Bearer ${profile.apiToken}" \\ ${window.location.origin}${API_PREFIX}${getMe.path}`,
    );
    expect(screen.getByRole('link', { name: /查看 API 文档/ })).toHaveAttribute(
      'href',
      `${API_PREFIX}/docs`,
    );
  });

  it('says a password change keeps the token and rotating it revokes it, in either language', async () => {
    renderWithProviders(
      <MemoryRouter>
        <ProfileModal open onClose={() => undefined} />
      </MemoryRouter>,
    );
    expect(
      await screen.findByText('修改密码不会使 API 令牌失效；如需作废请重置令牌。'),
    ).toBeInTheDocument();
    // The seed's own description stays beside it.
    expect(
      screen.getByText('API 令牌可调用与控制台相同的全部接口，请妥善保管，不要泄露给他人。'),
    ).toBeInTheDocument();
    await act(() => changeLanguage('en-US'));
    expect(
      screen.getByText('Changing your password keeps this token; rotate it to revoke it.'),
    ).toBeInTheDocument();
  });

  it('confirms a token copy for 3 seconds', async () => {
    renderWithProviders(
      <MemoryRouter>
        <ProfileModal open onClose={() => undefined} />
      </MemoryRouter>,
    );
    await screen.findByText('Ada Lovelace');
    vi.useFakeTimers();
    const [copyToken] = screen.getAllByRole('button', { name: '复制' });
    await act(async () => {
      fireEvent.click(copyToken!);
    });
    expect(writeText).toHaveBeenCalledWith(profile.apiToken);
    expect(copyToken).toHaveAttribute('data-copied', 'true');
    await act(async () => {
      vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1);
    });
    expect(copyToken).toHaveAttribute('data-copied', 'true');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(copyToken).toHaveAttribute('data-copied', 'false');
    expect(COPY_CONFIRMATION_MS).toBe(3000);
  });

  it('cancels a name edit with Esc, keeping the modal open and saving nothing', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <ProfileModal open onClose={onClose} />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: '编辑名称' }));
    expect(screen.getByText('按 Enter 保存，按 Esc 取消修改')).toBeInTheDocument();
    const input = screen.getByLabelText('名称');
    await userEvent.clear(input);
    await userEvent.type(input, 'Countess{Escape}');
    expect(screen.queryByLabelText('名称')).not.toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(patchCalls()).toHaveLength(0);
  });

  it('saves the name with Enter through updateMe', async () => {
    renderWithProviders(
      <MemoryRouter>
        <ProfileModal open onClose={() => undefined} />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: '编辑名称' }));
    const input = screen.getByLabelText('名称');
    await userEvent.clear(input);
    await userEvent.type(input, '  Countess Ada {Enter}');
    await waitFor(() => expect(patchCalls()).toHaveLength(1));
    expect(patchCalls()[0]!.body).toEqual({ name: 'Countess Ada' });
    expect(await screen.findByText('Countess Ada')).toBeInTheDocument();
  });

  it('rotates the token after a confirmation', async () => {
    renderWithProviders(
      <MemoryRouter>
        <ProfileModal open onClose={() => undefined} />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: '重置令牌' }));
    expect(await screen.findByText('重置 API 令牌？')).toBeInTheDocument();
    expect(api.requests(rotateApiToken)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(api.requests(rotateApiToken)).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: '显示令牌' }));
    expect(await screen.findByTestId('api-token')).toHaveTextContent('st_rotated_token_value');
    expect(await screen.findByText('API 令牌已重置')).toBeInTheDocument();
  });

  it('sets a customer’s low-balance mark in yuan and turns it off when emptied', async () => {
    api.respondWith(getMe, { ...profile, role: 'customer' });
    api.respondWith(updateMe, (request) => ({
      ...profile,
      role: 'customer' as const,
      ...(request.body as object),
    }));
    renderWithProviders(
      <MemoryRouter>
        <ProfileModal open onClose={() => undefined} />
      </MemoryRouter>,
    );
    const input = await screen.findByLabelText('余额提醒');
    expect(input).toHaveAttribute('placeholder', '未开启');
    await userEvent.type(input, '50.5');
    await userEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(patchCalls()).toHaveLength(1));
    expect(patchCalls()[0]!.body).toEqual({ lowBalanceThreshold: 50.5 });
    expect(await screen.findByText('余额提醒已保存')).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(patchCalls()).toHaveLength(2));
    expect(patchCalls()[1]!.body).toEqual({ lowBalanceThreshold: null });
    expect(await screen.findByText('余额提醒已关闭')).toBeInTheDocument();
  });

  it('leads a customer to the API keys page', async () => {
    api.respondWith(getMe, { ...profile, role: 'customer' });
    const onClose = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<ProfileModal open onClose={onClose} />} />
          <Route path={API_KEYS_PATH} element={<p>keys page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: '管理 API 密钥' });
    expect(link).toHaveAttribute('href', API_KEYS_PATH);
    await userEvent.click(link);
    expect(await screen.findByText('keys page')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('offers staff no API keys page', async () => {
    renderWithProviders(
      <MemoryRouter>
        <ProfileModal open onClose={() => undefined} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '管理 API 密钥' })).not.toBeInTheDocument();
  });

  it('shows no low-balance mark to staff, who have no wallet to watch', async () => {
    renderWithProviders(
      <MemoryRouter>
        <ProfileModal open onClose={() => undefined} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByLabelText('余额提醒')).not.toBeInTheDocument();
  });
});
