import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  finishPasskeySignIn,
  login,
  startPasskeySignIn,
  type UserProfile,
} from '@stratus/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { installFakeWebAuthn } from '../../../test/fake-webauthn.ts';
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
const options = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [] };
const challenge = 'c'.repeat(43);
const api = installFakeApi();
const webAuthn = installFakeWebAuthn();

function renderCard() {
  return renderRoutes(
    [
      { path: '/portal/home', element: <SignInCard /> },
      { path: '/console/overview', element: <p>overview page</p> },
    ],
    '/portal/home',
  );
}

afterEach(async () => {
  await changeLanguage('zh-CN');
});

describe('SignInCard with passkeys', () => {
  it('signs in with a passkey alone, without the password', async () => {
    api.respondWith(startPasskeySignIn, { options });
    api.respondWith(finishPasskeySignIn, { token: 'sess-p', user });
    const { router } = renderCard();
    await userEvent.click(screen.getByRole('button', { name: '使用通行密钥登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/overview'));
    expect(api.requests(startPasskeySignIn)[0]!.body).toEqual({});
    const sent = api.requests(finishPasskeySignIn)[0]!.body as { response: { id: string } };
    expect(sent.response.id).toBe('Y3JlZA');
    expect(document.cookie).toContain('token=sess-p');
  });

  it('stays quiet when the browser prompt is closed, and says why when the server refuses', async () => {
    api.respondWith(startPasskeySignIn, { options });
    api.respondWithError(finishPasskeySignIn, 'passkeyVerificationFailed');
    renderCard();
    webAuthn.cancelNextPrompt();
    await userEvent.click(screen.getByRole('button', { name: '使用通行密钥登录' }));
    await waitFor(() => expect(webAuthn.credentials.get).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '使用通行密钥登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('通行密钥验证未通过');
  });

  it('offers only the passkey (and a recovery code) to an account without an app, in English', async () => {
    await changeLanguage('en-US');
    api.respondWith(login, { secondFactorRequired: true, challenge, factors: ['passkey'] });
    api.respondWith(startPasskeySignIn, { options });
    api.respondWith(finishPasskeySignIn, { token: 'sess-q', user });
    const { router } = renderCard();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const usePasskey = await screen.findByRole('button', { name: 'Use a passkey' });
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
    await userEvent.click(usePasskey);
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/overview'));
    expect(api.requests(startPasskeySignIn)[0]!.body).toEqual({ challenge });
    expect(api.requests(finishPasskeySignIn)[0]!.body).toMatchObject({ challenge });
  });

  it('shows no passkey button where the browser has no WebAuthn', () => {
    webAuthn.remove();
    renderCard();
    expect(screen.getByLabelText('密码')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '使用通行密钥登录' })).not.toBeInTheDocument();
  });
});
