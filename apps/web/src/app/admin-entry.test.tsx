import { screen } from '@testing-library/react';
import { getMe, getWallet, listCurrentAnnouncements, type UserProfile } from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../test/fake-api.ts';
import { respondWithQuietInbox } from '../test/inbox-fixtures.ts';
import { renderRoutes } from '../test/render-app.tsx';
import { appRoutes } from './router.tsx';

const customer: UserProfile = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'shopper@example.com',
  name: '',
  role: 'customer',
  language: 'zh-CN',
  apiToken: 'st_0123456789abcdef0123456789abcdef',
  createdAt: '2026-01-01T00:00:00.000Z',
  tourCompleted: true,
  emailVerified: true,
  emailVerification: 'optional',
  lowBalanceThreshold: null,
};
const api = installFakeApi();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, customer);
  respondWithQuietInbox(api);
  api.respondWith(getWallet, { wallet: { balance: 12.5, currency: 'CNY' } });
  api.respondWith(listCurrentAnnouncements, { items: [] });
});

// First renders load Ant Design: slow on a busy machine.
describe('a customer at an operator address', { timeout: 20_000 }, () => {
  it('meets a plain 403 inside the customer console, not the operator frame', async () => {
    renderRoutes(appRoutes, '/admin/customers');
    expect(await screen.findByText('无权访问')).toBeInTheDocument();
    expect(screen.getByText('运营后台仅对员工开放')).toBeInTheDocument();
    // The customer's own frame: their account and balance, no operator badge or menu.
    expect(await screen.findByText('shopper@example.com')).toBeInTheDocument();
    expect(screen.queryByText('运营后台')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回客户控制台' })).toBeInTheDocument();
    expect(document.title).toContain('无权访问');
  });
});
