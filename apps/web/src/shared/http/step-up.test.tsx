import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addIpAllowlistEntry,
  errors,
  getTwoStepStatus,
  startPasskeyStepUp,
  stepUp,
  type AllowlistEntry,
} from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n.ts';
import { failOnAntdDeprecations } from '../../test/antd-deprecations.ts';
import { installFakeApi } from '../../test/fake-api.ts';
import { installFakeWebAuthn } from '../../test/fake-webauthn.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { ApiError } from './api-error.ts';
import { callEndpoint } from './client.ts';

const api = installFakeApi();
const webAuthn = installFakeWebAuthn();
failOnAntdDeprecations();

const entry: AllowlistEntry = {
  id: 'a1',
  cidr: '203.0.113.7/32',
  note: '',
  lastUsedAt: null,
  createdAt: '2026-11-29T10:00:00.000Z',
};
const addBody = { address: '203.0.113.7', note: '' };

/** The allowlist refuses until the session steps up, which succeeds unless a test says otherwise. */
function refuseUntilSteppedUp({ twoStep }: { twoStep: boolean }) {
  let steppedUp = false;
  api.respondWith(getTwoStepStatus, {
    enabled: twoStep,
    factors: twoStep ? ['totp'] : [],
    recoveryCodesLeft: twoStep ? 10 : 0,
  });
  api.respondWithError(addIpAllowlistEntry, 'stepUpRequired', { when: () => !steppedUp });
  api.respondWith(addIpAllowlistEntry, entry);
  api.respondWith(stepUp, () => {
    steppedUp = true;
    return null;
  });
}

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  renderWithProviders(<div />);
});

afterEach(async () => {
  await changeLanguage('zh-CN');
});

