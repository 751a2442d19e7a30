import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getAdminOrder,
  getMe,
  listAdminOrders,
  listRenewalFailures,
  refundOrder,
  type AdminOrder,
  type AdminOrderDetail,
  type Role,
  type UserProfile,
} from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { emulateWindowWidth } from '../../../test/window-width.ts';
import AdminOrdersPage from './admin-orders-page.tsx';

const orderId = '33333333-3333-4333-8333-333333333333';
const instanceId = '11111111-1111-4111-8111-111111111111';
const order: AdminOrder = {
  id: orderId,
  orderNo: 'SO20261122001',
  type: 'static_ip',
  status: 'partially_refunded',
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
  customerId: '22222222-2222-4222-8222-222222222222',
  customerEmail: 'alice@shop.example',
  refunded: 10,
  refundable: 50,
};
const traffic: AdminOrder = {
  ...order,
  id: '55555555-5555-4555-8555-555555555555',
  orderNo: 'TF20261122003',
  type: 'traffic',
  status: 'paid',
  total: 15,
  items: [],
  instanceIds: [],
  instances: [],
  customerEmail: 'bob@elsewhere.example',
  refunded: 0,
  refundable: 15,
};
const detail: AdminOrderDetail = {
  ...order,
  instances: [
    { id: instanceId, ip: '203.0.113.7', status: 'active', expiresAt: '2026-12-22T00:00:00.000Z' },
  ],
  refunds: [
    {
      id: '66666666-6666-4666-8666-666666666666',
      amount: 10,
      reason: '开通延迟补偿',
      full: false,
      staffEmail: 'finance@stratus.example',
      createdAt: '2026-11-23T00:00:00.000Z',
    },
  ],
  customer: { id: order.customerId, email: order.customerEmail, name: 'Alice', disabledAt: null },
};
const refunded: AdminOrderDetail = {
  ...detail,
  status: 'refunded',
  refunded: 60,
  refundable: 0,
  instances: [{ ...detail.instances[0]!, status: 'expired' }],
  refunds: [
    ...detail.refunds,
    {
      id: '77777777-7777-4777-8777-777777777777',
      amount: 50,
      reason: '客户退订',
      full: true,
      staffEmail: 'finance@stratus.example',
      createdAt: '2026-11-24T00:00:00.000Z',
    },
  ],
};

const api = installFakeApi();

function profile(role: Role): UserProfile {
  return {
    id: '99999999-9999-4999-8999-999999999999',
    email: `${role}@stratus.example`,
    name: '',
    role,
    language: 'zh-CN',
    apiToken: 'st_token',
    createdAt: '2026-01-01T00:00:00.000Z',
    tourCompleted: true,
    emailVerified: true,
    emailVerification: 'optional',
    lowBalanceThreshold: null,
  };
}

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, profile('finance'));
  respondWithQuietInbox(api);
  api.respondWith(listAdminOrders, { items: [order, traffic], total: 42, page: 1, pageSize: 20 });
  api.respondWith(getAdminOrder, detail, { params: { id: orderId } });
  api.respondWith(refundOrder, { refund: refunded.refunds[1]!, order: refunded });
  api.respondWith(listRenewalFailures, {
    items: [
      {
        instanceId,
        customerId: order.customerId,
        customerEmail: 'carol@late.example',
        ip: '198.51.100.4',
        status: 'active',
        autoRenew: true,
        expiresAt: '2026-11-30T00:00:00.000Z',
        warning: 'insufficientBalance',
      },
    ],
    total: 1,
    page: 1,
    pageSize: 20,
  });
});

function renderPage(search = '') {
  return renderRoutes(
    [{ path: '/admin/orders', element: <AdminOrdersPage /> }],
    `/admin/orders${search}`,
  );
}

const listQueries = () => api.requests(listAdminOrders).map((request) => request.query);

async function openDetail() {
  const cell = await screen.findByText('SO20261122001');
  await userEvent.click(within(cell.closest('tr')!).getByRole('button', { name: '详情' }));
  const drawer = await screen.findByRole('dialog');
  await within(drawer).findByText('203.0.113.7');
  return drawer;
}

async function openRefund(drawer: HTMLElement) {
  await userEvent.click(within(drawer).getByRole('button', { name: /^退\s*款$/ }));
  return refundDialog();
}

