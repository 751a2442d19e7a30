import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  approveBalanceAdjustment,
  getMe,
  listBalanceAdjustments,
  rejectBalanceAdjustment,
  type BalanceAdjustment,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { ADMIN_ADJUSTMENTS_PATH } from '../../../shared/paths.ts';
import AdjustmentsPage from './adjustments-page.tsx';

const ME = '0b1c2d3e-4a5b-4c6d-8e7f-000000000001';
const COLLEAGUE = '0b1c2d3e-4a5b-4c6d-8e7f-000000000002';
const base = {
  customerId: '6f1c2d3e-4a5b-4c6d-8e7f-101112131415',
  customerEmail: 'alice@wonder.example',
  decidedById: null,
  decidedByEmail: null,
  decidedAt: null,
  balanceAfter: null,
} as const;
const adjustments: BalanceAdjustment[] = [
  {
    ...base,
    id: '9a1c2d3e-4a5b-4c6d-8e7f-000000000001',
    amount: 5000,
    reason: 'Wire transfer received',
    status: 'pending',
    requestedById: COLLEAGUE,
    requestedByEmail: 'colleague@stratus.example',
    createdAt: '2026-11-20T01:00:00.000Z',
  },
  {
    ...base,
    id: '9a1c2d3e-4a5b-4c6d-8e7f-000000000002',
    amount: -2000,
    reason: 'Duplicate credit',
    status: 'pending',
    requestedById: ME,
    requestedByEmail: 'me@stratus.example',
    createdAt: '2026-11-20T02:00:00.000Z',
  },
  {
    ...base,
    id: '9a1c2d3e-4a5b-4c6d-8e7f-000000000003',
    amount: 20,
    reason: 'Goodwill',
    status: 'applied',
    requestedById: ME,
    requestedByEmail: 'me@stratus.example',
    decidedAt: '2026-11-19T02:00:00.000Z',
    balanceAfter: 120,
    createdAt: '2026-11-19T02:00:00.000Z',
  },
];
const api = installFakeApi();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, {
    id: ME,
    email: 'me@stratus.example',
    name: '',
    role: 'finance',
    language: 'zh-CN',
    apiToken: 'st_token',
    createdAt: '2026-01-01T00:00:00.000Z',
    tourCompleted: true,
    emailVerified: true,
    emailVerification: 'optional',
    lowBalanceThreshold: null,
  });
  respondWithQuietInbox(api);
  api.respondWith(listBalanceAdjustments, (request) => ({
    items: adjustments,
    total: adjustments.length,
    page: Number(request.query.page),
    pageSize: Number(request.query.pageSize),
  }));
  api.respondWith(approveBalanceAdjustment, {
    ...adjustments[0]!,
    status: 'applied',
    decidedById: ME,
    decidedByEmail: 'me@stratus.example',
    decidedAt: '2026-11-21T00:00:00.000Z',
    balanceAfter: 5123.45,
  });
  api.respondWith(rejectBalanceAdjustment, {
    ...adjustments[0]!,
    status: 'rejected',
    decidedById: ME,
    decidedByEmail: 'me@stratus.example',
    decidedAt: '2026-11-21T00:00:00.000Z',
  });
});

function renderPage() {
  return renderRoutes(
    [{ path: ADMIN_ADJUSTMENTS_PATH, element: <AdjustmentsPage /> }],
    ADMIN_ADJUSTMENTS_PATH,
  );
}

async function rowOf(reason: string) {
  const cell = await screen.findByText(reason);
  return within(cell.closest('tr') as HTMLElement);
}

describe('AdjustmentsPage', () => {
  it('lists adjustments with their amount, status and who asked and decided', async () => {
    renderPage();
    const wire = await rowOf('Wire transfer received');
    expect(wire.getByText('+¥5000.00')).toBeInTheDocument();
    expect(wire.getByText('待审批')).toBeInTheDocument();
    expect(wire.getByText('colleague@stratus.example')).toBeInTheDocument();
    expect(wire.getByRole('link', { name: 'alice@wonder.example' })).toBeInTheDocument();
    const goodwill = await rowOf('Goodwill');
    expect(goodwill.getByText('已生效')).toBeInTheDocument();
    expect(goodwill.getByText('未超过审批额度，立即生效')).toBeInTheDocument();
    // Decided rows have nothing left to decide.
    expect(goodwill.queryByRole('button')).not.toBeInTheDocument();
  });

  it("approves a colleague's request after a confirmation, never one's own", async () => {
    renderPage();
    const own = await rowOf('Duplicate credit');
    expect(own.getByRole('button', { name: /批\s*准/ })).toBeDisabled();
    expect(own.getByRole('button', { name: /驳\s*回/ })).toBeDisabled();

    const wire = await rowOf('Wire transfer received');
    await userEvent.click(wire.getByRole('button', { name: /批\s*准/ }));
    const confirm = await screen.findByText(
      '批准后立即调整 alice@wonder.example 的余额 +¥5000.00，确定？',
    );
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(popover).getByRole('button', { name: /批\s*准/ }));
    await waitFor(() => expect(api.requests(approveBalanceAdjustment)).toHaveLength(1));
    expect(api.requests(approveBalanceAdjustment)[0]!.params).toEqual({ id: adjustments[0]!.id });
    expect(await screen.findByText('已批准，余额已调整')).toBeInTheDocument();
  });

  it('rejects with an optional reason', async () => {
    renderPage();
    const wire = await rowOf('Wire transfer received');
    await userEvent.click(wire.getByRole('button', { name: /驳\s*回/ }));
    // Found by role alone: jsdom's ids are all `test-id`, so the title does not name the dialog.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('驳回 alice@wonder.example 的调整 +¥5000.00');
    expect(dialog).toHaveTextContent('Wire transfer received');
    await userEvent.type(within(dialog).getByLabelText('原因（可选）'), 'No wire arrived');
    await userEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(api.requests(rejectBalanceAdjustment)).toHaveLength(1));
    expect(api.requests(rejectBalanceAdjustment)[0]!.body).toEqual({ reason: 'No wire arrived' });
    expect(await screen.findByText('已驳回')).toBeInTheDocument();
  });

  it('filters by status and customer from the first page', async () => {
    renderPage();
    await rowOf('Goodwill');
    await userEvent.click(screen.getByRole('combobox', { name: '状态' }));
    await userEvent.click(await screen.findByTitle('待审批'));
    await waitFor(() =>
      expect(api.requests(listBalanceAdjustments).at(-1)?.query).toEqual({
        status: 'pending',
        page: '1',
        pageSize: '20',
      }),
    );
    await userEvent.type(screen.getByPlaceholderText('客户 ID 或邮箱'), 'alice{Enter}');
    await waitFor(() =>
      expect(api.requests(listBalanceAdjustments).at(-1)?.query).toEqual({
        status: 'pending',
        customer: 'alice',
        page: '1',
        pageSize: '20',
      }),
    );
  });
});