describe('step-up on a refused call', () => {
  it('asks an account without two-step verification for its password, then sends the call again', async () => {
    refuseUntilSteppedUp({ twoStep: false });
    const added = callEndpoint(apiRoutes.addIpAllowlistEntry, { body: addBody });
    const dialog = await screen.findByRole('dialog', { name: '确认是您本人' });
    const password = await within(dialog).findByLabelText('登录密码');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.type(password, 'correct horse 42');
    await userEvent.click(within(dialog).getByRole('button', { name: '验证并继续' }));
    await expect(added).resolves.toEqual(entry);
    expect(api.requests(stepUp).map((request) => request.body)).toEqual([
      { password: 'correct horse 42' },
    ]);
    expect(api.requests(addIpAllowlistEntry)).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The refusal that opened the modal raised no toast.
    expect(screen.queryByText(errors.stepUpRequired.message['zh-CN'])).not.toBeInTheDocument();
  });

  it('asks an account with two-step verification for a code, keeping a wrong one under the field', async () => {
    refuseUntilSteppedUp({ twoStep: true });
    api.respondWithError(stepUp, 'secondFactorIncorrect', {
      when: (request) => (request.body as { code: string }).code === '000000',
    });
    const added = callEndpoint(apiRoutes.addIpAllowlistEntry, { body: addBody });
    const dialog = await screen.findByRole('dialog', { name: '确认是您本人' });
    const code = await within(dialog).findByLabelText('验证码或恢复码');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(code, '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: '验证并继续' }));
    expect(
      await within(dialog).findByText(errors.secondFactorIncorrect.message['zh-CN']),
    ).toBeInTheDocument();
    expect(api.requests(addIpAllowlistEntry)).toHaveLength(1);
    await userEvent.clear(code);
    await userEvent.type(code, ' 123456 ');
    await userEvent.click(within(dialog).getByRole('button', { name: '验证并继续' }));
    await expect(added).resolves.toEqual(entry);
    expect(api.requests(stepUp).map((request) => request.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('offers a passkey-only account its passkey (or a recovery code), then sends the call again', async () => {
    refuseUntilSteppedUp({ twoStep: false });
    api.respondWith(getTwoStepStatus, {
      enabled: false,
      factors: ['passkey'],
      recoveryCodesLeft: 9,
    });
    api.respondWith(startPasskeyStepUp, {
      challenge: 'Y2hhbGxlbmdl',
      rpId: 'localhost',
      allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' }],
    });
    const added = callEndpoint(apiRoutes.addIpAllowlistEntry, { body: addBody });
    const dialog = await screen.findByRole('dialog', { name: '确认是您本人' });
    // No authenticator app: the field takes a recovery code, the button the passkey.
    expect(await within(dialog).findByLabelText('恢复码')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '使用通行密钥' }));
    await expect(added).resolves.toEqual(entry);
    expect(webAuthn.credentials.get).toHaveBeenCalledTimes(1);
    const [request] = api.requests(stepUp);
    expect(request?.body).toMatchObject({ passkey: { id: 'Y3JlZA', type: 'public-key' } });
    expect(api.requests(addIpAllowlistEntry)).toHaveLength(2);
  });

  it('rejects with the original refusal when cancelled, sending nothing again', async () => {
    refuseUntilSteppedUp({ twoStep: true });
    // Caught at once: the refusal arrives only after the clicks below.
    const refused = callEndpoint(apiRoutes.addIpAllowlistEntry, { body: addBody }).then(
      () => null,
      (error: unknown) => error,
    );
    const dialog = await screen.findByRole('dialog', { name: '确认是您本人' });
    await within(dialog).findByLabelText('验证码或恢复码');
    await userEvent.click(within(dialog).getByRole('button', { name: '取 消' }));
    const refusal = await refused;
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 403, code: errors.stepUpRequired.code });
    expect(api.requests(stepUp)).toHaveLength(0);
    expect(api.requests(addIpAllowlistEntry)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks once for calls refused together, and retries each once', async () => {
    refuseUntilSteppedUp({ twoStep: false });
    const first = callEndpoint(apiRoutes.addIpAllowlistEntry, { body: addBody });
    const second = callEndpoint(apiRoutes.addIpAllowlistEntry, { body: addBody });
    const dialog = await screen.findByRole('dialog', { name: '确认是您本人' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.type(await within(dialog).findByLabelText('登录密码'), 'pw');
    await userEvent.click(within(dialog).getByRole('button', { name: '验证并继续' }));
    await expect(first).resolves.toEqual(entry);
    await expect(second).resolves.toEqual(entry);
    expect(api.requests(stepUp)).toHaveLength(1);
    expect(api.requests(addIpAllowlistEntry)).toHaveLength(4);
  });

  it('refuses for good when the call is still refused after the step-up', async () => {
    api.respondWith(getTwoStepStatus, { enabled: false, factors: [], recoveryCodesLeft: 0 });
    api.respondWith(stepUp, null);
    api.respondWithError(addIpAllowlistEntry, 'stepUpRequired');
    const refused = callEndpoint(apiRoutes.addIpAllowlistEntry, { body: addBody }).then(
      () => null,
      (error: unknown) => error,
    );
    const dialog = await screen.findByRole('dialog', { name: '确认是您本人' });
    await userEvent.type(await within(dialog).findByLabelText('登录密码'), 'pw');
    await userEvent.click(within(dialog).getByRole('button', { name: '验证并继续' }));
    expect(await refused).toMatchObject({ code: errors.stepUpRequired.code });
    expect(api.requests(addIpAllowlistEntry)).toHaveLength(2);
    expect(await screen.findByText(errors.stepUpRequired.message['zh-CN'])).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('speaks English', async () => {
    await changeLanguage('en-US');
    refuseUntilSteppedUp({ twoStep: true });
    const added = callEndpoint(apiRoutes.addIpAllowlistEntry, { body: addBody });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(dialog).getByText(/Enter the 6-digit code/)).toBeInTheDocument();
    await userEvent.type(
      await within(dialog).findByLabelText('Code or recovery code'),
      'abcde-12345',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and continue' }));
    await expect(added).resolves.toEqual(entry);
    expect(api.requests(stepUp).map((request) => request.body)).toEqual([{ code: 'abcde-12345' }]);
  });
});
