// The node page's chart data: the minutes that had a heartbeat, with a break wherever minutes are
// missing (the node was offline), over a fixed window, so a silence shows as a gap rather than as
// a line drawn straight across it.
import type { NodeHeartbeatPoint } from '@stratus/contract';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** One row of a chart: the minute (ms) and each line's value, null at a break. */
export interface ChartRow {
  at: number;
  values: (number | null)[];
}

/**
 * A row per minute that had a heartbeat, oldest first, and after any silence longer than two
 * minutes a row without values, so the line breaks there.
 */
export function chartRows(
  points: NodeHeartbeatPoint[],
  readers: ((point: NodeHeartbeatPoint) => number)[],
): ChartRow[] {
  const rows: ChartRow[] = [];
  let previous: number | null = null;
  for (const point of points) {
    const at = Date.parse(point.minute);
    if (previous !== null && at - previous > 2 * MINUTE_MS) {
      rows.push({ at: previous + MINUTE_MS, values: readers.map(() => null) });
    }
    rows.push({ at, values: readers.map((read) => read(point)) });
    previous = at;
  }
  return rows;
}

/** Axis ticks on whole hours every `everyHours` within `from`..`to` (ms). */
export function hourTicks(from: number, to: number, everyHours = 4): number[] {
  const ticks: number[] = [];
  const step = everyHours * HOUR_MS;
  for (let at = Math.ceil(from / step) * step; at <= to; at += step) ticks.push(at);
  return ticks;
}
