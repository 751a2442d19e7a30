import { act, screen, waitFor } from '@testing-library/react';
import { getTopUp } from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../shared/i18n/i18n.ts';
import { installFakeApi } from '../test/fake-api.ts';
import { renderRoutes } from '../test/render-app.tsx';
import { appRoutes } from './router.tsx';

const paymentId = '3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const api = installFakeApi();

beforeEach(() => {
  document.title = 'Stratus';
  document.cookie = 'token=abc; path=/';
  api.respondWith(
    getTopUp,
    {
      id: paymentId,
      paymentNo: 'TP202611220000000001',
      channel: 'sandbox',
      amount: 100,
      currency: 'CNY',
      status: 'pending',
      payUrl: '/console/checkout-counter',
      codeUrl: null,
      createdAt: '2026-11-21T16:00:00.000Z',
      expiresAt: '2026-11-21T16:15:00.000Z',
      paidAt: null,
      balanceAfter: null,
    },
    { params: { id: paymentId } },
  );
});

afterEach(async () => {
  await act(() => changeLanguage('zh-CN'));
});

// Pages outside the console layout name the tab themselves, in the reader's language.
describe('page titles outside the console', { timeout: 20_000 }, () => {
  it('names the 404 page, in Chinese and then in English', async () => {
    renderRoutes(appRoutes, '/nowhere');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
    expect(document.title).toBe('页面不存在 · 层云代理');

    await act(() => changeLanguage('en-US'));
    await waitFor(() => expect(document.title).toBe('Page not found · Stratus Proxy'));
  });

  it('names the payment result page from the route table', async () => {
    await act(() => changeLanguage('en-US'));
    renderRoutes(appRoutes, `/portal/paySuccess?paymentId=${paymentId}`);
    await waitFor(() => expect(document.title).toBe('Payment result · Stratus Proxy'));

    await act(() => changeLanguage('zh-CN'));
    await waitFor(() => expect(document.title).toBe('支付结果 · 层云代理'));
  });
});
