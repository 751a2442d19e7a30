import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  finishPasskeyRegistration,
  listPasskeys,
  renamePasskey,
  startPasskeyRegistration,
  type Passkey,
} from '@stratus/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { failOnAntdDeprecations } from '../../../test/antd-deprecations.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { installFakeWebAuthn } from '../../../test/fake-webauthn.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { emulateWindowWidth } from '../../../test/window-width.ts';
import { PasskeysCard } from './passkeys-card.tsx';

const laptop: Passkey = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'MacBook',
  createdAt: '2026-11-20T02:00:00.000Z',
  lastUsedAt: '2026-11-29T01:00:00.000Z',
  deviceType: 'multiDevice',
  backedUp: true,
};
const key: Passkey = {
  ...laptop,
  id: '22222222-2222-4222-8222-222222222222',
  name: 'YubiKey',
  lastUsedAt: null,
  deviceType: 'singleDevice',
  backedUp: false,
};
const registrationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'Stratus' },
  user: { id: 'dXNlcg', name: 'ada@example.com', displayName: 'Ada' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};
const codes = Array.from({ length: 10 }, (_, index) => `abcde-${String(index).padStart(5, '2')}`);
const api = installFakeApi();
const webAuthn = installFakeWebAuthn();
failOnAntdDeprecations();

afterEach(async () => {
  await changeLanguage('zh-CN');
});

describe('PasskeysCard', () => {
  it('lists the passkeys, synced ones marked, and adds one named after the device, showing the recovery codes once', async () => {
    let items = [laptop];
    api.respondWith(listPasskeys, () => ({ items }));
    api.respondWith(startPasskeyRegistration, registrationOptions);
    api.respondWith(finishPasskeyRegistration, (request) => {
      const added = { ...key, name: (request.body as { name: string }).name };
      items = [laptop, added];
      return { passkey: added, recoveryCodes: codes };
    });
    renderWithProviders(<PasskeysCard />);
    const row = (await screen.findByText('MacBook')).closest('tr')!;
    expect(within(row).getByText('已同步')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '添加通行密钥' }));
    const name = await screen.findByLabelText('名称');
    await userEvent.clear(name);
    await userEvent.type(name, 'Work laptop');
    await userEvent.click(screen.getByRole('button', { name: /创\s?建/ }));
    expect(await screen.findByText('请保存恢复码')).toBeInTheDocument();
    expect(screen.getByText(codes[0]!)).toBeInTheDocument();
    expect(webAuthn.credentials.create).toHaveBeenCalledTimes(1);
    expect(api.requests(finishPasskeyRegistration)[0]!.body).toMatchObject({
      name: 'Work laptop',
      response: { id: 'Y3JlZA', type: 'public-key' },
    });
    await userEvent.click(screen.getByRole('button', { name: '我已保存' }));
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
    expect(screen.getByText('尚未使用')).toBeInTheDocument();
  });

  it('stays quiet when the browser prompt is closed', async () => {
    api.respondWith(listPasskeys, { items: [] });
    api.respondWith(startPasskeyRegistration, registrationOptions);
    renderWithProviders(<PasskeysCard />);
    await userEvent.click(await screen.findByRole('button', { name: '添加通行密钥' }));
    webAuthn.cancelNextPrompt();
    await userEvent.click(await screen.findByRole('button', { name: /创\s?建/ }));
    await waitFor(() => expect(webAuthn.credentials.create).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.requests(finishPasskeyRegistration)).toHaveLength(0);
    expect(screen.getByLabelText('名称')).toBeInTheDocument();
  });

  it('renames one, in cards on a phone, in English', async () => {
    await changeLanguage('en-US');
    emulateWindowWidth(390);
    api.respondWith(listPasskeys, { items: [laptop, key] });
    api.respondWith(renamePasskey, { ...key, name: 'Backup key' });
    renderWithProviders(<PasskeysCard />);
    expect(await screen.findByText('YubiKey')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rename YubiKey' }));
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Backup key');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requests(renamePasskey)[0]).toMatchObject({
        body: { name: 'Backup key' },
      }),
    );
  });
});
