import type { DashboardMoneyDay } from '@stratus/contract';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { inDrawingOrder } from '../../../shared/ui/chart-legend.ts';
import { formatFigure } from '../money-text.ts';
import { CHART_HEIGHT, dayTick, INITIAL_CHART_SIZE } from './chart-axis.ts';
import { TIME_AXIS_HEIGHT, timeAxisLabel } from '../../../shared/ui/chart-time-axis.ts';

/** Paid top-ups per day as bars, net sales per day as a line, in yuan. */
export function RevenueChart({ series }: { series: DashboardMoneyDay[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const names = [t('adminDashboard.money.revenue'), t('adminDashboard.money.netSales')];
  return (
    <div
      role="img"
      aria-label={t('adminDashboard.chart.revenue.label')}
      data-testid="revenue-chart"
    >
      <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={INITIAL_CHART_SIZE}>
        <ComposedChart data={series} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
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
            tickFormatter={(value: number) => formatFigure(value).replace('.00', '')}
            tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
            stroke={token.colorBorder}
            width={72}
          />
          <Tooltip
            formatter={(value) => formatFigure(Number(value))}
            contentStyle={{
              borderRadius: token.borderRadius,
              borderColor: token.colorBorderSecondary,
            }}
          />
          <Legend itemSorter={inDrawingOrder(names)} />
          <Bar
            dataKey="revenue"
            name={names[0]}
            fill={token.colorPrimary}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
          <Line
            dataKey="netSales"
            name={names[1]}
            stroke={token.colorWarning}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
