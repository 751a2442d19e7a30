import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getReceipt, type Receipt } from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import ReceiptPage from './receipt-page.tsx';

const api = installFakeApi();
const paymentId = '3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const orderId = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

const topUp: Receipt = {
  receiptNo: 'RTP202611290000054321',
  kind: 'topup',
  sourceId: paymentId,
  sourceNo: 'TP202611290000054321',
  orderType: null,
  paidAt: '2026-11-29T02:03:04.000Z',
  businessDate: '2026-11-29',
  issuer: {
    companyName: '云层网络科技（上海）有限公司',
    address: '上海市浦东新区张江路 88 号',
    taxNumber: '91310115MA1K4ABC2X',
    phone: '',
    email: '',
  },
  customer: { email: 'li@example.com', name: '李雷' },
  lines: [{ kind: 'topup', quantity: 1, unitPrice: 100, amount: 100 }],
  amount: 100,
  refunded: null,
  currency: 'CNY',
  channel: 'alipay',
  providerTradeNo: '2026112922001400000000001234',
};

const order: Receipt = {
  ...topUp,
  receiptNo: 'RSI202611290000012345',
  kind: 'order',
  sourceId: orderId,
  sourceNo: 'SI202611290000012345',
  orderType: 'static_ip',
  issuer: { companyName: '', address: '', taxNumber: '', phone: '', email: '' },
  customer: { email: 'li@example.com', name: '' },
  lines: [
    {
      kind: 'static_ip',
      planId: null,
      instanceId: null,
      country: 'JP',
      countryName: '日本',
      city: '东京',
      lineType: 'isp_residential',
      trafficGb: null,
      durationDays: 30,
      quantity: 2,
      unitPrice: 30,
      amount: 60,
    },
  ],
  amount: 60,
  refunded: 12.5,
  channel: null,
  providerTradeNo: null,
};

function renderReceipt(path: string) {
  return renderRoutes([{ path: '/console/receipt/:kind/:id', element: <ReceiptPage /> }], path);
}

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh-CN');
});

describe('ReceiptPage', () => {
  it("prints a top-up's issuer, number, date, customer, channel and trade number", async () => {
    api.respondWith(getReceipt, topUp, { params: { kind: 'topup', id: paymentId } });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderReceipt(`/console/receipt/topup/${paymentId}`);

    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByRole('heading', { name: '收据' })).toBeInTheDocument();
    expect(receipt).toHaveTextContent('云层网络科技（上海）有限公司');
    expect(receipt).toHaveTextContent('纳税人识别号：91310115MA1K4ABC2X');
    // Empty fields of the issuer are not printed at all.
    expect(receipt).not.toHaveTextContent('电话：');
    expect(receipt).not.toHaveTextContent('邮箱：');
    expect(screen.getByTestId('receipt-no')).toHaveTextContent('RTP202611290000054321');
    expect(receipt).toHaveTextContent('2026-11-29');
    expect(receipt).toHaveTextContent('李雷 <li@example.com>');
    expect(screen.getByTestId('receipt-source-no')).toHaveTextContent('TP202611290000054321');
    expect(screen.getByTestId('receipt-trade-no')).toHaveTextContent(
      '2026112922001400000000001234',
    );
    expect(receipt).toHaveTextContent('支付宝');
    expect(receipt).toHaveTextContent('账户充值');
    expect(screen.getByTestId('receipt-total')).toHaveTextContent('¥100.00');
    expect(screen.queryByTestId('receipt-refunded')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /打印 \/ 另存为 PDF/ }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("words an order's lines as the order detail does, with the refund, in English", async () => {
    await i18n.changeLanguage('en-US');
    api.respondWith(getReceipt, order, { params: { kind: 'order', id: 'SI202611290000012345' } });
    renderReceipt('/console/receipt/order/SI202611290000012345');

    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByRole('heading', { name: 'Receipt' })).toBeInTheDocument();
    // Without a company name, the product's name is the issuer.
    expect(receipt).toHaveTextContent('Stratus Proxy');
    expect(receipt).toHaveTextContent('Account balance');
    expect(screen.queryByTestId('receipt-trade-no')).toBeNull();
    const row = within(receipt).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('日本 · 东京 · ISP residential · 30 days');
    expect(row).toHaveTextContent('2¥30.00¥60.00');
    expect(screen.getByTestId('receipt-total')).toHaveTextContent('¥60.00');
    expect(screen.getByTestId('receipt-refunded')).toHaveTextContent('-¥12.50');
    expect(receipt).toHaveTextContent('Net received¥47.50');
  });

  it('says so when there is no such receipt', async () => {
    api.respondWithError(getReceipt, 'receiptNotFound', {
      params: { kind: 'topup', id: paymentId },
    });
    renderReceipt(`/console/receipt/topup/${paymentId}`);
    expect(await screen.findByText('找不到这张收据')).toBeInTheDocument();
    expect(screen.getByText('收据不存在：只有您已支付的充值和订单才有收据')).toBeInTheDocument();
  });

  it('answers an address of another kind without asking the server', async () => {
    renderReceipt(`/console/receipt/invoice/${paymentId}`);
    expect(await screen.findByText('找不到这张收据')).toBeInTheDocument();
    expect(api.requests()).toHaveLength(0);
  });
});
