import type { NodeHeartbeatPoint } from '@stratus/contract';
import { theme } from 'antd';
import { formatBusinessTime } from '../../../shared/format/date.ts';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { byteUnitFor, formatBytes } from '../../../shared/format/bytes.ts';
import { inDrawingOrder } from '../../../shared/ui/chart-legend.ts';
import { chartRows, hourTicks, type ChartRow } from '../chart-rows.ts';
import { TIME_AXIS_HEIGHT, timeAxisLabel } from '../../../shared/ui/chart-time-axis.ts';

const HEIGHT = 200;
// Before the container is measured (and in tests, where nothing is), draw at this size.
const INITIAL_SIZE = { width: 560, height: HEIGHT };

export interface ChartLine {
  name: string;
  value: (point: NodeHeartbeatPoint) => number;
  colour: string;
}

/**
 * How the figure reads: a count, a percent, bytes or bytes per second. Bytes are drawn in the
 * unit of the largest value (`MB`), so the axis shows round numbers of it rather than of bytes.
 */
export type ChartScale = 'count' | 'percent' | 'bytes' | 'rate';

interface HeartbeatChartProps {
  title: string;
  points: NodeHeartbeatPoint[];
  lines: ChartLine[];
  scale: ChartScale;
  /** The window drawn (ms): the last day, whatever part of it had heartbeats. */
  from: number;
  to: number;
}

function axisFor(scale: ChartScale, largest: number, perSecond: string) {
  if (scale === 'count') return { size: 1, tick: (value: number) => String(value) };
  if (scale === 'percent') return { size: 1, tick: (value: number) => `${value}%` };
  const unit = byteUnitFor(largest);
  const suffix = scale === 'rate' ? perSecond : '';
  return { size: unit.size, tick: (value: number) => `${value} ${unit.label}${suffix}` };
}

/**
 * One heartbeat figure over the last day, minute by minute, in the viewer's clock; a silence of
 * the node is a gap in the line.
 */
export function HeartbeatChart({ title, points, lines, scale, from, to }: HeartbeatChartProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const largest = Math.max(0, ...points.flatMap((point) => lines.map((line) => line.value(point))));
  const axis = axisFor(scale, largest, t('adminNodes.perSecond', { amount: '' }));
  const rows = chartRows(
    points,
    lines.map((line) => (point) => line.value(point) / axis.size),
  );
  const exact = (value: number) => {
    if (scale === 'bytes') return formatBytes(value * axis.size, 1);
    if (scale === 'rate') {
      return t('adminNodes.perSecond', { amount: formatBytes(value * axis.size, 1) });
    }
    return axis.tick(Math.round(value * 100) / 100);
  };
  return (
    <div role="img" aria-label={title}>
      <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={INITIAL_SIZE}>
        <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" />
          <XAxis
            dataKey="at"
            type="number"
            scale="time"
            domain={[from, to]}
            ticks={hourTicks(from, to)}
            tickFormatter={(value: number) => formatBusinessTime(value, 'HH:mm')}
            tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
            stroke={token.colorBorder}
            height={TIME_AXIS_HEIGHT}
            label={timeAxisLabel('time', token.colorTextSecondary)}
          />
          <YAxis
            tickFormatter={axis.tick}
            tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
            stroke={token.colorBorder}
            width={80}
            allowDecimals={scale !== 'count'}
          />
          <Tooltip
            labelFormatter={(label) => formatBusinessTime(Number(label), 'YYYY-MM-DD HH:mm')}
            formatter={(value) => exact(Number(value))}
            contentStyle={{
              borderRadius: token.borderRadius,
              borderColor: token.colorBorderSecondary,
            }}
          />
          {lines.length > 1 && (
            <Legend itemSorter={inDrawingOrder(lines.map((line) => line.name))} />
          )}
          {lines.map((line, index) => (
            <Line
              key={line.name}
              type="monotone"
              dataKey={(row: ChartRow) => row.values[index]}
              name={line.name}
              stroke={line.colour}
              dot={false}
              strokeWidth={1.5}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
