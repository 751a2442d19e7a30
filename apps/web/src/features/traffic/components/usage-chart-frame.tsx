import { timeAxisTitle } from '../../../shared/format/time-zone-title.ts';
import type { PlotArea } from './usage-chart-geometry.ts';

const TICK_SIZE = 6;

interface UsageChartFrameProps {
  plot: PlotArea;
  /** The y ticks in the axis unit, with each tick's y. */
  yTicks: readonly { label: string; y: number }[];
  /** The x labels shown (the others skipped so none overlaps), with each one's x. */
  xTicks: readonly { label: string; x: number }[];
  /** Where the axis title's baseline sits: the bottom of the time axis's room. */
  titleY: number;
  colours: { grid: string; axis: string; text: string };
}

/**
 * The chart's dashed grid and its two axes with their labels, and the time axis's title naming
 * the business time zone, as recharts drew them.
 */
export function UsageChartFrame({ plot, yTicks, xTicks, titleY, colours }: UsageChartFrameProps) {
  return (
    <>
      <g stroke={colours.grid} strokeDasharray="3 3" data-testid="usage-chart-grid">
        {yTicks.map((tick) => (
          <line key={tick.label} x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} />
        ))}
        {xTicks.map((tick) => (
          <line key={tick.x} x1={tick.x} x2={tick.x} y1={plot.top} y2={plot.bottom} />
        ))}
      </g>
      <g fill={colours.text} stroke={colours.axis} fontSize={12} data-testid="usage-chart-y-axis">
        <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} />
        {yTicks.map((tick) => (
          <g key={tick.label}>
            <line x1={plot.left - TICK_SIZE} x2={plot.left} y1={tick.y} y2={tick.y} />
            <text
              x={plot.left - TICK_SIZE - 2}
              y={tick.y}
              dy="0.355em"
              textAnchor="end"
              stroke="none"
            >
              {tick.label}
            </text>
          </g>
        ))}
      </g>
      <g fill={colours.text} stroke={colours.axis} fontSize={12} data-testid="usage-chart-x-axis">
        <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
        {xTicks.map((tick) => (
          <g key={tick.x}>
            <line x1={tick.x} x2={tick.x} y1={plot.bottom} y2={plot.bottom + TICK_SIZE} />
            <text
              x={tick.x}
              y={plot.bottom + TICK_SIZE + 2}
              dy="0.71em"
              textAnchor="middle"
              stroke="none"
            >
              {tick.label}
            </text>
          </g>
        ))}
        <text x={(plot.left + plot.right) / 2} y={titleY} textAnchor="middle" stroke="none">
          {timeAxisTitle('time')}
        </text>
      </g>
    </>
  );
}
