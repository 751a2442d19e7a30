import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getTrafficUsage,
  listInstances,
  listSubUsers,
  listTrafficPackages,
  type UsageGranularity,
  type UsageSeries,
} from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failOnAntdDeprecations } from '../../../test/antd-deprecations.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import TrafficFlowHistoryPage from './traffic-flow-history-page.tsx';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

function seriesFor(granularity: UsageGranularity): UsageSeries {
  return {
    granularity,
    from: '2026-11-21T10:00:00.000Z',
    to: '2026-11-21T13:00:00.000Z',
    buckets: [
      { at: '2026-11-21T10:00:00.000Z', bytesUp: 100 * MB, bytesDown: GB },
      { at: '2026-11-21T11:00:00.000Z', bytesUp: 0, bytesDown: 0 },
      { at: '2026-11-21T12:00:00.000Z', bytesUp: 412 * MB, bytesDown: 2 * GB },
    ],
    totals: { bytesUp: 512 * MB, bytesDown: 3 * GB },
  };
}

// The total download, not the chart's y axis, whose top tick reads the same.
const outsideTheChart = { ignore: 'script, style, svg *' };

const api = installFakeApi();
failOnAntdDeprecations();
const packageId = '33333333-3333-4333-8333-333333333333';
const subUserId = '44444444-4444-4444-8444-444444444444';

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWithFile(getTrafficUsage, 'at,bytesUp,bytesDown\n', {
    when: (request) => request.query.format === 'csv',
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="traffic-usage.csv"',
    },
  });
  api.respondWith(getTrafficUsage, (request) =>
    seriesFor(request.query.granularity === 'day' ? 'day' : 'hour'),
  );
  // The scope select's options.
  api.respondWith(listInstances, { items: [], total: 0, page: 1, pageSize: 100 });
  api.respondWith(listTrafficPackages, {
    items: [
      {
        id: packageId,
        orderId: '55555555-5555-4555-8555-555555555555',
        orderNo: 'T202611010001',
        gb: 10,
        totalBytes: 10 * GB,
        usedBytes: GB,
        remainingBytes: 9 * GB,
        status: 'active',
        createdAt: '2026-11-01T08:00:00.000Z',
        expiresAt: '2026-12-01T08:00:00.000Z',
      },
    ],
    total: 1,
    page: 1,
    pageSize: 100,
    summary: { activePackages: 1, totalBytes: 10 * GB, remainingBytes: 9 * GB },
  });
  api.respondWith(listSubUsers, {
    items: [
      {
        id: subUserId,
        name: 'crawler',
        username: 'uabcdefghi',
        password: 'p4ssw0rdp4ssw0rd',
        capGb: null,
        usedBytes: 0,
        enabled: true,
        createdAt: '2026-11-01T08:00:00.000Z',
        host: 'gw.example.com',
        port: 7000,
      },
    ],
    max: 50,
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function usageQueries() {
  return api.requests(getTrafficUsage).map((request) => request.query);
}

function rangeInputs() {
  return [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')];
}

/** A day of the open calendar (a month shows the neighbouring months' days too: not those). */
async function findDayCell(day: string) {
  const cells = await screen.findAllByTitle(day);
  return cells.find((cell) => cell.classList.contains('ant-picker-cell-in-view'))!;
}

function renderHistory() {
  return renderRoutes(
    [{ path: '/console/trafficFlowHistory', element: <TrafficFlowHistoryPage /> }],
    '/console/trafficFlowHistory',
  );
}

// First renders load Ant Design and the charts: slow on a busy machine.
describe('TrafficFlowHistoryPage', { timeout: 20_000 }, () => {
  it('asks for the last 24 hours by hour and shows totals and rows', async () => {
    renderHistory();
    expect(await screen.findByText('3 GB', outsideTheChart)).toBeInTheDocument();
    expect(screen.getByText('512 MB')).toBeInTheDocument();
    expect(screen.getByText('3.5 GB')).toBeInTheDocument();
    expect(screen.getByTestId('usage-chart')).toBeInTheDocument();

    const [query] = usageQueries();
    expect(query!.granularity).toBe('hour');
    expect(query!.utcOffsetMinutes).toBeUndefined();
    expect(query!.kind).toBeUndefined();
    // From the start of the hour 23 hours back: 24 hour buckets, the current one included.
    expect(new Date(query!.from!).getMinutes()).toBe(0);
    const hours = (Date.parse(query!.to!) - Date.parse(query!.from!)) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThanOrEqual(24);

    // Newest bucket first.
    const rows = document.querySelectorAll('.ant-table-tbody tr.ant-table-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('412 MB');
    expect(rows[0]).toHaveTextContent('2.4 GB');
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
  });

  it('switches to days and filters by kind', async () => {
    renderHistory();
    await screen.findByText('3 GB', outsideTheChart);
    await userEvent.click(screen.getByText('按天'));
    await waitFor(() => expect(usageQueries().at(-1)!.granularity).toBe('day'));
    const dayQuery = usageQueries().at(-1)!;
    // Whole days: the range starts at midnight in the business time zone (Shanghai, 16:00 UTC).
    const from = new Date(dayQuery.from!);
    expect([from.getUTCHours(), from.getUTCMinutes()]).toEqual([16, 0]);

    await userEvent.click(screen.getByRole('combobox', { name: '类型' }));
    await userEvent.click(await screen.findByTitle('动态IP'));
    await waitFor(() => expect(usageQueries().at(-1)!.kind).toBe('dynamic'));
  });

  it('narrows to one package (without a kind) or one sub-user', async () => {
    renderHistory();
    await screen.findByText('3 GB', outsideTheChart);
    await userEvent.click(screen.getByRole('combobox', { name: '类型' }));
    await userEvent.click(await screen.findByTitle('动态IP'));
    await waitFor(() => expect(usageQueries().at(-1)!.kind).toBe('dynamic'));

    await userEvent.click(screen.getByRole('combobox', { name: '范围' }));
    await userEvent.click(await screen.findByTitle(/^10 GB · /));
    await waitFor(() => expect(usageQueries().at(-1)!.packageId).toBe(packageId));
    // A package has no kind: the kind is not sent, and its select is off.
    expect(usageQueries().at(-1)!.kind).toBeUndefined();
    expect(screen.getByText('流量包按总量计，全部计入下载')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: '范围' }));
    await userEvent.click(await screen.findByTitle('crawler'));
    await waitFor(() => expect(usageQueries().at(-1)!.subUserId).toBe(subUserId));
    expect(usageQueries().at(-1)).toMatchObject({ kind: 'dynamic' });
    expect(usageQueries().at(-1)!.packageId).toBeUndefined();
  });

  it('asks for the preset range picked in the range picker', async () => {
    // Only the clock is frozen (timers run), so a preset's "now" is known to the minute.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 12, 34));
    renderHistory();
    await screen.findByText('3 GB', outsideTheChart);
    expect(usageQueries()[0]).toMatchObject({
      from: new Date(2026, 10, 20, 13, 0).toISOString(),
      to: new Date(2026, 10, 21, 12, 34).toISOString(),
    });

    await userEvent.click(rangeInputs()[0]!);
    await userEvent.click(await screen.findByText('最近 7 天'));
    await waitFor(() => expect(usageQueries()).toHaveLength(2));
    expect(usageQueries()[1]).toMatchObject({
      granularity: 'hour',
      // Seven business days, today's included: from midnight of 11-15 in Asia/Shanghai.
      from: '2026-11-14T16:00:00.000Z',
      to: new Date(2026, 10, 21, 12, 34).toISOString(),
    });
  });

  it('asks for whole days between two dates picked by day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 12, 34));
    renderHistory();
    await screen.findByText('3 GB', outsideTheChart);
    await userEvent.click(screen.getByText('按天'));
    await waitFor(() => expect(usageQueries().at(-1)!.granularity).toBe('day'));
    const before = usageQueries().length;

    await userEvent.click(rangeInputs()[0]!);
    await userEvent.click(await findDayCell('2026-11-10'));
    await userEvent.click(await findDayCell('2026-11-12'));
    await waitFor(() => expect(usageQueries()).toHaveLength(before + 1));
    // From the first day's midnight to the end of the last day, in the business time zone.
    expect(usageQueries().at(-1)).toMatchObject({
      granularity: 'day',
      from: '2026-11-09T16:00:00.000Z',
      to: '2026-11-12T16:00:00.000Z',
    });
  });

  it('shows a whole day of hours, or a whole month of days, on one page', async () => {
    const series = (granularity: UsageGranularity, count: number, stepMs: number): UsageSeries => {
      const start = Date.parse('2026-11-01T00:00:00.000Z');
      const buckets = Array.from({ length: count }, (_, index) => ({
        at: new Date(start + index * stepMs).toISOString(),
        bytesUp: MB,
        bytesDown: MB,
      }));
      return {
        granularity,
        from: buckets[0]!.at,
        to: new Date(start + count * stepMs).toISOString(),
        buckets,
        totals: { bytesUp: count * MB, bytesDown: count * MB },
      };
    };
    api.respondWith(getTrafficUsage, (request) =>
      request.query.granularity === 'day'
        ? series('day', 31, 86_400_000)
        : series('hour', 24, 3_600_000),
    );
    renderHistory();
    expect(await screen.findByText('共 24 条')).toBeInTheDocument();
    expect(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(24);
    expect(document.querySelector('.ant-pagination-item-2')).toBeNull();
    expect(screen.getByTitle('24 条/页')).toBeInTheDocument();

    await userEvent.click(screen.getByText('按天'));
    expect(await screen.findByText('共 31 条')).toBeInTheDocument();
    expect(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(31);
    expect(document.querySelector('.ant-pagination-item-2')).toBeNull();
    expect(screen.getByTitle('31 条/页')).toBeInTheDocument();
  });

  it('downloads the same series as CSV', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:usage');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderHistory();
    await screen.findByText('3 GB', outsideTheChart);
    await userEvent.click(screen.getByRole('button', { name: /下载 CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));

    const csv = usageQueries().find((query) => query.format === 'csv')!;
    expect(csv.granularity).toBe('hour');
    expect(csv.from).toBe(usageQueries()[0]!.from);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('traffic-usage.csv');
  });
});
