import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { clampUsageRange, isDayOutOfRange, presetRange } from './usage-range.ts';

const now = dayjs('2026-11-22T10:30:00Z');

describe('usage ranges', () => {
  it('builds the presets back from now', () => {
    const [from, to] = presetRange('last24Hours', now);
    expect(to.toISOString()).toBe(now.toISOString());
    expect(from.toISOString()).toBe('2026-11-21T10:30:00.000Z');
    expect(presetRange('last30Days', now)[0].toISOString()).toBe('2026-10-23T10:30:00.000Z');
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
