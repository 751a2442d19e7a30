import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changePassword, getMe, type UserProfile } from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { ChangePasswordModal } from './change-password-modal.tsx';

const profile: UserProfile = {
  id: 'u1',
  email: 'ada.lovelace@example.com',
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

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, profile);
  respondWithQuietInbox(api);
});

function renderModal() {
  renderRoutes(
    [{ path: '/', element: <ChangePasswordModal open onClose={() => undefined} /> }],
    '/',
  );
}

/** The form item around a labelled field: where its error shows. */
function fieldItem(label: string): HTMLElement {
  return screen.getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;
}

async function fill(values: { current: string; next: string }) {
  await userEvent.type(await screen.findByLabelText('当前密码'), values.current);
  await userEvent.type(screen.getByLabelText('新密码'), values.next);
  await userEvent.type(screen.getByLabelText('确认新密码'), values.next);
}

function toasts(): string {
  return document.querySelector('.ant-message')?.textContent ?? '';
}

// First renders load Ant Design: slow on a busy machine.
describe('ChangePasswordModal', { timeout: 20_000 }, () => {
  it('checks the server rules as the new password is typed', async () => {
    renderModal();
    await screen.findByText('至少 8 个字符，不能全为数字、不能是常见密码，也不能包含邮箱名');
    await userEvent.type(await screen.findByLabelText('当前密码'), 'the old secret 1');
    const next = screen.getByLabelText('新密码');
    await userEvent.type(next, 'the old secret 1');
    expect(
      await within(fieldItem('新密码')).findByText('新密码不能与当前密码相同'),
    ).toBeInTheDocument();
    await userEvent.clear(next);
    await userEvent.type(next, 'Password1');
    expect(
      await within(fieldItem('新密码')).findByText('该密码过于常见，容易被猜到，请换一个'),
    ).toBeInTheDocument();
    await userEvent.clear(next);
    await userEvent.type(next, 'my ADA.Lovelace key');
    expect(await within(fieldItem('新密码')).findByText('密码不能包含邮箱名')).toBeInTheDocument();
    await userEvent.clear(next);
    await userEvent.type(next, '1234567890');
    expect(await within(fieldItem('新密码')).findByText('密码不能全为数字')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(api.requests(changePassword)).toHaveLength(0);
  });

  it('shows a wrong current password under its field, not as a toast', async () => {
    api.respondWithError(changePassword, 'currentPasswordIncorrect');
    renderModal();
    await fill({ current: 'not the password', next: 'a fresh secret 7' });
    await userEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await within(fieldItem('当前密码')).findByText('当前密码不正确')).toBeInTheDocument();
    await waitFor(() => expect(api.requests(changePassword)).toHaveLength(1));
    expect(toasts()).not.toContain('当前密码不正确');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("shows the server's refusal of the new password under the new-password field", async () => {
    api.respondWithError(changePassword, 'passwordTooCommon');
    renderModal();
    await fill({ current: 'the old secret 1', next: 'a fresh secret 7' });
    await userEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(
      await within(fieldItem('新密码')).findByText('该密码过于常见，容易被猜到，请换一个'),
    ).toBeInTheDocument();
    expect(toasts()).toBe('');
  });

  it('toasts a refusal that concerns no field', async () => {
    api.respondWithError(changePassword, 'tooManySignInAttempts', {
      messageParams: { minutes: 15 },
    });
    renderModal();
    await fill({ current: 'the old secret 1', next: 'a fresh secret 7' });
    await userEvent.click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() => expect(toasts()).toContain('登录失败次数过多，请在 15 分钟后再试'));
    expect(within(fieldItem('当前密码')).queryByRole('alert')).toBeNull();
  });
});
