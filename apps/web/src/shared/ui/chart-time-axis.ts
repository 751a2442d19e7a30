import { timeAxisTitle } from '../format/time-zone-title.ts';

/** Room under a chart's time axis for its ticks and, below them, the title naming the zone. */
export const TIME_AXIS_HEIGHT = 48;

/**
 * A recharts time axis's `label`: "时间 (UTC+8)" under the ticks, so a chart names the business
 * time zone its hours and days are in, as date columns and detail fields do.
 */
export function timeAxisLabel(axis: 'time' | 'day', colour: string) {
  return {
    value: timeAxisTitle(axis),
    position: 'insideBottom' as const,
    fill: colour,
    fontSize: 12,
  };
}
