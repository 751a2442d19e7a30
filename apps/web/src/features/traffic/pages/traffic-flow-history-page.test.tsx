import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, renderRoutes } from '../../../test/render-app.tsx';
import TrafficFlowHistoryPage from './traffic-flow-history-page.tsx';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

function seriesFor(granularity: string) {
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

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.searchParams.get('format') === 'csv') {
      return new Response('at,bytesUp,bytesDown\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="traffic-usage.csv"',
        },
      });
    }
    const granularity = url.searchParams.get('granularity') ?? 'hour';
    return envelopeResponse({ code: 0, message: 'ok', data: seriesFor(granularity) });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function usageUrls() {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/proxy/instances/traffic-usage');
}

function rangeInputs() {
  return [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')];
}

/** A day of the open calendar (a month shows the neighbouring months' days too: not those). */
async function findDayCell(day: string) {
  const cells = await screen.findAllByTitle(day, {}, { timeout: 5_000 });
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
  it('asks for the last 24 hours by hour in the browser offset and shows totals and rows', async () => {
    renderHistory();
    expect(await screen.findByText('3 GB', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText('512 MB')).toBeInTheDocument();
    expect(screen.getByText('3.5 GB')).toBeInTheDocument();
    expect(screen.getByTestId('usage-chart')).toBeInTheDocument();

    const [first] = usageUrls();
    const query = first!.searchParams;
    expect(query.get('granularity')).toBe('hour');
    expect(query.get('utcOffsetMinutes')).toBe(String(-new Date().getTimezoneOffset() || 0));
    expect(query.get('kind')).toBeNull();
    const hours = (Date.parse(query.get('to')!) - Date.parse(query.get('from')!)) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);

    // Newest bucket first.
    const rows = document.querySelectorAll('.ant-table-tbody tr.ant-table-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('412 MB');
    expect(rows[0]).toHaveTextContent('2.4 GB');
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
  });

  it('switches to days and filters by kind', async () => {
    renderHistory();
    await screen.findByText('3 GB', {}, { timeout: 5_000 });
    await userEvent.click(screen.getByText('按天'));
    await waitFor(() => expect(usageUrls().at(-1)!.searchParams.get('granularity')).toBe('day'));
    const dayQuery = usageUrls().at(-1)!.searchParams;
    // Whole days: the range starts at the viewer's midnight.
    const from = new Date(dayQuery.get('from')!);
    expect([from.getHours(), from.getMinutes()]).toEqual([0, 0]);

    await userEvent.click(screen.getByRole('combobox', { name: '类型' }));
    await userEvent.click(await screen.findByTitle('动态IP'));
    await waitFor(() => expect(usageUrls().at(-1)!.searchParams.get('kind')).toBe('dynamic'));
  });

  it('asks for the preset range picked in the range picker', async () => {
    // Only the clock is frozen (timers run), so a preset's "now" is known to the minute.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 12, 34));
    renderHistory();
    await screen.findByText('3 GB', {}, { timeout: 5_000 });
    expect(Object.fromEntries(usageUrls()[0]!.searchParams)).toMatchObject({
      from: new Date(2026, 10, 20, 12, 34).toISOString(),
      to: new Date(2026, 10, 21, 12, 34).toISOString(),
    });

    await userEvent.click(rangeInputs()[0]!);
    await userEvent.click(await screen.findByText('最近 7 天'));
    await waitFor(() => expect(usageUrls()).toHaveLength(2));
    expect(Object.fromEntries(usageUrls()[1]!.searchParams)).toMatchObject({
      granularity: 'hour',
      from: new Date(2026, 10, 14, 12, 34).toISOString(),
      to: new Date(2026, 10, 21, 12, 34).toISOString(),
    });
  });

  it('asks for whole days between two dates picked by day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 12, 34));
    renderHistory();
    await screen.findByText('3 GB', {}, { timeout: 5_000 });
    await userEvent.click(screen.getByText('按天'));
    await waitFor(() => expect(usageUrls().at(-1)!.searchParams.get('granularity')).toBe('day'));
    const before = usageUrls().length;

    await userEvent.click(rangeInputs()[0]!);
    await userEvent.click(await findDayCell('2026-11-10'));
    await userEvent.click(await findDayCell('2026-11-12'));
    await waitFor(() => expect(usageUrls()).toHaveLength(before + 1));
    // From the first day's midnight to the end of the last day, in the viewer's time zone.
    expect(Object.fromEntries(usageUrls().at(-1)!.searchParams)).toMatchObject({
      granularity: 'day',
      from: new Date(2026, 10, 10).toISOString(),
      to: new Date(2026, 10, 13).toISOString(),
    });
  });

  it('downloads the same series as CSV', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:usage');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderHistory();
    await screen.findByText('3 GB', {}, { timeout: 5_000 });
    await userEvent.click(screen.getByRole('button', { name: /下载 CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));

    const csv = usageUrls().find((url) => url.searchParams.get('format') === 'csv')!;
    expect(csv.searchParams.get('granularity')).toBe('hour');
    expect(csv.searchParams.get('utcOffsetMinutes')).not.toBeNull();
    expect(csv.searchParams.get('from')).toBe(usageUrls()[0]!.searchParams.get('from'));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('traffic-usage.csv');
  });
});
