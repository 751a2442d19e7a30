import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmPasswordReset, requestPasswordReset } from '@stratus/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { peekSignInNotice } from '../../../shared/sign-in-notice.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { PasswordResetCard } from './password-reset-card.tsx';

const api = installFakeApi();
const TOKEN = 'k'.repeat(43);

function renderCard(token: string | null) {
  return renderRoutes(
    [
      { path: '/portal/reset', element: <PasswordResetCard token={token} /> },
      { path: '/portal/home', element: <p>sign-in page</p> },
    ],
    token ? `/portal/reset?token=${TOKEN}` : '/portal/reset',
  );
}

afterEach(async () => {
  await changeLanguage('zh-CN');
});

describe('PasswordResetCard', () => {
  it('asks for the email and answers every email with the same words', async () => {
    api.respondWith(requestPasswordReset, null);
    renderCard(null);
    expect(screen.getByRole('heading', { name: '忘记密码' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '发送重置邮件' }));
    expect(await screen.findByText('请输入邮箱')).toBeInTheDocument();
    expect(api.requests()).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('邮箱'), ' Ada@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: '发送重置邮件' }));
    expect(await screen.findByRole('heading', { name: '请查收邮件' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      '如果 Ada@Example.com 注册过账号，我们已向它发送了重置密码的链接。请查收邮件（也看看垃圾邮件），链接 30 分钟内有效。',
    );
    expect(api.requests(requestPasswordReset).map((request) => request.body)).toEqual([
      { email: 'Ada@Example.com' },
    ]);
    // Asking again brings the form back.
    await userEvent.click(screen.getByRole('button', { name: '没收到？重新发送' }));
    expect(screen.getByRole('heading', { name: '忘记密码' })).toBeInTheDocument();
  });

  it('shows a refusal of the ask (too many from this address) above the form', async () => {
    await changeLanguage('en-US');
    api.respondWithError(requestPasswordReset, 'rateLimited');
    renderCard(null);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests, please try again later',
    );
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
  });

  it('sets the new password under the sign-up rules, then sends the person to sign in', async () => {
    api.respondWith(confirmPasswordReset, null);
    renderCard(TOKEN);
    expect(screen.getByRole('heading', { name: '设置新密码' })).toBeInTheDocument();
    const password = screen.getByLabelText('新密码');
    await userEvent.type(password, '1234567890');
    expect(await screen.findByText('密码不能全为数字')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'IloveYou');
    expect(await screen.findByText('该密码过于常见，容易被猜到，请换一个')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'a-new-river-77');
    await userEvent.type(screen.getByLabelText('确认密码'), 'a-new-river-78');
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(api.requests()).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('确认密码'));
    await userEvent.type(screen.getByLabelText('确认密码'), 'a-new-river-77');
    await userEvent.click(screen.getByRole('button', { name: '确认新密码' }));
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(api.requests(confirmPasswordReset).map((request) => request.body)).toEqual([
      { token: TOKEN, password: 'a-new-river-77' },
    ]);
    expect(peekSignInNotice()).toBe('passwordChanged');
  });

  it('shows the server’s refusal of the password under the field', async () => {
    api.respondWithError(confirmPasswordReset, 'passwordContainsEmail');
    renderCard(TOKEN);
    await userEvent.type(screen.getByLabelText('新密码'), 'a-good-password');
    await userEvent.type(screen.getByLabelText('确认密码'), 'a-good-password');
    await userEvent.click(screen.getByRole('button', { name: '确认新密码' }));
    await waitFor(() =>
      expect(screen.getByLabelText('新密码')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('密码不能包含邮箱名');
    expect(screen.getByRole('heading', { name: '设置新密码' })).toBeInTheDocument();
  });

  it('says a dead link no longer works and offers a new one', async () => {
    await changeLanguage('en-US');
    api.respondWithError(confirmPasswordReset, 'passwordResetLinkInvalid');
    renderCard(TOKEN);
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-river-77');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a-new-river-77');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByRole('heading', { name: 'This link no longer works' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The reset link was used already, replaced by a newer email, or is older than 30 minutes.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/portal/reset',
    );
  });
});
