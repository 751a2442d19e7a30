import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getMe,
  getOpenTopUp,
  getTopUpOptions,
  getWallet,
  listCurrentAnnouncements,
  listOrders,
  updateMe,
  type UserProfile,
} from '@stratus/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../test/render-app.tsx';
import { appRoutes } from '../router.tsx';

let accountCreatedAt = new Date().toISOString();
// What the fake server knows: the PATCH below sets it, as the real one stores it on the account.
let tourCompleted = false;
const api = installFakeApi();

beforeAll(async () => {
  await import('../../features/wallet/pages/recharge-page.tsx');
  await import('../../features/orders/pages/ip-order-list-page.tsx');
}, 60_000);

/** A page where nothing is bought: the tour may be offered there. */
const ORDERS = '/console/ipOrderList';

/** Answers the corner card's invitation with `choice` once it is shown. */
async function answerOffer(choice: '开始导览' | '不用了') {
  const offer = await screen.findByRole('complementary', { name: '第一次来？' });
  await userEvent.click(within(offer).getByRole('button', { name: choice }));
}

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  // The shared setup marks the tour as seen; these tests are the first visit of a session.
  sessionStorage.removeItem('isFirst');
  accountCreatedAt = new Date().toISOString();
  tourCompleted = false;
  const profile = (): UserProfile => ({
    id: '00000000-0000-4000-8000-000000000001',
    email: 'new@example.com',
    name: '',
    role: 'customer',
    language: 'zh-CN',
    apiToken: 'st_0123456789abcdef0123456789abcdef',
    createdAt: accountCreatedAt,
    tourCompleted,
    emailVerified: true,
    emailVerification: 'optional',
    lowBalanceThreshold: null,
  });
  api.respondWith(getMe, profile);
  respondWithQuietInbox(api);
  api.respondWith(updateMe, (request) => {
    if ((request.body as { tourCompleted?: boolean }).tourCompleted) tourCompleted = true;
    return profile();
  });
  api.respondWith(getWallet, { wallet: { balance: 12.5, currency: 'CNY' } });
  api.respondWith(listCurrentAnnouncements, { items: [] });
  api.respondWith(getTopUpOptions, {
    channels: ['sandbox'],
    minAmount: 1,
    maxAmount: 50_000,
    presets: [100],
  });
  api.respondWith(getOpenTopUp, { payment: null });
  api.respondWith(listOrders, { items: [], total: 0, page: 1, pageSize: 20 });
});

// First renders load Ant Design and the charts: slow on a busy machine.
describe('console tour', { timeout: 20_000 }, () => {
  it('is offered, not imposed: a corner card asks, and the page stays usable', async () => {
    renderRoutes(appRoutes, ORDERS);
    expect(await screen.findByRole('complementary', { name: '第一次来？' })).toBeInTheDocument();
    expect(screen.queryByText('功能菜单')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-tour-mask, .ant-tour')).toBeNull();
    expect(sessionStorage.getItem('isFirst')).toBe('1');
  });

  it('is never offered on a purchase page, and no tour covers it', async () => {
    renderRoutes(appRoutes, '/console/recharge');
    expect(await screen.findByRole('heading', { name: '充值' })).toBeInTheDocument();
    await screen.findByText('new@example.com');
    expect(screen.queryByRole('complementary', { name: '第一次来？' })).not.toBeInTheDocument();
    expect(document.querySelector('.ant-tour-mask, .ant-tour')).toBeNull();
    // Not spent there: the next page of the session may still offer it.
    expect(sessionStorage.getItem('isFirst')).toBeNull();
  });

  it('walks through the menu groups, balance and account menu, then saves it on the account', async () => {
    const first = renderRoutes(appRoutes, ORDERS);
    await answerOffer('开始导览');
    await screen.findByText('功能菜单');
    expect(screen.getByText('1 / 5')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: '第一次来？' })).not.toBeInTheDocument();
    for (const title of ['IP管理', '流量管理', '账户余额', '账户菜单']) {
      await userEvent.click(screen.getByRole('button', { name: '下一步' }));
      await waitFor(() =>
        expect(document.querySelector('.ant-tour-title')).toHaveTextContent(title),
      );
    }
    expect(api.requests(updateMe)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '结束导览' }));
    await waitFor(() => expect(screen.queryByText('账户菜单')).not.toBeInTheDocument());
    await waitFor(() => expect(api.requests(updateMe)).toHaveLength(1));
    expect(api.requests(updateMe)[0]?.body).toEqual({ tourCompleted: true });
    first.unmount();

    // A new browser session (or another browser) of the same account: the account remembers.
    sessionStorage.removeItem('isFirst');
    renderRoutes(appRoutes, ORDERS);
    await screen.findByText('new@example.com');
    expect(screen.queryByRole('complementary', { name: '第一次来？' })).not.toBeInTheDocument();
  });

  it('declining the offer is saved on the account, and no tour opens', async () => {
    const first = renderRoutes(appRoutes, ORDERS);
    await answerOffer('不用了');
    await waitFor(() => expect(tourCompleted).toBe(true));
    expect(screen.queryByRole('complementary', { name: '第一次来？' })).not.toBeInTheDocument();
    expect(screen.queryByText('功能菜单')).not.toBeInTheDocument();
    first.unmount();

    sessionStorage.removeItem('isFirst');
    renderRoutes(appRoutes, ORDERS);
    await screen.findByText('new@example.com');
    expect(screen.queryByRole('complementary', { name: '第一次来？' })).not.toBeInTheDocument();
  });

  it('closing the tour counts as done for the account too', async () => {
    renderRoutes(appRoutes, ORDERS);
    await answerOffer('开始导览');
    await screen.findByText('功能菜单');
    await userEvent.click(document.querySelector<HTMLElement>('.ant-tour-close')!);
    await waitFor(() => expect(screen.queryByText('功能菜单')).not.toBeInTheDocument());
    await waitFor(() => expect(tourCompleted).toBe(true));
  });

  it('is not offered again on a reload of the session that offered it', async () => {
    const first = renderRoutes(appRoutes, ORDERS);
    await screen.findByRole('complementary', { name: '第一次来？' });
    first.unmount();

    renderRoutes(appRoutes, ORDERS);
    await screen.findByText('new@example.com');
    expect(screen.queryByRole('complementary', { name: '第一次来？' })).not.toBeInTheDocument();
    expect(api.requests(updateMe)).toHaveLength(0);
  });

  it('is not offered to an account older than a week', async () => {
    accountCreatedAt = new Date(Date.now() - 8 * 86_400_000).toISOString();
    renderRoutes(appRoutes, ORDERS);
    await screen.findByText('new@example.com');
    expect(screen.queryByRole('complementary', { name: '第一次来？' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('isFirst')).toBeNull();
  });
});
