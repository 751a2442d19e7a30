import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKey } from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { failOnAntdDeprecations } from '../../../test/antd-deprecations.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { sourceLines } from '../components/create-api-key-modal.tsx';
import ApiKeysPage from './api-keys-page.tsx';

const keyId = '11111111-1111-4111-8111-111111111111';
const active: ApiKey = {
  id: keyId,
  name: 'stock sync',
  prefix: 'sk_AbCdEfG',
  scopes: ['read', 'manage'],
  allowedSources: ['203.0.113.0/24'],
  expiresAt: '2027-01-31T15:59:59.999Z',
  lastUsedAt: '2026-11-28T02:00:00.000Z',
  lastUsedIp: '203.0.113.9',
  createdAt: '2026-11-01T08:00:00.000Z',
  revokedAt: null,
  state: 'active',
};
const revoked: ApiKey = {
  ...active,
  id: '22222222-2222-4222-8222-222222222222',
  name: 'old script',
  prefix: 'sk_ZyXwVuT',
  scopes: ['purchase'],
  allowedSources: [],
  expiresAt: null,
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: '2026-11-20T08:00:00.000Z',
  state: 'revoked',
};
const secretKey = `sk_${'b'.repeat(43)}`;
const api = installFakeApi();
failOnAntdDeprecations();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(listApiKeys, { items: [active, revoked], max: 10 });
  api.respondWith(createApiKey, (request) => ({
    ...active,
    ...(request.body as Partial<ApiKey>),
    id: '33333333-3333-4333-8333-333333333333',
    lastUsedAt: null,
    lastUsedIp: null,
    key: secretKey,
  }));
  api.respondWith(revokeApiKey, { ...active, state: 'revoked', revokedAt: active.createdAt });
});

afterEach(async () => {
  await changeLanguage('zh-CN');
});

describe('ApiKeysPage', { timeout: 20_000 }, () => {
  it('lists keys by name and prefix with scopes, sources, expiry, last use and state', async () => {
    renderWithProviders(<ApiKeysPage />);
    const row = (await screen.findByText('stock sync')).closest('tr')!;
    expect(within(row).getByText('sk_AbCdEfG…')).toBeInTheDocument();
    expect(within(row).getByText('读取')).toBeInTheDocument();
    expect(within(row).getByText('管理')).toBeInTheDocument();
    expect(within(row).getByText('203.0.113.0/24')).toBeInTheDocument();
    expect(within(row).getByText('2027-01-31 23:59:59')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-28 10:00:00')).toBeInTheDocument();
    expect(within(row).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(row).getByText('有效')).toBeInTheDocument();
    const old = screen.getByText('old script').closest('tr')!;
    expect(within(old).getByText('已吊销')).toBeInTheDocument();
    expect(within(old).getByText('不限')).toBeInTheDocument();
    expect(within(old).getByText('永不过期')).toBeInTheDocument();
    expect(within(old).getByText('从未使用')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /吊\s*销/ })).toBeNull();
    // Only live keys count against the limit.
    expect(screen.getByText('1 / 10 个有效密钥')).toBeInTheDocument();

    await act(() => changeLanguage('en-US'));
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Manage')).toBeInTheDocument();
    expect(screen.getByText('1 of 10 active keys')).toBeInTheDocument();
  });

  it('creates a key with scopes and sources and shows it once', async () => {
    renderWithProviders(<ApiKeysPage />);
    await screen.findByText('stock sync');
    await userEvent.click(screen.getByRole('button', { name: /创\s*建/ }));
    const dialog = await screen.findByRole('dialog');
    // `read` is chosen to begin with; no name and no scope are refused here.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /读取/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /创\s*建/ }));
    expect(await within(dialog).findByText('请填写名称')).toBeInTheDocument();
    expect(await within(dialog).findByText('请至少选择一项权限')).toBeInTheDocument();
    expect(api.requests(createApiKey)).toHaveLength(0);
    expect(within(dialog).getByText(/会花费账户余额/)).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: '名称' }), ' billing bot ');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /管理/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /读取/ }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: '来源地址（可选）' }),
      '203.0.113.7{enter}{enter} 198.51.100.0/24 ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /创\s*建/ }));
    await waitFor(() =>
      expect(api.requests(createApiKey).at(-1)?.body).toEqual({
        name: 'billing bot',
        scopes: ['read', 'manage'],
        allowedSources: ['203.0.113.7', '198.51.100.0/24'],
        expiresAt: null,
      }),
    );
    expect(await screen.findByTestId('api-key')).toHaveTextContent(secretKey);
    expect(screen.getByRole('button', { name: '复制密钥' })).toBeInTheDocument();
    // The list shows no key: only this dialog ever does.
    expect(screen.getByText('stock sync').closest('tr')!).not.toHaveTextContent('sk_bbbb');
  });

  it('revokes a key after confirming', async () => {
    renderWithProviders(<ApiKeysPage />);
    const row = (await screen.findByText('stock sync')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /吊\s*销/ }));
    const popover = (await screen.findAllByRole('tooltip')).at(-1)!;
    expect(within(popover).getByText('吊销密钥“stock sync”？')).toBeInTheDocument();
    expect(api.requests(revokeApiKey)).toHaveLength(0);
    await userEvent.click(within(popover).getByRole('button', { name: /吊\s*销/ }));
    await waitFor(() => expect(api.requests(revokeApiKey)).toHaveLength(1));
    expect(api.requests(revokeApiKey)[0]!.params).toEqual({ id: keyId });
  });

  it('stops offering creation at the limit of live keys', async () => {
    api.respondWith(listApiKeys, {
      items: Array.from({ length: 10 }, (_, index) => ({
        ...active,
        id: `11111111-1111-4111-8111-${String(index).padStart(12, '0')}`,
        name: `key ${index}`,
      })),
      max: 10,
    });
    renderWithProviders(<ApiKeysPage />);
    await screen.findByText('key 9');
    expect(screen.getByRole('button', { name: /创\s*建/ })).toBeDisabled();
  });
});

describe('sourceLines', () => {
  it('takes one address or block per line (or comma), blanks left out', () => {
    expect(sourceLines(' 203.0.113.7 \n\n198.51.100.0/24, 2001:db8::1\n')).toEqual([
      '203.0.113.7',
      '198.51.100.0/24',
      '2001:db8::1',
    ]);
    expect(sourceLines(undefined)).toEqual([]);
  });
});
