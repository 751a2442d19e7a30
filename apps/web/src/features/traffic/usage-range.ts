import { MAX_USAGE_RANGE_DAYS, type UsageGranularity } from '@stratus/contract';
import type { Dayjs } from 'dayjs';
import { businessNow } from '../../shared/format/date.ts';

/** A usage window: inclusive start, exclusive end, as business wall-clock values. */
export type UsageRange = [Dayjs, Dayjs];

export const usageRangePresets = ['last24Hours', 'last7Days', 'last30Days'] as const;
export type UsageRangePreset = (typeof usageRangePresets)[number];

const presetSpans: Record<UsageRangePreset, [number, 'hour' | 'day']> = {
  last24Hours: [24, 'hour'],
  last7Days: [7, 'day'],
  last30Days: [30, 'day'],
};

/**
 * The last N hours or days counting the current one: from the start of the hour (day) N − 1 back
 * until now. Exactly N buckets, so "last 24 hours" is 24 rows, a day on one page, rather than 25
 * (a part hour at each end).
 */
export function presetRange(preset: UsageRangePreset, now: Dayjs = businessNow()): UsageRange {
  const [amount, unit] = presetSpans[preset];
  return [now.startOf(unit).subtract(amount - 1, unit), now];
}

/** The granularity's longest span, in days (the contract's limit). */
export function maxRangeDays(granularity: UsageGranularity): number {
  return MAX_USAGE_RANGE_DAYS[granularity];
}

/**
 * Keeps a range within the granularity's limit by moving its start forward, so the newest usage
 * stays in view. `clamped` tells the caller to say so.
 */
export function clampUsageRange(
  range: UsageRange,
  granularity: UsageGranularity,
): { range: UsageRange; clamped: boolean } {
  const [from, to] = range;
  const earliest = to.subtract(maxRangeDays(granularity), 'day');
  if (!from.isBefore(earliest)) return { range, clamped: false };
  return { range: [earliest, to], clamped: true };
}

/** Whether a calendar day may be picked, given the other end already picked. */
export function isDayOutOfRange(
  day: Dayjs,
  otherEnd: Dayjs | undefined,
  granularity: UsageGranularity,
  now: Dayjs = businessNow(),
): boolean {
  if (day.isAfter(now, 'day')) return true;
  if (!otherEnd) return false;
  return (
    Math.abs(day.startOf('day').diff(otherEnd.startOf('day'), 'day')) >= maxRangeDays(granularity)
  );
}
