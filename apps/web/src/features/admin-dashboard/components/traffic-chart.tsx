import type { DashboardTrafficDay } from '@stratus/contract';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { byteUnitFor, formatBytes } from '../../../shared/format/bytes.ts';
import { inDrawingOrder } from '../../../shared/ui/chart-legend.ts';
import { roundTicks } from '../../traffic/public.ts';
import { CHART_HEIGHT, dayTick, INITIAL_CHART_SIZE } from './chart-axis.ts';
import { TIME_AXIS_HEIGHT, timeAxisLabel } from '../../../shared/ui/chart-time-axis.ts';

/** Static-IP and dynamic bytes per day, stacked, on an axis in the unit of the largest day. */
export function TrafficChart({ series }: { series: DashboardTrafficDay[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const largest = Math.max(0, ...series.map((day) => day.staticBytes + day.dynamicBytes));
  const unit = byteUnitFor(largest);
  const ticks = roundTicks(largest / unit.size);
  const bars = [
    { key: 'staticBytes', name: t('adminDashboard.chart.static'), colour: token.colorPrimary },
    { key: 'dynamicBytes', name: t('adminDashboard.chart.dynamic'), colour: token.colorSuccess },
  ] as const;
  return (
    <div
      role="img"
      aria-label={t('adminDashboard.chart.traffic.label')}
      data-testid="traffic-chart"
    >
      <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={INITIAL_CHART_SIZE}>
        <BarChart data={series} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" />
          <XAxis
            dataKey="day"
            tickFormatter={dayTick}
            tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
            stroke={token.colorBorder}
            minTickGap={24}
            height={TIME_AXIS_HEIGHT}
            label={timeAxisLabel('day', token.colorTextSecondary)}
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
            formatter={(value) => formatBytes(Number(value) * unit.size)}
            contentStyle={{
              borderRadius: token.borderRadius,
              borderColor: token.colorBorderSecondary,
            }}
          />
          <Legend itemSorter={inDrawingOrder(bars.map((bar) => bar.name))} />
          {bars.map((bar) => (
            <Bar
              key={bar.key}
              dataKey={(day: DashboardTrafficDay) => day[bar.key] / unit.size}
              name={bar.name}
              stackId="traffic"
              fill={bar.colour}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
