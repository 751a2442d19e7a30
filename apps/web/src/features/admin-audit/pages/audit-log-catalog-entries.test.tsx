import { act, screen, within } from '@testing-library/react';
import { listAuditLog, type AuditEntry } from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import AuditLogPage from './audit-log-page.tsx';

const priceChange: AuditEntry = {
  id: 9,
  actorId: '00000000-0000-4000-8000-000000000003',
  actorEmail: 'ops@example.com',
  actorRole: 'ops',
  action: 'plan.price',
  targetType: 'static_ip_plan',
  targetId: '33333333-3333-4333-8333-333333333333',
  changes: {
    'price.30d': { before: 35, after: 45 },
    'price.90d': { before: 99, after: null },
  },
  reason: '',
  sourceIp: '203.0.113.9',
  createdAt: '2026-03-03T10:00:00.000Z',
};
const api = installFakeApi();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(listAuditLog, { items: [priceChange], total: 1, page: 1, pageSize: 20 });
});

afterEach(() => changeLanguage('zh-CN'));

describe('AuditLogPage with catalog writes', { timeout: 20_000 }, () => {
  it('names each changed price by its duration, in the reader’s language', async () => {
    renderRoutes([{ path: '/admin/audit-log', element: <AuditLogPage /> }], '/admin/audit-log');
    const row = (await screen.findByText('ops@example.com')).closest('tr')!;
    expect(within(row).getByText('调整套餐价格')).toBeInTheDocument();
    expect(within(row).getByText('30 天价格: 35 → 45')).toBeInTheDocument();
    expect(within(row).getByText('90 天价格: 99 → —')).toBeInTheDocument();
    await act(() => changeLanguage('en-US'));
    expect(within(row).getByText('Change plan prices')).toBeInTheDocument();
    expect(within(row).getByText('Price for 30 days: 35 → 45')).toBeInTheDocument();
  });
});
