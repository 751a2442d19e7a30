import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  cancelTopUp,
  createTopUp,
  getOpenTopUp,
  getTopUpOptions,
  getWallet,
  type Payment,
  type TopUpOptions,
} from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../../shared/browser.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import RechargePage from './recharge-page.tsx';

const paymentId = '3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const options: TopUpOptions = {
  channels: ['sandbox', 'alipay'],
  minAmount: 1,
  maxAmount: 50_000,
  presets: [50, 100, 500, 1000, 5000],
};
const api = installFakeApi();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getWallet, { wallet: { balance: 20, currency: 'CNY' } });
  respondWithQuietInbox(api);
  api.respondWith(getTopUpOptions, options);
  api.respondWith(getOpenTopUp, { payment: null });
  api.respondWith(createTopUp, (request) => ({
    paymentId,
    paymentNo: 'TP202611220000012345',
    payUrl:
      (request.body as { channel: string }).channel === 'sandbox'
        ? `/console/checkout-counter?paymentId=${paymentId}`
        : `https://openapi.alipay.com/gateway.do?out_trade_no=${paymentId}`,
    codeUrl: null,
    expiresAt: '2026-11-22T01:00:00.000Z',
  }));
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderRecharge() {
  return renderRoutes(
    [
      { path: '/console/recharge', element: <RechargePage /> },
      { path: '/console/checkout-counter', element: <div>checkout</div> },
    ],
    '/console/recharge',
  );
}

function topUpCalls() {
  return api.requests(createTopUp);
}

async function typeCustomAmount(text: string) {
  const input = await screen.findByRole('spinbutton', { name: '自定义金额' });
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

const openPayment: Payment = {
  id: paymentId,
  paymentNo: 'TP202611220000012345',
  channel: 'sandbox',
  amount: 100,
  currency: 'CNY',
  status: 'pending',
  payUrl: `/console/checkout-counter?paymentId=${paymentId}`,
  codeUrl: null,
  createdAt: '2026-11-22T00:00:00.000Z',
  expiresAt: '2026-11-22T01:00:00.000Z',
  paidAt: null,
  balanceAfter: null,
};

describe('RechargePage with a top-up left open', () => {
  it('offers to resume it at its cashier', async () => {
    api.respondWith(getOpenTopUp, { payment: openPayment });
    const { router } = renderRecharge();
    const notice = await screen.findByRole('region', { name: '您有一笔未完成的充值' });
    expect(notice).toHaveTextContent('¥100.00（沙箱支付，单号 TP202611220000012345）尚未支付');
    await userEvent.click(within(notice).getByRole('button', { name: '继续支付' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/checkout-counter'));
    expect(router.state.location.search).toBe(`?paymentId=${paymentId}`);
    expect(sessionStorage.getItem('pendingPaymentId')).toBe(paymentId);
  });

  it('cancels it, then offers nothing more', async () => {
    let open: Payment | null = openPayment;
    api.respondWith(getOpenTopUp, () => ({ payment: open }));
    api.respondWith(cancelTopUp, () => {
      open = null;
      return { ...openPayment, status: 'closed' as const, payUrl: '' };
    });
    renderRecharge();
    const notice = await screen.findByRole('region', { name: '您有一笔未完成的充值' });
    await userEvent.click(within(notice).getByRole('button', { name: '取消这笔充值' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: '您有一笔未完成的充值' }),
      ).not.toBeInTheDocument(),
    );
    expect(api.requests(cancelTopUp)[0]?.params).toEqual({ id: paymentId });
  });
});

describe('RechargePage', () => {
  it('shows the balance, the presets from the options and the channels', async () => {
    renderRecharge();
    expect(await screen.findByTestId('recharge-balance')).toHaveTextContent('¥20.00');
    for (const preset of ['¥50.00', '¥100.00', '¥500.00', '¥1000.00', '¥5000.00']) {
      expect(screen.getByRole('radio', { name: preset })).toBeInTheDocument();
    }
    expect(screen.getByRole('radio', { name: preset(100) })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByText('单笔 ¥1.00 – ¥50000.00')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /沙箱支付/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /支付宝/ })).not.toBeChecked();
  });

  it.each([
    ['0.5', '单笔充值金额不能低于 ¥1.00'],
    ['60000', '单笔充值金额不能超过 ¥50000.00'],
    ['10.123', '充值金额最多保留两位小数'],
  ])('refuses %s with a localised message and sends nothing', async (text, message) => {
    renderRecharge();
    await typeCustomAmount(text);
    expect(await screen.findByText(message)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /立即支付/ }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(topUpCalls()).toHaveLength(0);
  });

  it('creates a sandbox top-up for a preset and opens the cashier in the app', async () => {
    const { router } = renderRecharge();
    await userEvent.click(await screen.findByRole('radio', { name: preset(500) }));
    expect(screen.getByTestId('summary-amount')).toHaveTextContent('¥500.00');
    await userEvent.click(screen.getByRole('button', { name: /立即支付/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/checkout-counter'));
    expect(router.state.location.search).toBe(`?paymentId=${paymentId}`);
    expect(topUpCalls().map((request) => request.body)).toEqual([
      { amount: 500, channel: 'sandbox' },
    ]);
    expect(sessionStorage.getItem('pendingPaymentId')).toBe(paymentId);
  });

  it('sends a custom amount through Alipay and leaves for the provider page', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    renderRecharge();
    await typeCustomAmount('88.8');
    await userEvent.click(screen.getByRole('radio', { name: /支付宝/ }));
    await userEvent.click(screen.getByRole('button', { name: /立即支付/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(
      `https://openapi.alipay.com/gateway.do?out_trade_no=${paymentId}`,
    );
    expect(topUpCalls().map((request) => request.body)).toEqual([
      { amount: 88.8, channel: 'alipay' },
    ]);
  });
});

function preset(amount: number) {
  return `¥${amount.toFixed(2)}`;
}
