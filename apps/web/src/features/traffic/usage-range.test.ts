import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { clampUsageRange, isDayOutOfRange, presetRange } from './usage-range.ts';

const now = dayjs('2026-11-22T10:30:00Z');

describe('usage ranges', () => {
  it('builds the presets back from now, counting the current hour or day as one', () => {
    const [from, to] = presetRange('last24Hours', now);
    expect(to.toISOString()).toBe(now.toISOString());
    // 11:00 yesterday to 10:30 today: 24 hour buckets, the last one still filling.
    expect(from.toISOString()).toBe(now.startOf('hour').subtract(23, 'hour').toISOString());
    expect(Math.ceil(to.diff(from, 'hour', true))).toBe(24);
    // Midnight 29 days back to now: 30 day buckets, today's included.
    const [monthFrom] = presetRange('last30Days', now);
    expect(monthFrom.toISOString()).toBe(now.startOf('day').subtract(29, 'day').toISOString());
    expect(now.startOf('day').diff(monthFrom, 'day') + 1).toBe(30);
    expect(presetRange('last7Days', now)[0].toISOString()).toBe(
      now.startOf('day').subtract(6, 'day').toISOString(),
    );
  });

  it('keeps ranges within the limit and clamps longer ones to the newest part', () => {
    const month = presetRange('last30Days', now);
    expect(clampUsageRange(month, 'hour')).toEqual({ range: month, clamped: false });

    const long: [dayjs.Dayjs, dayjs.Dayjs] = [now.subtract(90, 'day'), now];
    const hourly = clampUsageRange(long, 'hour');
    expect(hourly.clamped).toBe(true);
    expect(hourly.range[1].diff(hourly.range[0], 'day')).toBe(31);
    expect(clampUsageRange(long, 'day').clamped).toBe(false);
  });

  it('disables future days and days too far from the other end', () => {
    expect(isDayOutOfRange(now.add(1, 'day'), undefined, 'day', now)).toBe(true);
    expect(isDayOutOfRange(now, undefined, 'day', now)).toBe(false);
    expect(isDayOutOfRange(now.subtract(30, 'day'), now, 'hour', now)).toBe(false);
    expect(isDayOutOfRange(now.subtract(31, 'day'), now, 'hour', now)).toBe(true);
    expect(isDayOutOfRange(now.subtract(31, 'day'), now, 'day', now)).toBe(false);
  });
});
