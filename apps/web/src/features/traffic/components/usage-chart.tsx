import type { UsageBucket, UsageGranularity } from '@stratus/contract';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { byteUnitFor, formatBytes } from '../../../shared/format/bytes.ts';
import { inDrawingOrder } from '../../../shared/ui/chart-legend.ts';
import { roundTicks } from '../chart-ticks.ts';
import { axisLabel, bucketLabel } from '../usage-labels.ts';
import { TIME_AXIS_HEIGHT, timeAxisLabel } from '../../../shared/ui/chart-time-axis.ts';

export const USAGE_CHART_HEIGHT = 280;
// Before the container is measured (and in tests, where nothing is), draw at this size.
const INITIAL_SIZE = { width: 800, height: USAGE_CHART_HEIGHT };

// The console theme's colours (app/theme.ts and Ant Design's defaults under it), written out so
// the chart needs no Ant Design: the overview draws it without.
const token = {
  colorPrimary: '#2563eb',
  colorSuccess: '#52c41a',
  colorBorder: '#d9d9d9',
  colorBorderSecondary: '#f0f0f0',
  colorTextSecondary: '#5f6673',
  borderRadius: 8,
};

interface UsageChartProps {
  buckets: UsageBucket[];
  granularity: UsageGranularity;
  height?: number;
}

/** Upload and download per bucket, stacked, in the theme's colours. */
export function UsageChart({ buckets, granularity, height = USAGE_CHART_HEIGHT }: UsageChartProps) {
  const { t } = useTranslation();
  const upload = t('traffic.usage.upload');
  const download = t('traffic.usage.download');
  // The axis counts in the unit of the largest bucket, so its ticks are round numbers of it.
  const largest = Math.max(0, ...buckets.map((bucket) => bucket.bytesUp + bucket.bytesDown));
  const unit = byteUnitFor(largest);
  const ticks = roundTicks(largest / unit.size);
  const series = [
    { key: 'bytesDown', name: download, colour: token.colorPrimary },
    { key: 'bytesUp', name: upload, colour: token.colorSuccess },
  ] as const;
  return (
    <div data-testid="usage-chart" aria-label={t('traffic.usage.chartLabel')} role="img">
      <ResponsiveContainer width="100%" height={height} initialDimension={INITIAL_SIZE}>
        {/* Room on the right for half of the last hour's label, which is centred on its tick. */}
        <AreaChart data={buckets} margin={{ top: 8, right: 40, bottom: 0, left: 8 }}>
          <defs>
            {series.map((item) => (
              <linearGradient key={item.key} id={`usage-${item.key}`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="5%" stopColor={item.colour} stopOpacity={0.35} />
                <stop offset="95%" stopColor={item.colour} stopOpacity={0.05} />
              </linearGradient>
            ))}
          </defs>
          <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" />
          <XAxis
            dataKey="at"
            tickFormatter={(value: string) => axisLabel(value, granularity)}
            tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
            stroke={token.colorBorder}
            minTickGap={24}
            height={TIME_AXIS_HEIGHT}
            label={timeAxisLabel('time', token.colorTextSecondary)}
          />
          <YAxis
            ticks={ticks}
            domain={[0, ticks.at(-1)!]}
            tickFormatter={(value: number) => `${value} ${unit.label}`}
            tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
            stroke={token.colorBorder}
            width={72}
          />
          <Tooltip
            labelFormatter={(label) => bucketLabel(String(label), granularity)}
            formatter={(value) => formatBytes(Number(value) * unit.size)}
            contentStyle={{
              borderRadius: token.borderRadius,
              borderColor: token.colorBorderSecondary,
            }}
          />
          <Legend itemSorter={inDrawingOrder(series.map((item) => item.name))} />
          {series.map((item) => (
            <Area
              key={item.key}
              type="monotone"
              dataKey={(bucket: UsageBucket) => bucket[item.key] / unit.size}
              name={item.name}
              stackId="usage"
              stroke={item.colour}
              fill={`url(#usage-${item.key})`}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
