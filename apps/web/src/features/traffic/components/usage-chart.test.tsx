import { fireEvent, render, screen, within } from '@testing-library/react';
import type { UsageBucket } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { axisLabel, bucketLabel } from '../usage-labels.ts';
import { UsageChart } from './usage-chart.tsx';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

const buckets: UsageBucket[] = [
  { at: '2026-11-21T10:00:00.000Z', bytesUp: 100 * MB, bytesDown: GB },
  { at: '2026-11-21T11:00:00.000Z', bytesUp: 0, bytesDown: 0 },
  { at: '2026-11-21T12:00:00.000Z', bytesUp: 412 * MB, bytesDown: 2 * GB },
];

/** Every y coordinate of a path's points, in order. */
function pathYs(path: Element): number[] {
  const d = path.getAttribute('d') ?? '';
  return [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((match) => Number(match[2]));
}

function edgeOf(series: 'bytesUp' | 'bytesDown'): number[] {
  const group = screen.getByTestId(`usage-chart-area-${series}`);
  return pathYs(group.querySelectorAll('path')[1]!);
}

describe('UsageChart', () => {
  it('stacks upload on download, on an axis of round ticks in one unit', () => {
    render(<UsageChart buckets={buckets} granularity="hour" />);
    const yAxis = screen.getByTestId('usage-chart-y-axis');
    // The largest bucket is 2.4 GB: ticks 0 … 3 GB.
    expect([...yAxis.querySelectorAll('text')].map((text) => text.textContent)).toEqual([
      '0 GB',
      '1 GB',
      '2 GB',
      '3 GB',
    ]);
    // Plot from y 8 to 280 - 26 (legend) - 48 (time axis) = 206, 3 GB high.
    const y = (bytes: number) => 206 - (bytes / GB / 3) * 198;
    const near = (values: number[]) => values.map((value) => Number(value.toFixed(3)));
    expect(near(edgeOf('bytesDown'))).toEqual(near([y(GB), y(0), y(2 * GB)]));
    expect(near(edgeOf('bytesUp'))).toEqual(near([y(GB + 100 * MB), y(0), y(2 * GB + 412 * MB)]));
    const legend = screen.getByTestId('usage-chart-legend');
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['下载', '上传']);
  });

  it('labels the time axis, skipping labels that would overlap', () => {
    const hours: UsageBucket[] = Array.from({ length: 24 }, (_, hour) => ({
      at: new Date(Date.UTC(2026, 10, 21, hour)).toISOString(),
      bytesUp: MB,
      bytesDown: MB,
    }));
    render(<UsageChart buckets={hours} granularity="hour" />);
    const labels = [...screen.getByTestId('usage-chart-x-axis').querySelectorAll('text')].map(
      (text) => text.textContent,
    );
    // The last text is the axis title naming the zone.
    expect(labels.at(-1)).toBe('时间 (UTC+8)');
    const ticks = labels.slice(0, -1);
    // 11-character labels on 800 px leave room for every third hour, the last one kept.
    expect(ticks.length).toBeGreaterThan(4);
    expect(ticks.length).toBeLessThan(24);
    expect(ticks.at(-1)).toBe(axisLabel(hours[23]!.at, 'hour'));
    expect(ticks).toEqual(
      hours.map((bucket) => axisLabel(bucket.at, 'hour')).filter((label) => ticks.includes(label)),
    );
  });

  it('shows a bucket on hover', () => {
    render(<UsageChart buckets={buckets} granularity="hour" />);
    const drawing = screen.getByTestId('usage-chart').querySelector('svg')!;
    // The last bucket sits at the plot's right edge, 800 - 40.
    fireEvent.mouseMove(drawing, { clientX: 750, clientY: 100 });
    const tooltip = screen.getByTestId('usage-chart-tooltip');
    expect(tooltip).toHaveTextContent(bucketLabel(buckets[2]!.at, 'hour'));
    expect(tooltip).toHaveTextContent(`下载 : ${formatBytes(2 * GB)}`);
    expect(tooltip).toHaveTextContent(`上传 : ${formatBytes(412 * MB)}`);
    fireEvent.mouseLeave(drawing);
    expect(screen.queryByTestId('usage-chart-tooltip')).not.toBeInTheDocument();
  });

  it('shows a bucket on focus and moves between buckets with the arrow keys', () => {
    render(<UsageChart buckets={buckets} granularity="day" />);
    const chart = screen.getByRole('img', { name: '流量使用趋势图' });
    fireEvent.focus(chart);
    expect(screen.getByTestId('usage-chart-tooltip')).toHaveTextContent(
      bucketLabel(buckets[0]!.at, 'day'),
    );
    expect(screen.getByTestId('usage-chart-tooltip')).toHaveTextContent(`上传 : 100 MB`);
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(screen.getByTestId('usage-chart-tooltip')).toHaveTextContent('上传 : 412 MB');
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(screen.getByTestId('usage-chart-tooltip')).toHaveTextContent('下载 : 0 B');
    fireEvent.blur(chart);
    expect(screen.queryByTestId('usage-chart-tooltip')).not.toBeInTheDocument();
  });

  it('draws an empty axis when there is no data', () => {
    render(<UsageChart buckets={[]} granularity="day" />);
    expect(screen.getByTestId('usage-chart')).toBeInTheDocument();
    const yAxis = screen.getByTestId('usage-chart-y-axis');
    expect(yAxis.querySelectorAll('text')).toHaveLength(5);
    fireEvent.focus(screen.getByTestId('usage-chart'));
    expect(screen.queryByTestId('usage-chart-tooltip')).not.toBeInTheDocument();
  });
});
