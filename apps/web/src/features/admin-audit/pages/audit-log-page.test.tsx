import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listAuditLog, type AuditEntry } from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import AuditLogPage from './audit-log-page.tsx';

const entries: AuditEntry[] = [
  {
    id: 3,
    actorId: '00000000-0000-4000-8000-000000000002',
    actorEmail: 'books@example.com',
    actorRole: 'finance',
    action: 'order.refund',
    targetType: 'order',
    targetId: 'SO20261121001',
    changes: { refundedFen: { before: 0, after: 2550 } },
    reason: 'IP never worked',
    sourceIp: '203.0.113.7',
    createdAt: '2026-03-02T10:00:00.000Z',
  },
  {
    id: 2,
    actorId: '00000000-0000-4000-8000-000000000001',
    actorEmail: 'boss@example.com',
    actorRole: 'owner',
    action: 'staff.update',
    targetType: 'user',
    targetId: 'u-helper',
    changes: { role: { before: 'support', after: 'finance' } },
    reason: '',
    sourceIp: '198.51.100.4',
    createdAt: '2026-03-01T10:00:00.000Z',
  },
  {
    id: 1,
    actorId: null,
    actorEmail: 'cli',
    actorRole: 'cli',
    action: 'staff.create',
    targetType: 'user',
    targetId: 'u-boss',
    changes: { role: { before: null, after: 'owner' } },
    reason: '',
    sourceIp: null,
    createdAt: '2026-02-28T10:00:00.000Z',
  },
];
const api = installFakeApi();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(listAuditLog, (request) => {
    const page = Number(request.query.page);
    return { items: page === 1 ? entries : [], total: 45, page, pageSize: 20 };
  });
  api.respondWithFile(listAuditLog, '\uFEFF时间,操作人\r\n', {
    when: (request) => request.query.format === 'csv',
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="audit-log-20260302.csv"',
    },
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLanguage('zh-CN');
});

function listQueries() {
  return api
    .requests(listAuditLog)
    .map((request) => request.query)
    .filter((query) => query.format !== 'csv');
}

function renderLog(search = '') {
  return renderRoutes(
    [{ path: '/admin/audit-log', element: <AuditLogPage /> }],
    `/admin/audit-log${search}`,
  );
}

async function rowOf(text: string) {
  const cell = await screen.findByText(text);
  return cell.closest('tr')!;
}

// First renders load Ant Design: slow on a busy machine.
describe('AuditLogPage', { timeout: 20_000 }, () => {
  it('shows who did what to which target, before → after, why and from where', async () => {
    renderLog();
    const refund = await rowOf('books@example.com');
    expect(within(refund).getByText('财务')).toBeInTheDocument();
    expect(within(refund).getByText('订单退款')).toBeInTheDocument();
    expect(within(refund).getByText('order:SO20261121001')).toBeInTheDocument();
    // A field without a label reads as recorded.
    expect(within(refund).getByText('refundedFen: 0 → 2550')).toBeInTheDocument();
    expect(within(refund).getByText('IP never worked')).toBeInTheDocument();
    expect(within(refund).getByText('203.0.113.7')).toBeInTheDocument();
    const update = await rowOf('boss@example.com');
    expect(within(update).getByText('所有者')).toBeInTheDocument();
    expect(within(update).getByText('更改员工角色')).toBeInTheDocument();
    expect(within(update).getByText('角色: support → finance')).toBeInTheDocument();
    const cli = await rowOf('cli');
    expect(within(cli).getByText('命令行')).toBeInTheDocument();
    expect(within(cli).getByText('角色: — → owner')).toBeInTheDocument();
    expect(screen.getByText('共 45 条')).toBeInTheDocument();

    await act(() => changeLanguage('en-US'));
    expect(within(update).getByText('Change staff role')).toBeInTheDocument();
    expect(within(cli).getByText('Command line')).toBeInTheDocument();
    expect(within(update).getByText('Role: support → finance')).toBeInTheDocument();
  });

  it('sends the filters of the address, narrows by what is typed and chosen, and pages', async () => {
    const { router } = renderLog('?actor=boss&from=2026-03-01&to=2026-03-31&page=2');
    await waitFor(() => expect(listQueries()).toHaveLength(1));
    expect(listQueries()[0]).toEqual({
      actor: 'boss',
      from: '2026-03-01',
      to: '2026-03-31',
      page: '2',
      pageSize: '20',
    });

    await userEvent.type(screen.getByRole('searchbox', { name: '对象' }), 'user:u-helper{Enter}');
    await waitFor(() => expect(listQueries().at(-1)?.target).toBe('user:u-helper'));
    expect(listQueries().at(-1)?.page).toBe('1');

    await userEvent.click(screen.getByRole('combobox', { name: '操作' }));
    await userEvent.click((await screen.findAllByTitle('更改员工角色')).at(-1)!);
    await waitFor(() => expect(listQueries().at(-1)?.action).toBe('staff.update'));
    expect(listQueries().at(-1)).toMatchObject({ actor: 'boss', target: 'user:u-helper' });
    expect(router.state.location.search).toBe(
      '?actor=boss&action=staff.update&target=user%3Au-helper&from=2026-03-01&to=2026-03-31',
    );

    await userEvent.click(await screen.findByTitle('2'));
    await waitFor(() => expect(listQueries().at(-1)?.page).toBe('2'));
    expect(await screen.findByText('暂无审计记录')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /重置/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(listQueries().at(-1)).toEqual({ page: '1', pageSize: '20' });
    expect(screen.getByRole('searchbox', { name: '对象' })).toHaveValue('');
  });

  it('exports the filtered entries as CSV, without paging', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:audit');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderLog('?action=order.refund&actor=books&pageSize=50');
    await rowOf('books@example.com');

    await userEvent.click(screen.getByRole('button', { name: /导出 CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [download] = api.requests(listAuditLog).filter((request) => request.query.format);
    expect(download!.query).toEqual({ action: 'order.refund', actor: 'books', format: 'csv' });
    expect(download!.headers.Authorization).toBe('Bearer abc');
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('audit-log-20260302.csv');
    expect(await createObjectURL.mock.calls[0]![0].text()).toContain('时间,操作人');
  });
});
