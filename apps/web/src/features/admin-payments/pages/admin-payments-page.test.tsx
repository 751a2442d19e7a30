import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getAdminPayment,
  getMe,
  listAdminPayments,
  markAdminPaymentPaid,
  syncAdminPayment,
  type AdminPayment,
  type AdminPaymentDetail,
  type Role,
  type UserProfile,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import AdminPaymentsPage from './admin-payments-page.tsx';

const pendingId = '3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const paidId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const pending: AdminPayment = {
  id: pendingId,
  paymentNo: 'TP202611220000000001',
  customerId: '11111111-1111-4111-8111-111111111111',
  customerEmail: 'buyer@example.com',
  channel: 'alipay',
  amount: 88.8,
  currency: 'CNY',
  status: 'pending',
  providerTradeNo: null,
  createdAt: '2026-11-22T02:00:00.000Z',
  expiresAt: '2026-11-22T02:30:00.000Z',
  paidAt: null,
  closedAt: null,
  notificationCount: 2,
};
const paid: AdminPayment = {
  ...pending,
  id: paidId,
  paymentNo: 'TP202611220000000002',
  customerEmail: 'payer@example.com',
  channel: 'sandbox',
  amount: 50,
  status: 'paid',
  providerTradeNo: `sandbox-${paidId}`,
  paidAt: '2026-11-21T03:00:00.000Z',
  notificationCount: 1,
};
const pendingDetail: AdminPaymentDetail = {
  payment: pending,
  notifications: [
    {
      id: 1,
      channel: 'alipay',
      outTradeNo: pendingId,
      providerTradeNo: '2026112222001abc',
      tradeStatus: 'TRADE_SUCCESS',
      amount: 88.8,
      verified: false,
      outcome: 'bad-signature',
      reply: 'failure',
      receivedAt: '2026-11-22T02:05:00.000Z',
    },
    {
      id: 2,
      channel: 'alipay',
      outTradeNo: pendingId,
      providerTradeNo: '2026112222001abc',
      tradeStatus: 'TRADE_SUCCESS',
      amount: 1,
      verified: true,
      outcome: 'amount-mismatch',
      reply: 'failure',
      receivedAt: '2026-11-22T02:06:00.000Z',
    },
  ],
  ledgerEntry: null,
};
const paidDetail: AdminPaymentDetail = {
  payment: paid,
  notifications: [
    {
      id: 3,
      channel: 'sandbox',
      outTradeNo: paidId,
      providerTradeNo: `sandbox-${paidId}`,
      tradeStatus: null,
      amount: 50,
      verified: true,
      outcome: 'credited',
      reply: 'success',
      receivedAt: '2026-11-21T03:00:00.000Z',
    },
  ],
  ledgerEntry: {
    id: 'l1',
    type: 'topup',
    amount: 50,
    balanceAfter: 150,
    reference: paidId,
    note: 'sandbox',
    purchase: null,
    createdAt: '2026-11-21T03:00:00.000Z',
  },
};
const profile = (role: Role): UserProfile => ({
  id: 'staff-1',
  email: 'finance@example.com',
  name: 'Fin',
  role,
  language: 'zh-CN',
  apiToken: 'st_token',
  createdAt: '2026-01-01T00:00:00.000Z',
  tourCompleted: true,
  emailVerified: true,
  emailVerification: 'optional',
  lowBalanceThreshold: null,
});
const api = installFakeApi();
/** Drawer, modal and typed input: several renders each, slow on a busy two-core machine. */
const SLOW_TEST_MS = 20_000;

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, profile('finance'));
  respondWithQuietInbox(api);
  api.respondWith(listAdminPayments, (request) => ({
    items: [pending, paid],
    total: 42,
    page: Number(request.query.page),
    pageSize: 20,
  }));
  api.respondWith(getAdminPayment, pendingDetail, { params: { id: pendingId } });
  api.respondWith(getAdminPayment, paidDetail, { params: { id: paidId } });
});

function renderPayments(search = '') {
  return renderRoutes(
    [{ path: '/admin/payments', element: <AdminPaymentsPage /> }],
    `/admin/payments${search}`,
  );
}

async function rowOf(email: string) {
  const cell = await screen.findByText(email);
  return cell.closest('tr')!;
}

