// The browser's own zone must not matter: these run with the process in Los Angeles (UTC-8/-7)
// while the business is in Shanghai (UTC+8), where the two disagree on the day most evenings.
process.env.TZ = 'America/Los_Angeles';

import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  businessNow,
  businessTimeZone,
  businessTimeZoneLabel,
  formatBusinessTime,
  formatDate,
  formatDateTime,
  readBusinessTimeZone,
  setBusinessTimeZoneForTests,
  toDateParam,
  wallClockToIso,
} from './date.ts';

afterEach(() => {
  setBusinessTimeZoneForTests(undefined);
  document.head.querySelector('meta[name="business-time-zone"]')?.remove();
});

describe('dates in the business time zone', () => {
  it('runs in a browser zone other than the business one', () => {
    expect(new Date('2026-11-23T17:30:00Z').getTimezoneOffset()).toBe(480);
    expect(businessTimeZone()).toBe('Asia/Shanghai');
  });

  it('formats an API time on the business clock, not the browser’s', () => {
    expect(formatDateTime('2026-11-23T17:30:00Z')).toBe('2026-11-24 01:30:00');
    expect(formatDate('2026-11-23T17:30:00Z')).toBe('2026-11-24');
    expect(formatBusinessTime('2026-11-23T17:30:00Z', 'MM-DD HH:mm')).toBe('11-24 01:30');
    // The browser would have said the 23rd.
    expect(dayjs('2026-11-23T17:30:00Z').format('YYYY-MM-DD')).toBe('2026-11-23');
  });

  it('names the zone by its offset, for daylight-saving zones at the date shown', () => {
    expect(businessTimeZoneLabel()).toBe('UTC+8');
    setBusinessTimeZoneForTests('America/Los_Angeles');
    expect(businessTimeZoneLabel('2026-01-15T12:00:00Z')).toBe('UTC-8');
    expect(businessTimeZoneLabel('2026-07-15T12:00:00Z')).toBe('UTC-7');
    setBusinessTimeZoneForTests('Asia/Kolkata');
    expect(businessTimeZoneLabel()).toBe('UTC+5:30');
    setBusinessTimeZoneForTests('UTC');
    expect(businessTimeZoneLabel()).toBe('UTC');
  });

  it('turns picked wall-clock values into the instants and days the API takes', () => {
    const now = businessNow(Date.parse('2026-11-23T17:30:00Z'));
    expect(now.format('YYYY-MM-DD HH:mm')).toBe('2026-11-24 01:30');
    expect(toDateParam(now)).toBe('2026-11-24');
    expect(wallClockToIso(now.startOf('day'))).toBe('2026-11-23T16:00:00.000Z');
    setBusinessTimeZoneForTests('America/Los_Angeles');
    expect(wallClockToIso(dayjs('2026-03-08T00:00:00'))).toBe('2026-03-08T08:00:00.000Z');
    expect(wallClockToIso(dayjs('2026-03-09T00:00:00'))).toBe('2026-03-09T07:00:00.000Z');
  });

  it('writes times as dayjs would, without it: midnights, daylight saving, every zone', () => {
    // business-time.ts formats with Intl; the pickers and charts still compute with dayjs.
    const zones = ['Asia/Shanghai', 'America/Los_Angeles', 'Asia/Kolkata', 'UTC', 'Europe/London'];
    const instants = [
      '2026-11-23T16:00:00.000Z',
      '2026-03-08T09:59:59.999Z',
      '2026-03-08T10:00:00.000Z',
      '2026-11-01T08:30:00.000Z',
      '2026-12-31T23:59:59.000Z',
      '1999-01-01T00:00:00.000Z',
    ];
    for (const zone of zones) {
      setBusinessTimeZoneForTests(zone);
      for (const instant of instants) {
        const expected = dayjs(instant).tz(zone);
        expect(formatDateTime(instant)).toBe(expected.format('YYYY-MM-DD HH:mm:ss'));
        expect(formatDate(instant)).toBe(expected.format('YYYY-MM-DD'));
        const offset = expected.utcOffset();
        expect(businessTimeZoneLabel(instant)).toBe(
          offset === 0
            ? 'UTC'
            : `UTC${offset > 0 ? '+' : '-'}${Math.floor(Math.abs(offset) / 60)}${Math.abs(offset) % 60 ? `:${Math.abs(offset) % 60}` : ''}`,
        );
      }
    }
  });

  it('reads the zone the server wrote into the page, and falls back when it wrote none', () => {
    const meta = document.createElement('meta');
    meta.name = 'business-time-zone';
    meta.content = 'America/Los_Angeles';
    document.head.append(meta);
    expect(readBusinessTimeZone()).toBe('America/Los_Angeles');
    meta.content = '__BUSINESS_TIME_ZONE__';
    expect(readBusinessTimeZone()).toBe('Asia/Shanghai');
  });
});
