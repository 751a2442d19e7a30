import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getOrder, listOrders, type Order } from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import IpOrderListPage from './ip-order-list-page.tsx';

const orderId = '33333333-3333-4333-8333-333333333333';
const instanceId = '11111111-1111-4111-8111-111111111111';
const order: Order = {
  id: orderId,
  orderNo: 'SO20261122001',
  type: 'static_ip',
  status: 'paid',
  total: 60,
  items: [
    {
      kind: 'static_ip',
      planId: '7a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
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
  instanceIds: [instanceId],
  instances: [{ id: instanceId, ip: '203.0.113.10', port: 30001 }],
  createdAt: '2026-11-22T00:00:00.000Z',
};
const renewal: Order = {
  ...order,
  id: '44444444-4444-4444-8444-444444444444',
  orderNo: 'RN20261122002',
  type: 'renewal',
  total: 30,
  items: [],
  instanceIds: [],
  instances: [],
};
const trafficOrderId = '55555555-5555-4555-8555-555555555555';
const traffic: Order = {
  ...order,
  id: trafficOrderId,
  orderNo: 'TF20261122003',
  type: 'traffic',
  total: 100,
  items: [
    {
      kind: 'traffic',
      planId: '8a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      instanceId: null,
      country: null,
      countryName: null,
      city: null,
      lineType: null,
      trafficGb: 10,
      durationDays: 30,
      quantity: 2,
      unitPrice: 50,
      amount: 100,
    },
  ],
  instanceIds: [],
  instances: [],
};
const api = installFakeApi();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(listOrders, {
    items: [order, renewal, traffic],
    total: 42,
    page: 1,
    pageSize: 20,
  });
  api.respondWith(getOrder, order, { params: { id: orderId } });
  api.respondWith(getOrder, traffic, { params: { id: trafficOrderId } });
});

function listQueries() {
  return api.requests(listOrders).map((request) => request.query);
}

function renderOrders(search = '') {
  return renderRoutes(
    [{ path: '/console/ipOrderList', element: <IpOrderListPage /> }],
    `/console/ipOrderList${search}`,
  );
}

describe('IpOrderListPage', () => {
  it('renders typed orders with totals and an item summary', async () => {
    renderOrders();
    const cell = await screen.findByText('SO20261122001');
    const row = cell.closest('tr')!;
    expect(within(row).getByText('静态IP购买')).toBeInTheDocument();
    expect(within(row).getByText('已支付')).toBeInTheDocument();
    expect(within(row).getByText('¥60.00')).toBeInTheDocument();
    expect(within(row).getByText('日本 · 东京 ISP住宅 30 天 × 2')).toBeInTheDocument();
    const other = screen.getByText('RN20261122002').closest('tr')!;
    expect(within(other).getByText('续费')).toBeInTheDocument();
    const trafficRow = screen.getByText('TF20261122003').closest('tr')!;
    expect(within(trafficRow).getByText('流量购买')).toBeInTheDocument();
    expect(within(trafficRow).getByText('流量包 10 GB × 2')).toBeInTheDocument();
    expect(screen.getByText('共 42 条')).toBeInTheDocument();
  });

  it('shows a traffic order line by its GB and validity', async () => {
    renderOrders();
    const cell = await screen.findByText('TF20261122003');
    await userEvent.click(within(cell.closest('tr')!).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('流量包 10 GB')).toBeInTheDocument();
    expect(within(drawer).getByText('动态代理')).toBeInTheDocument();
    expect(within(drawer).getByText('有效期 30天')).toBeInTheDocument();
    expect(within(drawer).getByText('无关联实例')).toBeInTheDocument();
  });

  it('filters by type and pages on the server', async () => {
    const { router } = renderOrders('?type=renewal');
    await screen.findByText('SO20261122001');
    expect(listQueries()[0]!.type).toBe('renewal');
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listQueries().at(-1)?.page).toBe('2'));
    expect(router.state.location.search).toBe('?type=renewal&page=2');
  });

  it('opens the detail drawer with the items and the IPs of its instances', async () => {
    renderOrders();
    const cell = await screen.findByText('SO20261122001');
    await userEvent.click(within(cell.closest('tr')!).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('203.0.113.10:30001')).toBeInTheDocument();
    expect(within(drawer).queryByText(instanceId)).not.toBeInTheDocument();
    expect(within(drawer).getByText('订单明细')).toBeInTheDocument();
    expect(within(drawer).getByText('创建时间 (UTC+8)')).toBeInTheDocument();
    expect(within(drawer).getByText('30天')).toBeInTheDocument();
    expect(within(drawer).getAllByText('¥60.00').length).toBeGreaterThan(0);
    expect(within(drawer).getByRole('link', { name: '查看收据' })).toHaveAttribute(
      'href',
      `/console/receipt/order/${orderId}`,
    );
    expect(api.requests(getOrder, { params: { id: orderId } })).toHaveLength(1);
  });
});