/** The mark-paid dialog (antd gives every dialog in tests the same label id, so not by name). */
async function findMarkPaidDialog() {
  const submit = await screen.findByRole('button', { name: '确认入账' });
  return submit.closest<HTMLElement>('[role="dialog"]')!;
}

async function openDetail(email: string) {
  await userEvent.click(within(await rowOf(email)).getByRole('button', { name: '详情' }));
  return screen.findByRole('dialog');
}

describe('AdminPaymentsPage', () => {
  it(
    'lists payments with customer, channel, amount, status and trade number',
    async () => {
      renderPayments();
      const row = await rowOf('buyer@example.com');
      expect(within(row).getByText('TP202611220000000001')).toBeInTheDocument();
      expect(within(row).getByText('支付宝')).toBeInTheDocument();
      expect(within(row).getByText('¥88.80')).toBeInTheDocument();
      expect(within(row).getByText('待支付')).toBeInTheDocument();
      expect(within(row).getByRole('link', { name: 'buyer@example.com' })).toHaveAttribute(
        'href',
        `/admin/customers/${pending.customerId}`,
      );
      const paidRow = await rowOf('payer@example.com');
      expect(within(paidRow).getByText('沙箱支付')).toBeInTheDocument();
      expect(within(paidRow).getByText('已支付')).toBeInTheDocument();
      expect(within(paidRow).getByText(`sandbox-${paidId}`)).toBeInTheDocument();
      expect(screen.getByText('共 42 条')).toBeInTheDocument();
    },
    SLOW_TEST_MS,
  );

  it(
    'sends the filters of the address, searches a customer and resets',
    async () => {
      const { router } = renderPayments(
        '?status=pending&channel=alipay&from=2026-11-01&to=2026-11-30',
      );
      await rowOf('buyer@example.com');
      expect(api.requests(listAdminPayments)[0]?.query).toEqual({
        status: 'pending',
        channel: 'alipay',
        from: '2026-11-01',
        to: '2026-11-30',
        page: '1',
        pageSize: '20',
      });
      await userEvent.type(
        screen.getByRole('searchbox', { name: '客户邮箱或 ID' }),
        'buyer{Enter}',
      );
      await waitFor(() =>
        expect(api.requests(listAdminPayments).at(-1)?.query.customer).toBe('buyer'),
      );
      expect(router.state.location.search).toContain('customer=buyer');
      await userEvent.click(screen.getByRole('button', { name: /重置/ }));
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(api.requests(listAdminPayments).at(-1)?.query).toEqual({ page: '1', pageSize: '20' });
    },
    SLOW_TEST_MS,
  );

  it(
    'shows the notify history: verified or not, the outcome and our reply',
    async () => {
      renderPayments();
      const drawer = await openDetail('buyer@example.com');
      const entries = await within(drawer).findAllByTestId('payment-notification');
      expect(within(drawer).getByText('TP202611220000000001')).toBeInTheDocument();
      expect(within(drawer).getByText('过期时间 (UTC+8)')).toBeInTheDocument();
      expect(entries).toHaveLength(2);
      expect(within(entries[0]!).getByText('✗ 验签失败')).toBeInTheDocument();
      expect(within(entries[0]!).getByText('签名无效')).toBeInTheDocument();
      expect(within(entries[0]!).getByText('应答：failure')).toBeInTheDocument();
      expect(within(entries[1]!).getByText('✓ 验签通过')).toBeInTheDocument();
      expect(within(entries[1]!).getByText('金额不符')).toBeInTheDocument();
      expect(within(entries[1]!).getByText(/金额：¥1.00/)).toBeInTheDocument();
      expect(within(drawer).getByText('尚未入账')).toBeInTheDocument();
    },
    SLOW_TEST_MS,
  );

  it(
    'shows the ledger row of a paid payment and offers no sync or mark-paid for it',
    async () => {
      renderPayments();
      const drawer = await openDetail('payer@example.com');
      expect(
        await within(drawer).findByText(/^¥50.00，入账后余额 ¥150.00，2026-11-21/),
      ).toBeInTheDocument();
      expect(within(drawer).getByText('已入账')).toBeInTheDocument();
      expect(within(drawer).queryByRole('button', { name: /同步/ })).not.toBeInTheDocument();
      expect(within(drawer).queryByRole('button', { name: '手动入账' })).not.toBeInTheDocument();
    },
    SLOW_TEST_MS,
  );

  it(
    'hides sync and mark-paid from a role without payments.manage',
    async () => {
      api.respondWith(getMe, profile('support'));
      renderPayments();
      const drawer = await openDetail('buyer@example.com');
      await within(drawer).findAllByTestId('payment-notification');
      expect(within(drawer).queryByRole('button', { name: /同步/ })).not.toBeInTheDocument();
      expect(within(drawer).queryByRole('button', { name: '手动入账' })).not.toBeInTheDocument();
    },
    SLOW_TEST_MS,
  );

  it(
    'syncs with the provider and says it credited',
    async () => {
      api.respondWith(syncAdminPayment, {
        payment: { ...pending, status: 'paid', providerTradeNo: 'T-1', paidAt: pending.createdAt },
        provider: { state: 'paid', tradeNo: 'T-1', amount: 88.8, paidAt: pending.createdAt },
        credited: true,
      });
      renderPayments();
      const drawer = await openDetail('buyer@example.com');
      const listed = api.requests(listAdminPayments).length;
      await userEvent.click(await within(drawer).findByRole('button', { name: /同步/ }));
      expect(await screen.findByText('渠道确认已付款，已入账')).toBeInTheDocument();
      expect(api.requests(syncAdminPayment, { params: { id: pendingId } })).toHaveLength(1);
      // The list and the detail are fetched again.
      await waitFor(() => expect(api.requests(listAdminPayments).length).toBeGreaterThan(listed));
    },
    SLOW_TEST_MS,
  );

  it(
    'reports what the provider said when it credits nothing',
    async () => {
      api.respondWith(syncAdminPayment, {
        payment: pending,
        provider: { state: 'unpaid', tradeNo: null, amount: null, paidAt: null },
        credited: false,
      });
      renderPayments();
      const drawer = await openDetail('buyer@example.com');
      await userEvent.click(await within(drawer).findByRole('button', { name: /同步/ }));
      expect(await screen.findByText('渠道返回：未付款，未做更改')).toBeInTheDocument();
    },
    SLOW_TEST_MS,
  );

  it(
    'marks a payment paid with a trade number and a required note',
    async () => {
      api.respondWith(markAdminPaymentPaid, {
        payment: { ...pending, status: 'paid', providerTradeNo: '2026112299990001' },
      });
      renderPayments();
      const drawer = await openDetail('buyer@example.com');
      await userEvent.click(await within(drawer).findByRole('button', { name: '手动入账' }));
      const modal = await findMarkPaidDialog();
      expect(within(modal).getByText(/将按支付单金额 ¥88.80 入账/)).toBeInTheDocument();
      await userEvent.click(within(modal).getByRole('button', { name: '确认入账' }));
      expect(await within(modal).findByText('请填写渠道交易号')).toBeInTheDocument();
      expect(within(modal).getByText('请填写备注')).toBeInTheDocument();
      expect(api.requests(markAdminPaymentPaid)).toHaveLength(0);

      await userEvent.type(within(modal).getByLabelText('渠道交易号'), '2026112299990001');
      await userEvent.type(within(modal).getByLabelText('备注'), '支付宝商户后台对账单已核实');
      await userEvent.click(within(modal).getByRole('button', { name: '确认入账' }));
      expect(await screen.findByText('已入账', { selector: '.ant-message *' })).toBeInTheDocument();
      expect(api.requests(markAdminPaymentPaid, { params: { id: pendingId } })[0]?.body).toEqual({
        tradeNo: '2026112299990001',
        note: '支付宝商户后台对账单已核实',
      });
    },
    SLOW_TEST_MS,
  );

  it('keeps the dialog open and shows the refusal when the payment was paid meanwhile', async () => {
    api.respondWithError(markAdminPaymentPaid, 'paymentAlreadyPaid');
    renderPayments();
    const drawer = await openDetail('buyer@example.com');
    await userEvent.click(await within(drawer).findByRole('button', { name: '手动入账' }));
    const modal = await findMarkPaidDialog();
    await userEvent.type(within(modal).getByLabelText('渠道交易号'), 'T-9');
    await userEvent.type(within(modal).getByLabelText('备注'), 'checked');
    await userEvent.click(within(modal).getByRole('button', { name: '确认入账' }));
    expect(await screen.findByText('该支付单已入账，未做任何更改')).toBeInTheDocument();
    expect(modal).toBeInTheDocument();
    expect(within(modal).getByLabelText('备注')).toHaveValue('checked');
  });
});
