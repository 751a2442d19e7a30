import { screen, waitFor, within } from '@testing-library/react';
import { getReconciliation, type Reconciliation } from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import ReconciliationPage from './reconciliation-page.tsx';

const report: Reconciliation = {
  from: '2026-11-01',
  to: '2026-11-30',
  rows: [
    {
      day: '2026-11-20',
      channel: 'alipay',
      paidCount: 3,
      paidAmount: 300,
      ledgerCount: 3,
      ledgerAmount: 300,
      difference: 0,
      matched: true,
    },
    {
      day: '2026-11-21',
      channel: 'sandbox',
      paidCount: 1,
      paidAmount: 5,
      ledgerCount: 2,
      ledgerAmount: 12.77,
      difference: -7.77,
      matched: false,
    },
    {
      day: '2026-11-21',
      channel: null,
      paidCount: 0,
      paidAmount: 0,
      ledgerCount: 1,
      ledgerAmount: 0.5,
      difference: -0.5,
      matched: false,
    },
  ],
  totals: {
    paidCount: 4,
    paidAmount: 305,
    ledgerCount: 6,
    ledgerAmount: 313.27,
    difference: -8.27,
    matched: false,
  },
};
const api = installFakeApi();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getReconciliation, report);
});

function renderReconciliation(search = '') {
  return renderRoutes(
    [{ path: '/admin/reconciliation', element: <ReconciliationPage /> }],
    `/admin/reconciliation${search}`,
  );
}

describe('ReconciliationPage', () => {
  it('shows both sides per day and channel and highlights the mismatched rows', async () => {
    renderReconciliation();
    const matchedRow = (await screen.findByText('2026-11-20')).closest('tr')!;
    expect(within(matchedRow).getByText('支付宝')).toBeInTheDocument();
    expect(within(matchedRow).getAllByText('¥300.00')).toHaveLength(2);
    expect(within(matchedRow).getByText('一致')).toBeInTheDocument();
    expect(matchedRow).not.toHaveClass('reconciliation-mismatch');

    const sandboxRow = screen.getByText('沙箱支付').closest('tr')!;
    expect(sandboxRow).toHaveClass('reconciliation-mismatch');
    expect(within(sandboxRow).getByText('¥5.00')).toBeInTheDocument();
    expect(within(sandboxRow).getByText('¥12.77')).toBeInTheDocument();
    expect(within(sandboxRow).getByText('-¥7.77')).toBeInTheDocument();
    expect(within(sandboxRow).getByText('不一致')).toBeInTheDocument();
    expect(screen.getByText('未注明渠道').closest('tr')).toHaveClass('reconciliation-mismatch');

    const totals = screen.getByText('合计').closest('tr')!;
    expect(within(totals).getByText('¥305.00')).toBeInTheDocument();
    expect(within(totals).getByText('¥313.27')).toBeInTheDocument();
    expect(within(totals).getByText('-¥8.27')).toBeInTheDocument();
    expect(within(totals).getByText('不一致')).toBeInTheDocument();
    // Without days in the address the server picks its default range.
    expect(api.requests(getReconciliation)[0]?.query).toEqual({});
  }, 20_000);

  it('asks for the days in the address', async () => {
    renderReconciliation('?from=2026-10-01&to=2026-10-31');
    await screen.findByText('2026-11-20');
    await waitFor(() =>
      expect(api.requests(getReconciliation)[0]?.query).toEqual({
        from: '2026-10-01',
        to: '2026-10-31',
      }),
    );
  }, 20_000);

  it('says so when nothing happened in the range', async () => {
    api.respondWith(getReconciliation, {
      ...report,
      rows: [],
      totals: {
        ...report.totals,
        paidCount: 0,
        paidAmount: 0,
        ledgerCount: 0,
        ledgerAmount: 0,
        difference: 0,
        matched: true,
      },
    });
    renderReconciliation();
    expect(await screen.findByText('该区间内没有支付或充值流水')).toBeInTheDocument();
    expect(screen.queryByText('合计')).not.toBeInTheDocument();
  }, 20_000);
});
