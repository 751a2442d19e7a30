import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getTopUp, type Payment, type PaymentStatus } from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { walletKeys } from '../../wallet/public.ts';
import PaySuccessPage from './pay-success-page.tsx';

const paymentId = '3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const api = installFakeApi();
/** Statuses the server answers in turn; the last one repeats. */
let answers: PaymentStatus[];

function payment(status: PaymentStatus): Payment {
  return {
    id: paymentId,
    paymentNo: 'TP202611220000054321',
    channel: 'alipay',
    amount: 100,
    currency: 'CNY',
    status,
    payUrl: 'https://openapi.alipay.com/gateway.do',
    codeUrl: null,
    createdAt: '2026-11-21T16:00:00.000Z',
    expiresAt: '2026-11-21T16:15:00.000Z',
    paidAt: status === 'paid' ? '2026-11-21T16:01:00.000Z' : null,
    balanceAfter: status === 'paid' ? 1234.5 : null,
  };
}

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getTopUp, () => payment(answers.length > 1 ? answers.shift()! : answers[0]!), {
    params: { id: paymentId },
  });
});

function renderPaySuccess(search = `?paymentId=${paymentId}`) {
  return renderRoutes(
    [
      { path: '/portal/paySuccess', element: <PaySuccessPage /> },
      { path: '/console/businessFlow', element: <div>records</div> },
      { path: '/console/receipt/:kind/:id', element: <div>receipt</div> },
    ],
    `/portal/paySuccess${search}`,
  );
}

describe('PaySuccessPage', () => {
  it('polls until paid, then shows the amount and the new balance', async () => {
    answers = ['pending', 'paid'];
    const { queryClient, router } = renderPaySuccess();
    queryClient.setQueryData(walletKeys.wallet(), { wallet: { balance: 1134.5, currency: 'CNY' } });
    expect(await screen.findByText('确认支付结果…')).toBeInTheDocument();

    expect(await screen.findByText('充值成功')).toBeInTheDocument();
    expect(screen.getByTestId('paid-amount')).toHaveTextContent('¥100.00');
    expect(screen.getByTestId('balance-after')).toHaveTextContent('¥1234.50');
    expect(screen.getByTestId('payment-no')).toHaveTextContent('TP202611220000054321');
    expect(api.requests()).toHaveLength(2);
    // The header balance refreshes: the whole wallet domain is stale once a top-up is paid.
    expect(queryClient.getQueryState(walletKeys.wallet())?.isInvalidated).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: '查看账单流水' }));
    expect(router.state.location.pathname).toBe('/console/businessFlow');
    await router.navigate(`/portal/paySuccess?paymentId=${paymentId}`);
    await userEvent.click(await screen.findByRole('button', { name: '查看收据' }));
    expect(router.state.location.pathname).toBe(`/console/receipt/topup/${paymentId}`);
  });

  it('uses the payment remembered for this tab when the address has none', async () => {
    answers = ['paid'];
    sessionStorage.setItem('pendingPaymentId', paymentId);
    renderPaySuccess('');
    expect(await screen.findByText('充值成功')).toBeInTheDocument();
    expect(sessionStorage.getItem('pendingPaymentId')).toBeNull();
  });

  it('warns when the payment was closed unpaid', async () => {
    answers = ['closed'];
    renderPaySuccess();
    expect(await screen.findByText('支付未完成')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回充值' })).toBeInTheDocument();
  });
});
