import type { UsageBucket } from '@stratus/contract';

/** Where the plot sits inside the drawing: room for the y labels left, the time axis below. */
export interface PlotArea {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** One bucket's stack, in axis units: download from 0, upload on top of it. */
export interface StackedBucket {
  downloadTop: number;
  uploadTop: number;
}

/**
 * The stack drawn for each bucket, in the axis unit (`unitSize` bytes): download at the bottom,
 * upload on it, so the upper edge is the bucket's whole traffic.
 */
export function stackBuckets(buckets: readonly UsageBucket[], unitSize: number): StackedBucket[] {
  return buckets.map((bucket) => ({
    downloadTop: bucket.bytesDown / unitSize,
    uploadTop: (bucket.bytesDown + bucket.bytesUp) / unitSize,
  }));
}

/** Each bucket's x: evenly from the plot's left edge to its right one (one bucket: the middle). */
export function bucketXs(count: number, plot: PlotArea): number[] {
  if (count === 1) return [(plot.left + plot.right) / 2];
  const step = (plot.right - plot.left) / Math.max(1, count - 1);
  return Array.from({ length: count }, (_, index) => plot.left + index * step);
}

/** A value's y on an axis from 0 (the plot's bottom) to `max` (its top). */
export function valueY(value: number, max: number, plot: PlotArea): number {
  return plot.bottom - (max > 0 ? value / max : 0) * (plot.bottom - plot.top);
}

/** The bucket nearest to `x`, or undefined when there are none. */
export function nearestIndex(xs: readonly number[], x: number): number | undefined {
  let best: number | undefined;
  xs.forEach((candidate, index) => {
    if (best === undefined || Math.abs(candidate - x) < Math.abs(xs[best]! - x)) best = index;
  });
  return best;
}

// A 12 px label's digits and dashes are at most about 7 px wide: an estimate on the safe side,
// so the same labels are skipped in every browser and in tests, where nothing is measured.
const CHARACTER_WIDTH = 7;

export function estimatedLabelWidth(label: string): number {
  return label.length * CHARACTER_WIDTH;
}

/**
 * Which x labels to show so none overlaps the next and at least `gap` px parts them: the last
 * label always, then walking back, each that clears the one kept after it (what recharts calls
 * `preserveEnd` with a `minTickGap`).
 */
export function spacedLabelIndexes(
  xs: readonly number[],
  widths: readonly number[],
  gap: number,
): number[] {
  const kept: number[] = [];
  for (let index = xs.length - 1; index >= 0; index -= 1) {
    const next = kept.at(-1);
    const clears =
      next === undefined || xs[next]! - xs[index]! >= (widths[next]! + widths[index]!) / 2 + gap;
    if (clears) kept.push(index);
  }
  return kept.reverse();
}

/** A polyline through `points` as an SVG path. */
export function linePath(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${x},${y}`).join('');
}

/** An area between an upper and a lower edge (both left to right), closed. */
export function areaPath(
  upper: readonly (readonly [number, number])[],
  lower: readonly (readonly [number, number])[],
): string {
  if (upper.length === 0) return '';
  return `${linePath([...upper, ...[...lower].reverse()])}Z`;
}
