import type { UsageBucket, UsageGranularity } from '@stratus/contract';
import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { byteUnitFor, formatBytes } from '../../../shared/format/bytes.ts';
import { TIME_AXIS_HEIGHT } from '../../../shared/ui/chart-time-axis.ts';
import { useElementWidth } from '../../../shared/ui/use-element-width.ts';
import { roundTicks } from '../chart-ticks.ts';
import { axisLabel, bucketLabel } from '../usage-labels.ts';
import styles from './usage-chart.module.css';
import {
  areaPath,
  bucketXs,
  estimatedLabelWidth,
  linePath,
  nearestIndex,
  spacedLabelIndexes,
  stackBuckets,
  valueY,
  type PlotArea,
} from './usage-chart-geometry.ts';
import { UsageChartFrame } from './usage-chart-frame.tsx';
import { UsageChartLegend } from './usage-chart-legend.tsx';
import { UsageChartTooltip } from './usage-chart-tooltip.tsx';

export const USAGE_CHART_HEIGHT = 280;
// Before the container is measured (and in tests, where nothing is), draw at this width.
const INITIAL_WIDTH = 800;
const LEGEND_HEIGHT = 26;
const Y_AXIS_WIDTH = 72;
// Room on the right for half of the last hour's label, which is centred on its tick.
const MARGIN = { top: 8, right: 40, left: 8 };
const MIN_LABEL_GAP = 24;

// The console theme's colours (app/theme.ts and Ant Design's defaults under it), written out so
// the chart needs no Ant Design: the overview draws it without.
const token = {
  colorPrimary: '#2563eb',
  colorSuccess: '#52c41a',
  colorBorder: '#d9d9d9',
  colorBorderSecondary: '#f0f0f0',
  colorTextSecondary: '#5f6673',
};

interface UsageChartProps {
  buckets: UsageBucket[];
  granularity: UsageGranularity;
  height?: number;
}

/**
 * Upload and download per bucket, stacked, in the theme's colours: plain SVG, so the page that
 * shows it loads no chart library. Hover or focus (then ← →) shows a bucket's values.
 */
export function UsageChart({ buckets, granularity, height = USAGE_CHART_HEIGHT }: UsageChartProps) {
  const { t } = useTranslation();
  const gradientId = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>(INITIAL_WIDTH);
  const [active, setActive] = useState<number>();

  // The axis counts in the unit of the largest bucket, so its ticks are round numbers of it.
  const largest = Math.max(0, ...buckets.map((bucket) => bucket.bytesUp + bucket.bytesDown));
  const unit = byteUnitFor(largest);
  const ticks = roundTicks(largest / unit.size);
  const top = ticks.at(-1)!;
  const drawingHeight = height - LEGEND_HEIGHT;
  const plot: PlotArea = {
    left: MARGIN.left + Y_AXIS_WIDTH,
    right: Math.max(MARGIN.left + Y_AXIS_WIDTH + 1, width - MARGIN.right),
    top: MARGIN.top,
    bottom: drawingHeight - TIME_AXIS_HEIGHT,
  };
  const xs = bucketXs(buckets.length, plot);
  const stacks = stackBuckets(buckets, unit.size);
  const labels = buckets.map((bucket) => axisLabel(bucket.at, granularity));
  const shownLabels = spacedLabelIndexes(xs, labels.map(estimatedLabelWidth), MIN_LABEL_GAP);
  const y = (value: number) => valueY(value, top, plot);
  const baseline = xs.map((x) => [x, y(0)] as const);
  const downloadEdge = xs.map((x, index) => [x, y(stacks[index]!.downloadTop)] as const);
  const uploadEdge = xs.map((x, index) => [x, y(stacks[index]!.uploadTop)] as const);
  // Bottom first: the order of the stack, the legend and the tooltip.
  const series = [
    {
      key: 'bytesDown',
      name: t('traffic.usage.download'),
      colour: token.colorPrimary,
      upper: downloadEdge,
      lower: baseline,
    },
    {
      key: 'bytesUp',
      name: t('traffic.usage.upload'),
      colour: token.colorSuccess,
      upper: uploadEdge,
      lower: downloadEdge,
    },
  ] as const;

  const activeBucket = active === undefined ? undefined : buckets[active];
  const hover = (event: MouseEvent<SVGSVGElement>) => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    setActive(nearestIndex(xs, x));
  };
  const step = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1 };
    const move = moves[event.key];
    if (move === undefined || buckets.length === 0) return;
    event.preventDefault();
    setActive((current) => Math.min(buckets.length - 1, Math.max(0, (current ?? 0) + move)));
  };

  return (
    <div
      ref={ref}
      className={styles.chart}
      style={{ height }}
      data-testid="usage-chart"
      aria-label={t('traffic.usage.chartLabel')}
      role="img"
      tabIndex={0}
      onFocus={() => setActive((current) => current ?? (buckets.length > 0 ? 0 : undefined))}
      onBlur={() => setActive(undefined)}
      onKeyDown={step}
    >
      <svg
        className={styles.drawing}
        width={width}
        height={drawingHeight}
        onMouseMove={hover}
        onMouseLeave={() => setActive(undefined)}
      >
        <defs>
          {series.map((item) => (
            <linearGradient
              key={item.key}
              id={`${gradientId}-${item.key}`}
              x1="0"
              y1="0"
              x2="0"
              y2="1"
            >
              <stop offset="5%" stopColor={item.colour} stopOpacity={0.35} />
              <stop offset="95%" stopColor={item.colour} stopOpacity={0.05} />
            </linearGradient>
          ))}
        </defs>
        <UsageChartFrame
          plot={plot}
          yTicks={ticks.map((tick) => ({ label: `${tick} ${unit.label}`, y: y(tick) }))}
          xTicks={shownLabels.map((index) => ({ label: labels[index]!, x: xs[index]! }))}
          titleY={drawingHeight - 5}
          colours={{
            grid: token.colorBorderSecondary,
            axis: token.colorBorder,
            text: token.colorTextSecondary,
          }}
        />
        {series.map((item) => (
          <g key={item.key} data-testid={`usage-chart-area-${item.key}`}>
            <path d={areaPath(item.upper, item.lower)} fill={`url(#${gradientId}-${item.key})`} />
            <path d={linePath(item.upper)} fill="none" stroke={item.colour} strokeWidth={1} />
          </g>
        ))}
        {active !== undefined && (
          <g>
            <line x1={xs[active]} x2={xs[active]} y1={plot.top} y2={plot.bottom} stroke="#ccc" />
            {series.map((item) => (
              <circle
                key={item.key}
                cx={xs[active]}
                cy={item.upper[active]![1]}
                r={4}
                fill={item.colour}
                stroke="#fff"
                strokeWidth={2}
              />
            ))}
          </g>
        )}
      </svg>
      <UsageChartLegend series={series} />
      {active !== undefined && activeBucket && (
        <UsageChartTooltip
          label={bucketLabel(activeBucket.at, granularity)}
          rows={series.map((item) => ({
            name: item.name,
            colour: item.colour,
            value: formatBytes(activeBucket[item.key]),
          }))}
          x={xs[active]!}
          top={plot.top}
          chartWidth={width}
        />
      )}
    </div>
  );
}
