import type { NodeHeartbeatPoint } from '@stratus/contract';
import { theme } from 'antd';
import dayjs from 'dayjs';
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

const HEIGHT = 200;
// Before the container is measured (and in tests, where nothing is), draw at this size.
const INITIAL_SIZE = { width: 560, height: HEIGHT };

export interface ChartLine {
  name: string;
  value: (point: NodeHeartbeatPoint) => number;
  colour: string;
}

interface HeartbeatChartProps {
  title: string;
  points: NodeHeartbeatPoint[];
  lines: ChartLine[];
  /** How an axis tick and a tooltip value read (`1.5 MB/s`, `3.2%`). */
  format: (value: number) => string;
}

/** One heartbeat figure over the last day, minute by minute, in the viewer's clock. */
export function HeartbeatChart({ title, points, lines, format }: HeartbeatChartProps) {
  const { token } = theme.useToken();
  return (
    <div role="img" aria-label={title}>
      <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={INITIAL_SIZE}>
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" />
          <XAxis
            dataKey="minute"
            tickFormatter={(value: string) => dayjs(value).format('HH:mm')}
            tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
            stroke={token.colorBorder}
            minTickGap={32}
          />
          <YAxis
            tickFormatter={format}
            tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
            stroke={token.colorBorder}
            width={80}
            allowDecimals={false}
          />
          <Tooltip
            labelFormatter={(label) => dayjs(String(label)).format('YYYY-MM-DD HH:mm')}
            formatter={(value) => format(Number(value))}
            contentStyle={{
              borderRadius: token.borderRadius,
              borderColor: token.colorBorderSecondary,
            }}
          />
          {lines.length > 1 && <Legend />}
          {lines.map((line) => (
            <Line
              key={line.name}
              type="monotone"
              dataKey={line.value}
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
