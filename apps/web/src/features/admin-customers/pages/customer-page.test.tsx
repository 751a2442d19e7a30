import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createBalanceAdjustment,
  disableAdminCustomer,
  getAdminCustomer,
  getAdminOrder,
  getMe,
  listAdminCustomerOrders,
  listAdminCustomerInstances,
  listAdminCustomerLedger,
  listAdminCustomerSessions,
  resetAdminCustomerProxyPassword,
  refundOrder,
  signOutAdminCustomer,
  type AdminCustomerDetail,
  type AdminOrderDetail,
  type AdminCustomerInstance,
  type BalanceAdjustment,
  type StaffRole,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { ADMIN_CUSTOMER_PATH } from '../../../shared/paths.ts';
import CustomerPage from './customer-page.tsx';

const CUSTOMER_ID = '6f1c2d3e-4a5b-4c6d-8e7f-101112131415';
const OPERATOR_ID = '0b1c2d3e-4a5b-4c6d-8e7f-000000000001';
const customer: AdminCustomerDetail = {
  id: CUSTOMER_ID,
  email: 'alice@wonder.example',
  name: 'Alice Liddell',
  status: 'active',
  disabledAt: null,
  balance: 123.45,
  liveIps: 1,
  trafficLeftBytes: 1024 ** 3,
  createdAt: '2026-11-01T02:00:00.000Z',
  lastSignInAt: '2026-11-20T08:00:00.000Z',
  language: 'zh-CN',
  dynamicAccount: 'd1a2b3c4d5e',
  adjustmentApprovalThreshold: 1000,
};
const instance: AdminCustomerInstance = {
  id: '8e1c2d3e-4a5b-4c6d-8e7f-101112131499',
  ip: '203.0.113.7',
  port: 1080,
  vmessPort: 10086,
  protocols: ['socks5', 'http'],
  country: 'JP',
  countryName: '日本',
  city: '东京',
  lineType: 'isp_residential',
  remark: '',
  status: 'active',
  autoRenew: true,
  renewalWarning: null,
  createdAt: '2026-11-01T02:00:00.000Z',
  expiresAt: '2026-12-01T02:00:00.000Z',
};
const api = installFakeApi();

function signInAs(role: StaffRole) {
  api.respondWith(getMe, {
    id: OPERATOR_ID,
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
  });
  respondWithQuietInbox(api);
}

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  signInAs('support');
  api.respondWith(getAdminCustomer, customer);
  api.respondWith(listAdminCustomerLedger, {
    items: [
      {
        id: 'l1',
        type: 'adjustment',
        amount: 20,
        balanceAfter: 123.45,
        reference: '9a1c2d3e-4a5b-4c6d-8e7f-101112131400',
        note: 'alipay',
        purchase: null,
        createdAt: '2026-11-20T09:00:00.000Z',
      },
    ],
    total: 1,
    page: 1,
    pageSize: 10,
  });
  api.respondWith(listAdminCustomerInstances, {
    items: [instance],
    total: 1,
    page: 1,
    pageSize: 10,
  });
  api.respondWith(listAdminCustomerSessions, {
    items: [
      {
        id: 's1',
        status: 'revoked',
        createdAt: '2026-11-20T08:00:00.000Z',
        lastUsedAt: '2026-11-20T08:30:00.000Z',
        expiresAt: '2026-11-27T08:00:00.000Z',
        revokedAt: '2026-11-21T00:00:00.000Z',
        ip: '198.51.100.4',
        userAgent: 'Mozilla/5.0 Test',
      },
    ],
    total: 1,
    page: 1,
    pageSize: 10,
  });
});

function renderPage() {
  return renderRoutes(
    [{ path: ADMIN_CUSTOMER_PATH, element: <CustomerPage /> }],
    `/admin/customers/${CUSTOMER_ID}`,
  );
}

async function header() {
  const card = (await screen.findByText('¥123.45')).closest('.ant-card');
  return within(card as HTMLElement);
}

const ORDER_ID = '3c1c2d3e-4a5b-4c6d-8e7f-101112131433';
const order: AdminOrderDetail = {
  id: ORDER_ID,
  orderNo: 'SO20261120001',
  type: 'static_ip',
  status: 'paid',
  total: 35,
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
      quantity: 1,
      unitPrice: 35,
      amount: 35,
    },
  ],
  instanceIds: [instance.id],
  instances: [
    { id: instance.id, ip: instance.ip, status: 'active', expiresAt: instance.expiresAt },
  ],
  createdAt: '2026-11-20T08:00:00.000Z',
  customerId: CUSTOMER_ID,
  customerEmail: customer.email,
  refunded: 0,
  refundable: 35,
  refunds: [],
  customer: { id: CUSTOMER_ID, email: customer.email, name: customer.name, disabledAt: null },
};

