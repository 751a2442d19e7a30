import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  cancelTopUp,
  completeSandboxPayment,
  getTopUp,
  type Payment,
  type PaymentChannel,
  type PaymentStatus,
} from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { emulateWindowWidth } from '../../../test/window-width.ts';
import CheckoutCounterPage from './checkout-counter-page.tsx';
import PaySuccessPage from './pay-success-page.tsx';

const paymentId = '3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const api = installFakeApi();
let status: PaymentStatus;
let expiresAt: string;
let channel: PaymentChannel;
const codeUrl = 'weixin://wxpay/bizpayurl?pr=Ab1Cd2E';

function payment(): Payment {
  return {
    id: paymentId,
    paymentNo: 'TP202611220000012345',
    channel,
    amount: 100,
    currency: 'CNY',
    status,
    payUrl: `/console/checkout-counter?paymentId=${paymentId}`,
    codeUrl: channel === 'wechat' && status === 'pending' ? codeUrl : null,
    createdAt: '2026-11-21T16:00:00.000Z',
    expiresAt,
    paidAt: status === 'paid' ? new Date().toISOString() : null,
    balanceAfter: status === 'paid' ? 120 : null,
  };
}

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  status = 'pending';
  channel = 'sandbox';
  expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
  const params = { id: paymentId };
  api.respondWith(getTopUp, () => payment(), { params });
  api.respondWith(
    completeSandboxPayment,
    () => {
      status = 'paid';
      return payment();
    },
    { params: { paymentId } },
  );
  api.respondWith(
    cancelTopUp,
    () => {
      status = 'closed';
      return payment();
    },
    { params },
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderCheckout(search = `?paymentId=${paymentId}`) {
  return renderRoutes(
    [
      { path: '/console/checkout-counter', element: <CheckoutCounterPage /> },
      { path: '/console/recharge', element: <div>recharge</div> },
      { path: '/portal/paySuccess', element: <PaySuccessPage /> },
    ],
    `/console/checkout-counter${search}`,
  );
}

describe('CheckoutCounterPage', () => {
  it('shows the pending payment with a countdown that ends in the expired state', async () => {
    const start = new Date('2026-11-22T00:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    expiresAt = new Date(start.getTime() + 65_000).toISOString();
    renderCheckout();

    expect(await screen.findByTestId('checkout-amount')).toHaveTextContent('¥100.00');
    // The readable number, never the id the provider is sent.
    expect(screen.getByText('TP202611220000012345')).toBeInTheDocument();
    expect(screen.queryByText(paymentId)).not.toBeInTheDocument();
    expect(screen.getAllByText('沙箱支付').length).toBeGreaterThan(0);
    expect(screen.getByTestId('payment-countdown')).toHaveTextContent('01:05');

    vi.setSystemTime(start.getTime() + 5_000);
    await waitFor(() => expect(screen.getByTestId('payment-countdown')).toHaveTextContent('01:00'));

    vi.setSystemTime(start.getTime() + 65_000);
    expect(await screen.findByText('支付已超时')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /确认支付/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回充值' })).toBeInTheDocument();
  });

  it('confirms a sandbox payment and moves on to the result page once paid', async () => {
    const { router } = renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: /确认支付/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/paySuccess'));
    expect(router.state.location.search).toBe(`?paymentId=${paymentId}`);
    expect(api.requests(completeSandboxPayment, { params: { paymentId } })).toHaveLength(1);
    expect(await screen.findByText('充值成功')).toBeInTheDocument();
    expect(screen.getByTestId('balance-after')).toHaveTextContent('¥120.00');
  });

  it('cancels after confirmation and shows the closed state', async () => {
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: '取消支付' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('确认取消这笔支付？').length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '取消支付' }));

    expect(await screen.findByText('支付已关闭')).toBeInTheDocument();
    expect(api.requests(cancelTopUp, { params: { id: paymentId } })).toHaveLength(1);
  });

  it.each(['', '?paymentId=not-a-uuid'])('leads back to top-up for "%s"', async (search) => {
    const { router } = renderCheckout(search);
    expect(await screen.findByText('找不到这笔支付')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '返回充值' }));
    expect(router.state.location.pathname).toBe('/console/recharge');
    expect(api.requests()).toHaveLength(0);
  });

  it('shows the WeChat Pay QR code to scan, and moves on once the polled payment is paid', async () => {
    channel = 'wechat';
    emulateWindowWidth(1440);
    const { router } = renderCheckout();
    const qr = await screen.findByTestId('wechat-qr');
    expect(qr.querySelector('canvas')).not.toBeNull();
    expect(within(qr).getByText('请打开微信，扫一扫上方二维码完成付款')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-amount')).toHaveTextContent('¥100.00');
    expect(screen.getAllByText('微信支付').length).toBeGreaterThan(0);
    // No provider page to go to, and no image to save on a desktop.
    expect(screen.queryByRole('button', { name: /前往支付页面|去支付/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保存二维码图片/ })).not.toBeInTheDocument();

    status = 'paid';
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/paySuccess'), {
      timeout: 6_000,
    });
  });

  it('on a phone shows the QR code large with "save image" and the album instruction', async () => {
    channel = 'wechat';
    emulateWindowWidth(390);
    renderCheckout();
    const qr = await screen.findByTestId('wechat-qr');
    expect(within(qr).getByText(/从相册选取该图片/)).toBeInTheDocument();
    const canvas = qr.querySelector('canvas');
    expect(Number(canvas?.style.width.replace('px', '') || canvas?.width)).toBeGreaterThanOrEqual(
      260,
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(within(qr).getByRole('button', { name: /保存二维码图片/ }));
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'wechat-pay-TP202611220000012345.png',
    );
  });
});
