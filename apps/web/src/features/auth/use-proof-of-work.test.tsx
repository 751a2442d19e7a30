import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errors, login, proofOfWorkChallenge } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render-app.tsx';
import { SignInCard } from './components/sign-in-card.tsx';
import { PROOF_OF_WORK_CODES } from './use-proof-of-work.tsx';

const api = installFakeApi();

describe('the proof of work of the sign-in form', () => {
  it('knows the contract’s codes without loading the contract', () => {
    expect(PROOF_OF_WORK_CODES).toEqual([
      errors.proofOfWorkRequired.code,
      errors.proofOfWorkInvalid.code,
    ]);
  });

  it('shows the widget above the button when the server asks for a proof', async () => {
    api.respondWithError(login, 'proofOfWorkRequired');
    api.respondWith(proofOfWorkChallenge, {
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        nonce: '00'.repeat(16),
        salt: '11'.repeat(16),
        cost: 1,
        keyLength: 32,
        keyPrefix: '22'.repeat(16),
        expiresAt: Math.floor(Date.now() / 1000) + 600,
      },
      signature: '33'.repeat(32),
    });
    const { container } = renderRoutes(
      [{ path: '/portal/home', element: <SignInCard /> }],
      '/portal/home',
    );
    expect(container.querySelector('altcha-widget')).toBeNull();
    await userEvent.type(screen.getByLabelText('邮箱'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('密码'), 'a-river-77');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(container.querySelector('form altcha-widget')).not.toBeNull());
    // Above the button; the refusal is not shown as the card's error: the widget speaks for it.
    const widget = container.querySelector('form altcha-widget');
    const button = screen.getByRole('button', { name: '登录' });
    expect(widget?.compareDocumentPosition(button)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.queryByText(errors.proofOfWorkRequired.message['zh-CN'])).not.toBeInTheDocument();
  });
});
