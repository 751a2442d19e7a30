// The browser's own zone must not matter: the process runs in Los Angeles.
process.env.TZ = 'America/Los_Angeles';

import { findZoneOffsets, writeZoneOffsets, type ZoneOffsets } from '@stratus/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  businessTimeZone,
  businessTimeZoneLabel,
  businessUtcOffset,
  formatBusinessTime,
  formatDateTime,
  setBusinessTimeZoneForTests,
} from './business-time.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const YEAR_START = Date.parse('2026-01-01T00:00:00Z');
const YEAR_END = Date.parse('2027-01-01T00:00:00Z');

/** `zone`'s offsets around 2026 as the server writes them, found by asking Intl (the old way). */
function offsetsOf(zone: string, from = YEAR_START - 30 * DAY_MS, to = YEAR_END + 30 * DAY_MS) {
  setBusinessTimeZoneForTests(zone);
  const offsets = findZoneOffsets(from, to, (time) => businessUtcOffset(time) * 60_000);
  setBusinessTimeZoneForTests(undefined);
  return offsets!;
}

/** What the console shows for `time` by Intl, and by the offsets. */
function bothWays(zone: string, offsets: ZoneOffsets, time: number) {
  const shown = () => [formatDateTime(new Date(time).toISOString()), businessUtcOffset(time)];
  setBusinessTimeZoneForTests(zone);
  const byIntl = shown();
  setBusinessTimeZoneForTests(zone, offsets);
  return { byIntl, byOffsets: shown() };
}

afterEach(() => {
  setBusinessTimeZoneForTests(undefined);
  document.head.querySelector('meta[name="business-time-zone"]')?.remove();
  vi.restoreAllMocks();
});

describe.each([
  // zone, changes in 2026 (daylight saving both ways, half and quarter hours, negative offsets)
  ['Asia/Shanghai', 0],
  ['America/Los_Angeles', 2],
  ['Australia/Lord_Howe', 2],
  ['Asia/Kathmandu', 0],
  ['America/St_Johns', 2],
  ['Europe/London', 2],
])('the business clock in %s by the offsets the server sends', (zone, changes) => {
  const offsets = offsetsOf(zone);

  it('finds the year’s changes', () => {
    const inYear = offsets.changes.filter(({ at }) => at >= YEAR_START && at < YEAR_END);
    expect(inYear).toHaveLength(changes);
  });

  it('shows what Intl shows every 3 hours and 7 minutes across the year', () => {
    for (let time = YEAR_START; time < YEAR_END; time += 3 * HOUR_MS + 7 * 60_000 + 1234) {
      const { byIntl, byOffsets } = bothWays(zone, offsets, time);
      expect(byOffsets, new Date(time).toISOString()).toEqual(byIntl);
    }
  });

  it('shows what Intl shows on both sides of each change, to the second', () => {
    for (const { at } of offsets.changes)
      for (const time of [at - 1000, at - 1, at, at + 999, at + 1000]) {
        const { byIntl, byOffsets } = bothWays(zone, offsets, time);
        expect(byOffsets, new Date(time).toISOString()).toEqual(byIntl);
      }
  });
});

describe('the offsets the page carries', () => {
  function writePage(zone: string, offsets: string | undefined) {
    const meta = document.createElement('meta');
    meta.name = 'business-time-zone';
    meta.content = zone;
    if (offsets !== undefined) meta.dataset.offsets = offsets;
    document.head.append(meta);
  }

  it('are used inside their window and Intl outside it', () => {
    // Deliberately wrong offsets (UTC for Shanghai) over November 2026 tell the two paths apart.
    const from = Date.parse('2026-11-01T00:00:00Z');
    const to = Date.parse('2026-12-01T00:00:00Z');
    writePage('Asia/Shanghai', writeZoneOffsets({ from, to, offset: 0, changes: [] }));
    expect(formatDateTime('2026-11-01T00:00:00Z')).toBe('2026-11-01 00:00:00');
    expect(formatDateTime('2026-11-30T23:59:59Z')).toBe('2026-11-30 23:59:59');
    expect(formatDateTime('2026-10-31T23:59:59Z')).toBe('2026-11-01 07:59:59');
    expect(formatDateTime('2026-12-01T00:00:00Z')).toBe('2026-12-01 08:00:00');
    expect(businessUtcOffset('2026-12-01T00:00:00Z')).toBe(480);
  });

  it.each([
    ['missing', undefined],
    ['unreplaced', '__BUSINESS_TIME_OFFSETS__'],
    ['empty', ''],
    ['out of order', '1790000000 1800000000 0 1795000000:60 1794000000:0'],
    ['past the window', '1790000000 1800000000 0 1800000000:60'],
    ['not an offset', '1790000000 1800000000 99999'],
    ['garbled', '1790000000 1800000000 0 x'],
  ])('are ignored when %s: Intl answers', (_, offsets) => {
    writePage('Asia/Shanghai', offsets);
    expect(formatDateTime('2026-11-23T17:30:00Z')).toBe('2026-11-24 01:30:00');
    expect(businessTimeZoneLabel(Date.parse('2026-11-23T17:30:00Z'))).toBe('UTC+8');
  });

  it('spare the first screen’s dates any Intl.DateTimeFormat with a time zone', () => {
    writePage('America/St_Johns', writeZoneOffsets(offsetsOf('America/St_Johns')));
    const constructed = vi.spyOn(Intl, 'DateTimeFormat');
    expect(formatDateTime('2026-11-23T17:30:00Z')).toBe('2026-11-23 14:00:00');
    expect(formatBusinessTime('2026-07-01T12:00:00Z', 'MM-DD HH:mm')).toBe('07-01 09:30');
    expect(businessTimeZoneLabel(Date.parse('2026-11-23T17:30:00Z'))).toBe('UTC-3:30');
    expect(constructed).not.toHaveBeenCalled();
    // dayjs (pickers) is given the zone's name, checked by Intl there.
    expect(businessTimeZone()).toBe('America/St_Johns');
    expect(constructed.mock.calls.map(([, options]) => options?.timeZone)).toEqual([
      'America/St_Johns',
    ]);
  });

  it('with a zone this browser does not know: the offsets inside, the default outside', () => {
    const from = Date.parse('2026-11-01T00:00:00Z');
    const to = Date.parse('2026-12-01T00:00:00Z');
    writePage('Mars/Olympus_Mons', writeZoneOffsets({ from, to, offset: 60, changes: [] }));
    expect(formatDateTime('2026-11-23T17:30:00Z')).toBe('2026-11-23 18:30:00');
    expect(businessTimeZone()).toBe('Asia/Shanghai');
    expect(formatDateTime('2026-12-23T17:30:00Z')).toBe('2026-12-24 01:30:00');
  });
});
