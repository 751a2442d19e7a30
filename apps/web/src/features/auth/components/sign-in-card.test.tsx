import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { login, loginSecondFactor, register, type UserProfile } from '@stratus/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../shared/i18n/i18n.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { SignInCard } from './sign-in-card.tsx';

const user: UserProfile = {
  id: 'u1',
  email: 'ada@example.com',
  name: '',
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

function renderCard(entry = '/portal/home?redirect=%2Fconsole%2FipList%3Fpage%3D2') {
  return renderRoutes(
    [
      { path: '/portal/home', element: <SignInCard /> },
      { path: '/console/ipList', element: <p>ip list page</p> },
      { path: '/console/overview', element: <p>overview page</p> },
    ],
    entry,
  );
}

async function fillLogin(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('邮箱'), email);
  await userEvent.type(screen.getByLabelText('密码'), password);
  await userEvent.click(screen.getByRole('button', { name: '登录' }));
}

afterEach(async () => {
  await changeLanguage('zh-CN');
});

describe('SignInCard', () => {
  it.each([
    ['signInRequired', '请先登录'],
    ['sessionExpired', '登录已过期，请重新登录'],
    ['passwordChanged', '密码已重置，请用新密码登录'],
  ])('says once why sign-in is shown (%s), keeping the redirect', async (notice, words) => {
    sessionStorage.setItem('signInNotice', notice);
    const first = renderCard();
    expect(screen.getByRole('status')).toHaveTextContent(words);
    await waitFor(() => expect(sessionStorage.getItem('signInNotice')).toBeNull());
    first.unmount();
    // A reload of the portal does not say it again.
    renderCard();
    expect(screen.queryByText(words)).not.toBeInTheDocument();
  });

  it('says it in English too, and an error takes its place', async () => {
    await changeLanguage('en-US');
    sessionStorage.setItem('signInNotice', 'sessionExpired');
    renderCard();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your session has expired. Please sign in again',
    );
    api.respondWithError(login, 'invalidCredentials');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the seed titles and the account tab', () => {
    renderCard();
    expect(screen.getByRole('heading', { name: '登录' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '账号登录' })).toBeInTheDocument();
  });

  it('validates the sign-in fields with localised messages', async () => {
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入邮箱')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('邮箱'), 'not-an-email');
    expect(await screen.findByText('邮箱格式不正确')).toBeInTheDocument();
    expect(api.requests()).toHaveLength(0);
  });

  it('applies the contract password rules when signing up', async () => {
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: '立即注册' }));
    expect(screen.getByRole('heading', { name: '注册' })).toBeInTheDocument();
    // The form (and the contract's rules it checks with) is fetched when sign-up is chosen.
    expect(
      await screen.findByText('至少 8 个字符，不能全为数字、不能是常见密码，也不能包含邮箱名'),
    ).toBeInTheDocument();
    const password = screen.getByLabelText('密码');
    await userEvent.type(password, 'short1');
    expect(await screen.findByText('密码至少 8 个字符')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, '1234567890');
    expect(await screen.findByText('密码不能全为数字')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'IloveYou');
    expect(await screen.findByText('该密码过于常见，容易被猜到，请换一个')).toBeInTheDocument();
    // The email's name part, checked again when the email changes after the password.
    await userEvent.clear(password);
    await userEvent.type(password, 'grace-hopper-9');
    await userEvent.type(screen.getByLabelText('邮箱'), 'Grace@example.com');
    expect(await screen.findByText('密码不能包含邮箱名')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'correct-horse-9');
    await userEvent.type(screen.getByLabelText('确认密码'), 'correct-horse-8');
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(api.requests()).toHaveLength(0);
  });

  it("shows the server's refusal of a sign-up password under the password field", async () => {
    api.respondWithError(register, 'passwordContainsEmail');
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: '立即注册' }));
    await userEvent.type(await screen.findByLabelText('邮箱'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('密码'), 'a-good-password');
    await userEvent.type(screen.getByLabelText('确认密码'), 'a-good-password');
    await userEvent.click(screen.getByRole('button', { name: '注册并登录' }));
    const password = screen.getByLabelText('密码');
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        '密码不能包含邮箱名 ' + '至少 8 个字符，不能全为数字、不能是常见密码，也不能包含邮箱名',
      ),
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    // Under the field, not in the card's alert above the form.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('密码不能包含邮箱名');
  });

  it('shows a server error once, inline, without a toast', async () => {
    api.respondWithError(login, 'invalidCredentials');
    renderCard();
    await fillLogin('ada@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('邮箱或密码错误');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('邮箱或密码错误')).toHaveLength(1);
    expect(document.cookie).not.toContain('token=');
  });

  it.each([
    ['invalidCredentialsLastTry', 60, '邮箱或密码错误。再失败 1 次，登录将暂停 60 分钟'],
    ['tooManySignInAttempts', 42, '登录失败次数过多，请在 42 分钟后再试'],
  ] as const)('says how long sign-in pauses (%s)', async (kind, minutes, words) => {
    api.respondWithError(login, kind, { messageParams: { minutes } });
    renderCard();
    await fillLogin('ada@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
  });

  it('stores the token, adopts the account language and follows the redirect', async () => {
    api.respondWith(login, { token: 'sess-1', user: { ...user, language: 'en-US' } });
    const { router } = renderCard();
    await fillLogin('Ada@Example.com', 'secret-pass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/ipList'));
    expect(router.state.location.search).toBe('?page=2');
    expect(api.requests()).toHaveLength(1);
    expect(api.requests(login)[0]!.body).toEqual({
      email: 'Ada@Example.com',
      password: 'secret-pass',
    });
    expect(document.cookie).toContain('token=sess-1');
    expect(i18n.language).toBe('en-US');
    expect(localStorage.getItem('language')).toBe('en-US');
  });

  it('ignores a foreign redirect and opens the console overview after sign-up', async () => {
    api.respondWith(register, { token: 'sess-2', user });
    const { router } = renderCard('/portal/home?redirect=%2F%2Fevil.example%2F');
    await userEvent.click(screen.getByRole('button', { name: '立即注册' }));
    await userEvent.type(await screen.findByLabelText('邮箱'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('密码'), 'a-good-password');
    await userEvent.type(screen.getByLabelText('确认密码'), 'a-good-password');
    await userEvent.click(screen.getByRole('button', { name: '注册并登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/overview'));
    expect(api.requests()).toHaveLength(1);
    expect(api.requests(register)[0]!.body).toEqual({
      email: 'new@example.com',
      password: 'a-good-password',
      language: 'zh-CN',
    });
    expect(document.cookie).toContain('token=sess-2');
  });
  describe('with two-step verification', () => {
    const challenge = 'c'.repeat(43);

    it('asks for the code after the password, then signs in with it', async () => {
      api.respondWith(login, { secondFactorRequired: true, challenge, factors: ['totp'] });
      api.respondWith(loginSecondFactor, { token: 'sess-3', user });
      const { router } = renderCard();
      await fillLogin('ada@example.com', 'secret-pass');
      const code = await screen.findByLabelText('验证码');
      // No session yet: the password alone opens nothing.
      expect(document.cookie).not.toContain('token=');
      expect(screen.getByText('您的账户已启用两步验证')).toBeInTheDocument();
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      expect(code).toHaveAttribute('inputmode', 'numeric');
      await userEvent.click(screen.getByRole('button', { name: '验证并登录' }));
      expect(await screen.findByText('请输入 6 位数字验证码')).toBeInTheDocument();
      await userEvent.type(code, '123456');
      await userEvent.click(screen.getByRole('button', { name: '验证并登录' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/console/ipList'));
      expect(api.requests(loginSecondFactor)[0]!.body).toEqual({ challenge, code: '123456' });
      expect(document.cookie).toContain('token=sess-3');
    });

    it('takes a recovery code instead, and goes back to the password', async () => {
      api.respondWith(login, { secondFactorRequired: true, challenge, factors: ['totp'] });
      api.respondWithError(loginSecondFactor, 'secondFactorIncorrect');
      renderCard();
      await fillLogin('ada@example.com', 'secret-pass');
      await userEvent.click(await screen.findByRole('button', { name: '使用恢复码' }));
      await userEvent.type(screen.getByLabelText('恢复码'), 'abcde-23456');
      await userEvent.click(screen.getByRole('button', { name: '验证并登录' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('验证码错误或已使用');
      expect(api.requests(loginSecondFactor)[0]!.body).toEqual({
        challenge,
        recoveryCode: 'abcde-23456',
      });
      await userEvent.click(screen.getByRole('button', { name: '使用验证码' }));
      expect(screen.getByLabelText('验证码')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: '返回' }));
      expect(screen.getByLabelText('密码')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('asks for the password again when the challenge has expired, in English too', async () => {
      await changeLanguage('en-US');
      api.respondWith(login, { secondFactorRequired: true, challenge, factors: ['totp'] });
      api.respondWithError(loginSecondFactor, 'signInChallengeInvalid');
      renderCard();
      await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      await userEvent.type(await screen.findByLabelText('Verification code'), '654321');
      await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This sign-in has expired; please enter your email and password again',
      );
      expect(screen.getByLabelText('Password')).toBeInTheDocument();
      expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    });
  });
});