/** The order as the customer tab lists it (the customer's own view of an order). */
const customerOrder = {
  id: order.id,
  orderNo: order.orderNo,
  type: order.type,
  status: order.status,
  total: order.total,
  items: order.items,
  instanceIds: order.instanceIds,
  instances: [{ id: instance.id, ip: instance.ip, port: instance.port }],
  createdAt: order.createdAt,
};

describe('CustomerPage', () => {
  it('refunds an order from its row in the orders tab, in the orders page’s dialog', async () => {
    signInAs('finance');
    api.respondWith(listAdminCustomerOrders, {
      items: [customerOrder],
      total: 1,
      page: 1,
      pageSize: 10,
    });
    api.respondWith(getAdminOrder, order, { params: { id: ORDER_ID } });
    const done = { ...order, status: 'refunded' as const, refunded: 35, refundable: 0 };
    api.respondWith(refundOrder, {
      refund: {
        id: '4d1c2d3e-4a5b-4c6d-8e7f-101112131444',
        amount: 35,
        reason: '线路不稳定',
        full: true,
        staffEmail: 'finance@stratus.example',
        createdAt: '2026-11-21T08:00:00.000Z',
      },
      order: done,
    });
    renderPage();
    await header();
    await userEvent.click(screen.getByRole('tab', { name: '订单' }));
    await userEvent.click(await screen.findByRole('button', { name: '退款 SO20261120001' }));
    const title = await screen.findByText('退款到余额');
    const dialog = title.closest<HTMLElement>('[role="dialog"]')!;
    await userEvent.type(within(dialog).getByLabelText('退款原因'), '线路不稳定');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认退款' }));
    await waitFor(() => expect(api.requests(refundOrder)).toHaveLength(1));
    expect(api.requests(refundOrder)[0]?.params).toEqual({ id: ORDER_ID });
  });

  it('offers no refund to support, only the order’s details', async () => {
    api.respondWith(listAdminCustomerOrders, {
      items: [customerOrder],
      total: 1,
      page: 1,
      pageSize: 10,
    });
    renderPage();
    await header();
    await userEvent.click(screen.getByRole('tab', { name: '订单' }));
    await screen.findByText('SO20261120001');
    expect(screen.getByRole('button', { name: '详情' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '退款 SO20261120001' })).not.toBeInTheDocument();
  });

  it('shows support the figures, their actions and the tabs they may read', async () => {
    renderPage();
    const card = await header();
    expect(card.getByText('alice@wonder.example')).toBeInTheDocument();
    expect(card.getByText('正常')).toBeInTheDocument();
    expect(card.getByText('1 GB')).toBeInTheDocument();
    expect(card.getByRole('button', { name: /^停\s*用$/ })).toBeInTheDocument();
    expect(card.getByRole('button', { name: '强制下线' })).toBeInTheDocument();
    // Support moves no money and reads no payments.
    expect(card.queryByRole('button', { name: '调整余额' })).not.toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['资料', '账单流水', '订单', '静态IP', '流量包', '会话']);
    // The profile tab is open first.
    expect(screen.getByText('d1a2b3c4d5e')).toBeInTheDocument();
    expect(screen.getByText('中文')).toBeInTheDocument();
  });

  it('shows finance the balance adjustment but not the support actions', async () => {
    signInAs('finance');
    renderPage();
    const card = await header();
    expect(card.getByRole('button', { name: '调整余额' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /^停\s*用$/ })).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: '强制下线' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '支付' })).toBeInTheDocument();
  });

  it('disables the customer only with a reason', async () => {
    api.respondWith(disableAdminCustomer, {
      ...customer,
      status: 'disabled',
      disabledAt: '2026-11-21T00:00:00.000Z',
    });
    renderPage();
    const card = await header();
    await userEvent.click(card.getByRole('button', { name: /^停\s*用$/ }));
    const dialog = await screen.findByRole('dialog', { name: '停用客户 alice@wonder.example' });
    expect(dialog).toHaveTextContent('API 令牌立即失效');
    await userEvent.click(within(dialog).getByRole('button', { name: /^停\s*用$/ }));
    expect(await within(dialog).findByText('请填写原因')).toBeInTheDocument();
    expect(api.requests(disableAdminCustomer)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('原因'), '  Chargeback fraud ');
    await userEvent.click(within(dialog).getByRole('button', { name: /^停\s*用$/ }));
    await waitFor(() => expect(api.requests(disableAdminCustomer)).toHaveLength(1));
    expect(api.requests(disableAdminCustomer)[0]!.body).toEqual({ reason: 'Chargeback fraud' });
    expect(await screen.findByText('客户已停用')).toBeInTheDocument();
    // The page asks again for the customer, now disabled.
    await waitFor(() => expect(api.requests(getAdminCustomer).length).toBeGreaterThan(1));
  });

  it('signs the customer out everywhere, the reason optional', async () => {
    api.respondWith(signOutAdminCustomer, { revokedSessions: 3 });
    renderPage();
    const card = await header();
    await userEvent.click(card.getByRole('button', { name: '强制下线' }));
    const dialog = await screen.findByRole('dialog', { name: '强制下线 alice@wonder.example' });
    await userEvent.click(within(dialog).getByRole('button', { name: '强制下线' }));
    await waitFor(() => expect(api.requests(signOutAdminCustomer)).toHaveLength(1));
    expect(api.requests(signOutAdminCustomer)[0]!.body).toEqual({});
    expect(await screen.findByText('已结束 3 个会话')).toBeInTheDocument();
  });

  it('adjusts the balance, saying when a second operator must approve', async () => {
    signInAs('finance');
    const pending: BalanceAdjustment = {
      id: '9a1c2d3e-4a5b-4c6d-8e7f-101112131401',
      customerId: CUSTOMER_ID,
      customerEmail: customer.email,
      amount: -1500.5,
      reason: 'Duplicate credit',
      status: 'pending',
      requestedById: OPERATOR_ID,
      requestedByEmail: 'finance@stratus.example',
      decidedById: null,
      decidedByEmail: null,
      decidedAt: null,
      balanceAfter: null,
      createdAt: '2026-11-21T00:00:00.000Z',
    };
    api.respondWith(createBalanceAdjustment, pending);
    renderPage();
    const card = await header();
    await userEvent.click(card.getByRole('button', { name: '调整余额' }));
    const dialog = await screen.findByRole('dialog', { name: '调整 alice@wonder.example 的余额' });
    expect(dialog).toHaveTextContent('金额不超过 ¥1000.00（正负均可）的调整立即生效');
    const amount = within(dialog).getByLabelText('金额（元）');
    await userEvent.type(amount, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: /^提\s*交$/ }));
    expect(await within(dialog).findByText('金额不能为 0')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '-1500.5');
    expect(await within(dialog).findByText(/该金额超过 ¥1000.00/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('原因'), 'Duplicate credit');
    await userEvent.click(within(dialog).getByRole('button', { name: /^提\s*交$/ }));
    await waitFor(() => expect(api.requests(createBalanceAdjustment)).toHaveLength(1));
    expect(api.requests(createBalanceAdjustment)[0]!.body).toEqual({
      amount: -1500.5,
      reason: 'Duplicate credit',
    });
    expect(await screen.findByText('调整已提交，等待另一位员工审批')).toBeInTheDocument();
  });

  it('shows the ledger as the customer reads it', async () => {
    renderPage();
    await header();
    await userEvent.click(screen.getByRole('tab', { name: '账单流水' }));
    const row = (await screen.findByText('+¥20.00')).closest('tr')!;
    expect(within(row).getByText('调整')).toBeInTheDocument();
    // An operator's reason that reads like a payment channel stays the reason.
    expect(within(row).getByText('alipay')).toBeInTheDocument();
  });

  it("resets a static IP's proxy password after a confirmation", async () => {
    api.respondWith(resetAdminCustomerProxyPassword, instance);
    renderPage();
    await header();
    await userEvent.click(screen.getByRole('tab', { name: '静态IP' }));
    const row = (await screen.findByText('203.0.113.7:1080')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '重置密码' }));
    const confirm = await screen.findByText(
      '为 203.0.113.7 生成新的代理密码？客户需改用新密码连接。',
    );
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(popover).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(api.requests(resetAdminCustomerProxyPassword)).toHaveLength(1));
    expect(api.requests(resetAdminCustomerProxyPassword)[0]!.params).toEqual({
      id: CUSTOMER_ID,
      instanceId: instance.id,
    });
    expect(await screen.findByText('已为 203.0.113.7 重置代理密码')).toBeInTheDocument();
  });

  it('shows the sessions, and no reset button to finance', async () => {
    signInAs('finance');
    renderPage();
    await header();
    await userEvent.click(screen.getByRole('tab', { name: '会话' }));
    const row = (await screen.findByText('198.51.100.4')).closest('tr')!;
    expect(within(row).getByText('已结束')).toBeInTheDocument();
    expect(within(row).getByText('Mozilla/5.0 Test')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '静态IP' }));
    await screen.findByText('203.0.113.7:1080');
    expect(screen.queryByRole('button', { name: '重置密码' })).not.toBeInTheDocument();
  });

  it('says so when there is no such customer', async () => {
    api.respondWithError(getAdminCustomer, 'customerNotFound');
    renderPage();
    expect(await screen.findByText('客户不存在')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /返回客户列表/ })).toBeInTheDocument();
  });
});
