import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createStaticIpOrder,
  listStaticIpCatalog,
  quoteStaticIpOrder,
  type Instance,
  type StaticIpPlan,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { failOnAntdDeprecations } from '../../../test/antd-deprecations.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import BuyStaticIpPage from './buy-static-ip-page.tsx';

const planId = '7a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const plans: StaticIpPlan[] = [
  {
    id: planId,
    country: 'JP',
    countryName: '日本',
    city: '东京',
    lineType: 'isp_residential',
    protocols: ['socks5', 'http', 'vmess'],
    unavailableProtocols: [],
    stock: 8,
    prices: [
      { durationDays: 30, price: 30 },
      { durationDays: 90, price: 81 },
    ],
  },
  {
    id: '8b2f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    country: 'US',
    countryName: '美国',
    city: '洛杉矶',
    lineType: 'datacenter',
    protocols: ['socks5'],
    unavailableProtocols: [],
    stock: 0,
    prices: [{ durationDays: 30, price: 20 }],
  },
  {
    id: '9c3f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    country: 'SG',
    countryName: '新加坡',
    city: '新加坡',
    lineType: 'isp_residential',
    protocols: ['socks5'],
    unavailableProtocols: [],
    stock: 21,
    prices: [{ durationDays: 30, price: 40 }],
  },
];
const instance: Instance = {
  id: 'i1',
  ip: '203.0.113.7',
  port: 1080,
  vmessPort: 10086,
  protocols: ['socks5', 'http', 'vmess'],
  unavailableProtocols: [],
  username: 'u_tokyo',
  password: 'p4ssw0rd',
  vmessId: '1b2c3d4e-0000-4000-8000-000000000000',
  country: 'JP',
  countryName: '日本',
  city: '东京',
  lineType: 'isp_residential',
  remark: '',
  status: 'active',
  autoRenew: false,
  renewalWarning: null,
  flaggedForReplacement: false,
  usage30Days: 0,
  replacementsLeftThisMonth: 1,
  freeReplacementUntil: '2026-01-02T00:00:00.000Z',
  createdAt: '2026-11-21T08:00:00.000Z',
  expiresAt: '2026-12-21T08:00:00.000Z',
};

const api = installFakeApi();
failOnAntdDeprecations();
let balance = 100;

beforeEach(() => {
  balance = 100;
  document.cookie = 'token=abc; path=/';
  api.respondWith(listStaticIpCatalog, { items: plans });
  api.respondWith(quoteStaticIpOrder, (request) => {
    const body = request.body as { quantity: number; durationDays: number };
    const unitPrice = body.durationDays === 90 ? 81 : 30;
    const total = unitPrice * body.quantity;
    return {
      unitPrice,
      quantity: body.quantity,
      durationDays: body.durationDays,
      total,
      balance,
      sufficientBalance: balance >= total,
      stock: 8,
      sufficientStock: true,
    };
  });
  api.respondWith(createStaticIpOrder, {
    order: {
      id: 'o1',
      orderNo: 'SO20261122001',
      type: 'static_ip',
      status: 'paid',
      total: 60,
      items: [],
      instanceIds: ['i1'],
      instances: [{ id: 'i1', ip: '203.0.113.10', port: 30001 }],
      createdAt: '2026-11-22T00:00:00.000Z',
    },
    instances: [instance],
  });
});

function renderBuy() {
  return renderRoutes(
    [
      { path: '/console/buyStaticIP', element: <BuyStaticIpPage /> },
      { path: '/console/recharge', element: <p>recharge</p> },
      { path: '/console/ipList', element: <p>ip list</p> },
    ],
    '/console/buyStaticIP',
  );
}

describe('BuyStaticIpPage', () => {
  it('shows plan cards with country code, line type, stock state and sold-out plans disabled', async () => {
    renderBuy();
    const tokyo = await screen.findByTestId(`plan-${planId}`);
    expect(tokyo).toHaveTextContent('JP');
    expect(tokyo).toHaveTextContent('日本东京');
    expect(tokyo).toHaveTextContent('ISP住宅');
    // A few left: the count, not a vague warning; plenty: no count that changes with every sale.
    expect(tokyo).toHaveTextContent('剩余 8 个');
    const singapore = screen.getByTestId(`plan-${plans[2]!.id}`);
    expect(singapore).toHaveTextContent('库存充足');
    expect(singapore).not.toHaveTextContent(/\d+ 个/);
    // Singapore's city is Singapore: said once.
    expect(within(singapore).getAllByText('新加坡')).toHaveLength(1);
    expect(tokyo).toHaveTextContent('¥30.00/IP 起');
    const losAngeles = screen.getByTestId(`plan-${plans[1]!.id}`);
    expect(losAngeles).toBeDisabled();
    expect(losAngeles).toHaveTextContent('售罄');

    await userEvent.click(screen.getByText('数据中心', { selector: '.ant-segmented-item-label' }));
    expect(screen.queryByTestId(`plan-${planId}`)).not.toBeInTheDocument();
  });

  it('quotes the chosen plan and duration with a per-day saving hint', async () => {
    renderBuy();
    await userEvent.click(await screen.findByTestId(`plan-${planId}`));
    expect(await screen.findByTestId('quote-total')).toHaveTextContent('¥30.00 × 1 = ¥30.00');
    expect(screen.getByTestId('quote-balance')).toHaveTextContent('¥100.00');
    expect(screen.getByText('每天省10%')).toBeInTheDocument();

    await userEvent.click(screen.getByText('90天'));
    await waitFor(() =>
      expect(screen.getByTestId('quote-total')).toHaveTextContent('¥81.00 × 1 = ¥81.00'),
    );
    expect(api.requests(quoteStaticIpOrder).at(-1)!.body).toEqual({
      planId,
      durationDays: 90,
      quantity: 1,
      autoRenew: false,
    });
  });

  it('warns when the balance is insufficient and links to the recharge page', async () => {
    balance = 10;
    const { router } = renderBuy();
    await userEvent.click(await screen.findByTestId(`plan-${planId}`));
    const link = await screen.findByRole('link', { name: '去充值' });
    expect(screen.getByText('余额不足，请先充值')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即购买' })).toBeDisabled();
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/console/recharge');
  });

  it('confirms, pays with an Idempotency-Key and lists the new IPs', async () => {
    const { router } = renderBuy();
    await userEvent.click(await screen.findByTestId(`plan-${planId}`));
    const quantity = screen.getByRole('spinbutton', { name: '数量' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await userEvent.click(screen.getByRole('switch', { name: '自动续费' }));
    await waitFor(() =>
      expect(screen.getByTestId('quote-total')).toHaveTextContent('¥30.00 × 2 = ¥60.00'),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: '立即购买' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: '立即购买' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-total')).toHaveTextContent('¥60.00');
    await userEvent.click(within(dialog).getByRole('button', { name: /确认支付/ }));

    expect(await screen.findByText('购买成功')).toBeInTheDocument();
    const [purchase] = api.requests(createStaticIpOrder);
    expect(purchase!.body).toEqual({
      planId,
      durationDays: 30,
      quantity: 2,
      autoRenew: true,
    });
    expect(purchase!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText('203.0.113.7:1080')).toBeInTheDocument();
    expect(screen.getByText('u_tokyo')).toBeInTheDocument();
    expect(screen.getByText('p4ssw0rd')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '查看 IP 列表' }));
    expect(router.state.location.pathname).toBe('/console/ipList');
  });
});