/** The refund dialog (jsdom gives every dialog the same generated label, so found by title). */
async function refundDialog() {
  const title = await screen.findByText('退款到余额');
  return title.closest<HTMLElement>('[role="dialog"]')!;
}

describe('AdminOrdersPage', () => {
  it('lists orders with the customer, status, total and refunded amount', async () => {
    renderPage();
    const cell = await screen.findByText('SO20261122001');
    const row = cell.closest('tr')!;
    expect(within(row).getByText('alice@shop.example')).toBeInTheDocument();
    expect(within(row).getByText('静态IP购买')).toBeInTheDocument();
    expect(within(row).getByText('部分退款')).toBeInTheDocument();
    expect(within(row).getByText('¥60.00')).toBeInTheDocument();
    expect(within(row).getByText('¥10.00')).toBeInTheDocument();
    const other = screen.getByText('TF20261122003').closest('tr')!;
    expect(within(other).getByText('bob@elsewhere.example')).toBeInTheDocument();
    expect(within(other).getByText('已支付')).toBeInTheDocument();
    expect(screen.getByText('共 42 条')).toBeInTheDocument();
    // The other tab's list is not asked for until it is opened.
    expect(api.requests(listRenewalFailures)).toHaveLength(0);
  });

  it('shows a customer’s email whole, with a copy action', async () => {
    const long = 'c-en-us-m-9843@example-with-a-long-domain.example';
    api.respondWith(listAdminOrders, {
      items: [{ ...order, customerEmail: long }],
      total: 1,
      page: 1,
      pageSize: 20,
    });
    renderPage();
    const email = await screen.findByText(long);
    // Never cut short: no ellipsis on the cell or the text.
    expect(email.closest('.ant-table-cell-ellipsis, .ant-typography-ellipsis')).toBeNull();
    const cell = email.closest('td')!;
    expect(within(cell).getByRole('button', { name: /复制/ })).toBeInTheDocument();
  });

  // Typing into several boxes takes a while on a loaded machine.
  it('filters by status, customer and order number, keeping them in the address', async () => {
    const { router } = renderPage('?type=static_ip&from=2026-11-01&to=2026-11-30');
    await screen.findByText('SO20261122001');
    expect(listQueries()[0]).toMatchObject({
      type: 'static_ip',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    await userEvent.click(screen.getByRole('combobox', { name: '状态' }));
    await userEvent.click(await screen.findByTitle('已退款'));
    await waitFor(() => expect(listQueries().at(-1)?.status).toBe('refunded'));
    await userEvent.type(screen.getByRole('searchbox', { name: '客户邮箱或 ID' }), 'alice{Enter}');
    await waitFor(() => expect(listQueries().at(-1)?.customer).toBe('alice'));
    await userEvent.type(screen.getByRole('searchbox', { name: '订单号' }), 'SO2026{Enter}');
    await waitFor(() => expect(listQueries().at(-1)?.orderNo).toBe('SO2026'));
    expect(new URLSearchParams(router.state.location.search).get('customer')).toBe('alice');
    await userEvent.click(screen.getByRole('button', { name: /重置/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(listQueries().at(-1)).toEqual({ page: '1', pageSize: '20' });
  });

  it('shows an order’s lines, IPs and refunds in the drawer', async () => {
    renderPage();
    const drawer = await openDetail();
    expect(within(drawer).getByText('日本 · 东京 ISP住宅 30 天 × 2')).toBeInTheDocument();
    expect(within(drawer).getByText('开通延迟补偿')).toBeInTheDocument();
    expect(within(drawer).getByText('部分')).toBeInTheDocument();
    expect(within(drawer).getByText('finance@stratus.example')).toBeInTheDocument();
    expect(within(drawer).getByText('¥50.00')).toBeInTheDocument();
  });

  it('hides the refund button from staff who may not refund', async () => {
    api.respondWith(getMe, profile('support'));
    const { queryClient } = renderPage();
    const drawer = await openDetail();
    // Once the profile (the role) is in, the drawer is as it stays.
    await waitFor(() => expect(api.requests(getMe).length).toBeGreaterThan(0));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(within(drawer).getByText('开通延迟补偿')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /^退\s*款$/ })).not.toBeInTheDocument();
  });

  it('refunds the whole rest when no amount is given, with a reason and one key', async () => {
    // The server answers the order as the refund left it once there was one.
    api.respondWith(getAdminOrder, () => (api.requests(refundOrder).length ? refunded : detail), {
      params: { id: orderId },
    });
    renderPage();
    const drawer = await openDetail();
    const modal = await openRefund(drawer);
    expect(within(modal).getByText(/全额退款会立即终止该订单的全部 IP/)).toBeInTheDocument();
    expect(within(modal).getByText('最多可退 ¥50.00，不填即退还全部剩余金额')).toBeInTheDocument();

    // The reason is required: nothing is sent without it.
    await userEvent.click(within(modal).getByRole('button', { name: '确认退款' }));
    expect(await within(modal).findByText('请填写退款原因')).toBeInTheDocument();
    expect(api.requests(refundOrder)).toHaveLength(0);

    await userEvent.type(within(modal).getByLabelText('退款原因'), '客户退订');
    await userEvent.dblClick(within(modal).getByRole('button', { name: '确认退款' }));
    await waitFor(() => expect(screen.queryByText('退款到余额')).toBeNull());
    const sent = api.requests(refundOrder);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent[0]!.params).toEqual({ id: orderId });
    expect(sent[0]!.body).toEqual({ reason: '客户退订' });
    // However often the click landed, every request of this opening carries the same key.
    const keys = new Set(sent.map((request) => request.headers['Idempotency-Key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    // The drawer shows the order as the refund left it.
    expect(await within(drawer).findByText('客户退订')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /^退\s*款$/ })).toBeDisabled();
  }, 20_000);

  it('sends a partial amount, refuses one above the refundable, and keys each opening anew', async () => {
    api.respondWithError(refundOrder, 'refundExceedsRefundable', {
      messageParams: { refundable: '50.00' },
      when: (request) => (request.body as { amount?: number }).amount === 20,
    });
    renderPage();
    const drawer = await openDetail();
    let modal = await openRefund(drawer);
    const amount = within(modal).getByRole('spinbutton', { name: '退款金额（元）' });
    await userEvent.type(amount, '50.01');
    await userEvent.type(within(modal).getByLabelText('退款原因'), '补偿');
    await userEvent.click(within(modal).getByRole('button', { name: '确认退款' }));
    expect(await within(modal).findByText('不能超过可退金额 ¥50.00')).toBeInTheDocument();
    expect(api.requests(refundOrder)).toHaveLength(0);

    // Refused by the server (say, another operator refunded meanwhile): the dialog stays open.
    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    await userEvent.click(within(modal).getByRole('button', { name: '确认退款' }));
    await waitFor(() => expect(api.requests(refundOrder)).toHaveLength(1));
    expect(api.requests(refundOrder)[0]!.body).toEqual({ amount: 20, reason: '补偿' });
    expect(screen.getByText('退款到余额')).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByText('退款到余额')).toBeNull());

    modal = await openRefund(drawer);
    await userEvent.type(within(modal).getByLabelText('退款原因'), '补偿');
    await userEvent.click(within(modal).getByRole('button', { name: '确认退款' }));
    await waitFor(() => expect(api.requests(refundOrder)).toHaveLength(2));
    const [first, second] = api.requests(refundOrder);
    expect(second!.headers['Idempotency-Key']).not.toBe(first!.headers['Idempotency-Key']);
  }, 20_000);

  it('lists auto-renew failures on their own tab', async () => {
    const { router } = renderPage();
    await screen.findByText('SO20261122001');
    await userEvent.click(screen.getByRole('tab', { name: '自动续费失败' }));
    const cell = await screen.findByText('carol@late.example');
    const row = cell.closest('tr')!;
    expect(within(row).getByText('198.51.100.4')).toBeInTheDocument();
    expect(within(row).getByText('余额不足')).toBeInTheDocument();
    expect(within(row).getByText('开启')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=renewal-failures');
  });
});

describe('AdminOrdersPage on a narrow screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  const header = async (name: string) => {
    const table = await screen.findByRole('table');
    await within(table).findByText('SO20261122001');
    return within(table).getByRole('columnheader', { name });
  };

  it('keeps the order number at the left and lets the actions scroll with the row', async () => {
    emulateWindowWidth(390);
    renderPage();
    expect(await header('订单号')).toHaveClass('ant-table-cell-fix');
    expect(await header('操作')).not.toHaveClass('ant-table-cell-fix');
  });

  it('holds the actions at the right on a wide screen instead', async () => {
    renderPage();
    expect(await header('订单号')).not.toHaveClass('ant-table-cell-fix');
    expect(await header('操作')).toHaveClass('ant-table-cell-fix');
  });
});
