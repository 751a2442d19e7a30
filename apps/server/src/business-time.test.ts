import { afterEach, describe, expect, it } from 'vitest';
import {
  businessDayOf,
  businessTimeBounds,
  businessTimeZone,
  businessTimeZoneLabel,
  DEFAULT_BUSINESS_TIME_ZONE,
  endOfBusinessDay,
  formatAlipayTime,
  formatBusinessTime,
  isKnownTimeZone,
  parseAlipayTime,
  startOfBusinessDay,
  startOfBusinessMonth,
  useBusinessTimeZone,
  zoneOffsetMs,
  zoneOffsetsAround,
} from './business-time.ts';
import { bucketStarts } from './modules/usage/public.ts';

const HOUR_MS = 3_600_000;
const LOS_ANGELES = 'America/Los_Angeles';
const utc = (text: string) => new Date(`${text}Z`);

afterEach(() => useBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE));

describe('business time in Asia/Shanghai (fixed UTC+8)', () => {
  it('turns the day at 16:00 UTC', () => {
    expect(formatBusinessTime(utc('2026-11-23T15:59:59'))).toBe('2026-11-23 23:59:59');
    expect(formatBusinessTime(utc('2026-11-23T16:00:00'))).toBe('2026-11-24 00:00:00');
    expect(businessDayOf(utc('2026-11-23T17:30:00'))).toBe('2026-11-24');
    expect(startOfBusinessDay('2026-11-24').toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(endOfBusinessDay('2026-11-24').toISOString()).toBe('2026-11-24T16:00:00.000Z');
  });

  it('makes a bare date filter the whole day, its end excluded; an ISO time stays as given', () => {
    expect(businessTimeBounds({ from: '2026-11-24', to: '2026-11-24' })).toEqual({
      from: new Date('2026-11-23T16:00:00Z'),
      to: new Date('2026-11-24T16:00:00Z'),
      toInclusive: false,
    });
    expect(businessTimeBounds({ to: '2026-11-24T12:00:00Z' })).toEqual({
      to: new Date('2026-11-24T12:00:00Z'),
      toInclusive: true,
    });
  });

  it('starts a month at its first midnight, across the year end', () => {
    expect(startOfBusinessMonth(utc('2026-03-31T16:00:00')).toISOString()).toBe(
      '2026-03-31T16:00:00.000Z',
    );
    expect(startOfBusinessMonth(utc('2026-03-31T15:59:59')).toISOString()).toBe(
      '2026-02-28T16:00:00.000Z',
    );
    expect(startOfBusinessMonth(utc('2026-12-15T00:00:00'), 1).toISOString()).toBe(
      '2026-12-31T16:00:00.000Z',
    );
  });
});

describe('business time in America/Los_Angeles (daylight saving)', () => {
  it('reads the offset of the moment: -8 h in winter, -7 h in summer', () => {
    expect(zoneOffsetMs(utc('2026-01-15T12:00:00'), LOS_ANGELES)).toBe(-8 * HOUR_MS);
    expect(zoneOffsetMs(utc('2026-07-15T12:00:00'), LOS_ANGELES)).toBe(-7 * HOUR_MS);
  });

  it('has a 23-hour day when the clocks spring forward (2026-03-08)', () => {
    const start = startOfBusinessDay('2026-03-08', LOS_ANGELES);
    const end = endOfBusinessDay('2026-03-08', LOS_ANGELES);
    expect(start.toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(23 * HOUR_MS);
    // 01:59:59 PST is followed by 03:00:00 PDT.
    expect(formatBusinessTime(utc('2026-03-08T09:59:59'), LOS_ANGELES)).toBe('2026-03-08 01:59:59');
    expect(formatBusinessTime(utc('2026-03-08T10:00:00'), LOS_ANGELES)).toBe('2026-03-08 03:00:00');
  });

  it('has a 25-hour day when the clocks fall back (2026-11-01)', () => {
    const start = startOfBusinessDay('2026-11-01', LOS_ANGELES);
    const end = endOfBusinessDay('2026-11-01', LOS_ANGELES);
    expect(start.toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-02T08:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(25 * HOUR_MS);
    // 01:30 happens twice: once in PDT, once in PST; both are that day.
    expect(formatBusinessTime(utc('2026-11-01T08:30:00'), LOS_ANGELES)).toBe('2026-11-01 01:30:00');
    expect(formatBusinessTime(utc('2026-11-01T09:30:00'), LOS_ANGELES)).toBe('2026-11-01 01:30:00');
  });

  it('starts a month at local midnight in either season', () => {
    expect(startOfBusinessMonth(utc('2026-03-15T12:00:00'), 0, LOS_ANGELES).toISOString()).toBe(
      '2026-03-01T08:00:00.000Z',
    );
    expect(startOfBusinessMonth(utc('2026-03-15T12:00:00'), 1, LOS_ANGELES).toISOString()).toBe(
      '2026-04-01T07:00:00.000Z',
    );
    // 23:30 on 31 March in Los Angeles is already April in UTC, but still March here.
    expect(startOfBusinessMonth(utc('2026-04-01T06:30:00'), 0, LOS_ANGELES).toISOString()).toBe(
      '2026-03-01T08:00:00.000Z',
    );
  });

  it('buckets usage by the configured zone’s days, 23 and 25 hours long at the changes', () => {
    useBusinessTimeZone(LOS_ANGELES);
    expect(businessTimeZone()).toBe(LOS_ANGELES);
    const spring = bucketStarts(
      Date.parse('2026-03-07T12:00:00Z'),
      Date.parse('2026-03-10T00:00:00Z'),
      'day',
    ).map((start) => new Date(start).toISOString());
    expect(spring).toEqual([
      '2026-03-07T08:00:00.000Z',
      '2026-03-08T08:00:00.000Z',
      '2026-03-09T07:00:00.000Z',
    ]);
    const autumn = bucketStarts(
      Date.parse('2026-11-01T07:00:00Z'),
      Date.parse('2026-11-03T00:00:00Z'),
      'day',
    ).map((start) => new Date(start).toISOString());
    expect(autumn).toEqual(['2026-11-01T07:00:00.000Z', '2026-11-02T08:00:00.000Z']);
  });
});

describe('the configured zone', () => {
  it('accepts IANA names and refuses anything else', () => {
    for (const zone of ['Asia/Shanghai', 'America/Los_Angeles', 'UTC', 'Europe/London']) {
      expect(isKnownTimeZone(zone)).toBe(true);
    }
    for (const zone of ['Mars/Olympus', '+08:00', "Asia/Shanghai'; drop table users; --", '']) {
      expect(isKnownTimeZone(zone)).toBe(false);
    }
    expect(() => useBusinessTimeZone('Mars/Olympus')).toThrow(/unknown time zone/);
  });

  it('is what the functions use unless told another', () => {
    useBusinessTimeZone(LOS_ANGELES);
    expect(businessDayOf(utc('2026-11-23T17:30:00'))).toBe('2026-11-23');
    useBusinessTimeZone('Asia/Shanghai');
    expect(businessDayOf(utc('2026-11-23T17:30:00'))).toBe('2026-11-24');
  });
});

describe('Alipay times', () => {
  it('stay Beijing time whatever the business zone is', () => {
    useBusinessTimeZone(LOS_ANGELES);
    expect(formatAlipayTime(utc('2026-11-23T17:30:00'))).toBe('2026-11-24 01:30:00');
    expect(parseAlipayTime('2026-11-24 01:30:00')?.toISOString()).toBe('2026-11-23T17:30:00.000Z');
  });

  it('reads only real times in its own shape', () => {
    for (const text of ['2026-02-31 10:00:00', '2026-11-24T01:30:00', '', undefined]) {
      expect(parseAlipayTime(text)).toBeUndefined();
    }
  });
});

describe('the zone as people read it', () => {
  it('is named as the console names it: by its offset, UTC itself plainly', () => {
    expect(businessTimeZoneLabel(utc('2026-01-15T12:00:00'))).toBe('UTC+8');
    expect(businessTimeZoneLabel(utc('2026-01-15T12:00:00'), LOS_ANGELES)).toBe('UTC-8');
    expect(businessTimeZoneLabel(utc('2026-07-15T12:00:00'), LOS_ANGELES)).toBe('UTC-7');
    expect(businessTimeZoneLabel(utc('2026-07-15T12:00:00'), 'Asia/Kolkata')).toBe('UTC+5:30');
    expect(businessTimeZoneLabel(utc('2026-07-15T12:00:00'), 'UTC')).toBe('UTC');
    expect(businessTimeZoneLabel(utc('2026-07-15T12:00:00'), 'Europe/London')).toBe('UTC+1');
    expect(businessTimeZoneLabel(utc('2026-01-15T12:00:00'), 'Europe/London')).toBe('UTC');
  });
});

describe('formatBusinessTime against Intl itself', () => {
  const intl = (zone: string) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });

  /** What Intl alone shows for `time` in `zone`, as `formatBusinessTime` writes it. */
  function byIntl(time: Date, format: Intl.DateTimeFormat): string {
    const parts = Object.fromEntries(
      format.formatToParts(time).map((part) => [part.type, part.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  }

  it.each([
    // Spring forward and fall back at 10:00 and 09:00 UTC.
    [LOS_ANGELES, '2026-03-08T09:40:00', '2026-11-01T08:40:00'],
    // A half-hour change of daylight saving (02:00 → 01:30 local at 15:00 UTC, and back).
    ['Australia/Lord_Howe', '2026-04-04T14:40:00', '2026-10-03T15:10:00'],
    // An offset of 5:45, and one with seconds (Monrovia, −0:44:30, until 1972).
    ['Asia/Kathmandu', '2026-11-24T18:00:00', '2026-11-24T18:20:00'],
    ['Africa/Monrovia', '1972-01-06T23:50:00', '1972-01-07T00:30:00'],
  ])('reads what Intl reads every 7.5 s around the changes in %s', (zone, ...starts) => {
    const format = intl(zone);
    for (const start of starts) {
      for (let step = 0; step < 480; step += 1) {
        // 7.5 s steps cover every quarter hour's ends, halves of seconds included.
        const time = new Date(utc(start).getTime() + step * 7_500);
        expect(formatBusinessTime(time, zone), time.toISOString()).toBe(byIntl(time, format));
      }
    }
  });
});

describe('the offsets written into the console’s page', () => {
  const DAY_MS = 24 * HOUR_MS;
  const now = utc('2026-11-25T10:35:00');

  it.each([
    // zone, the changes from 2025-10-21 to 2027-12-27
    ['Asia/Shanghai', 0],
    [LOS_ANGELES, 5],
    ['Australia/Lord_Howe', 4],
    ['Asia/Kathmandu', 0],
    ['America/St_Johns', 5],
    ['Europe/London', 5],
  ])('are %s’s as Intl has them, each change to the second', (zone, changes) => {
    const offsets = zoneOffsetsAround(now, zone)!;
    const today = utc('2026-11-25T00:00:00').getTime();
    expect([offsets.from, offsets.to]).toEqual([today - 400 * DAY_MS, today + 401 * DAY_MS]);
    expect(offsets.offset * 60_000).toBe(zoneOffsetMs(offsets.from, zone));
    expect(offsets.changes).toHaveLength(changes);
    let previous = offsets.offset;
    for (const { at, offset } of offsets.changes) {
      expect(offset).not.toBe(previous);
      expect(zoneOffsetMs(at - 1000, zone), new Date(at).toISOString()).toBe(previous * 60_000);
      expect(zoneOffsetMs(at, zone), new Date(at).toISOString()).toBe(offset * 60_000);
      expect(zoneOffsetMs(at + 1000, zone), new Date(at).toISOString()).toBe(offset * 60_000);
      previous = offset;
    }
    // Between changes, none missed: the offset every day is the one last announced.
    for (let time = offsets.from; time < offsets.to; time += DAY_MS) {
      const announced = offsets.changes.findLast(({ at }) => at <= time)?.offset ?? offsets.offset;
      expect(zoneOffsetMs(time, zone), new Date(time).toISOString()).toBe(announced * 60_000);
    }
  });

  it('are the same all day and move with the day', () => {
    const morning = zoneOffsetsAround(utc('2026-11-25T00:00:00'), LOS_ANGELES);
    expect(zoneOffsetsAround(utc('2026-11-25T23:59:59'), LOS_ANGELES)).toEqual(morning);
    expect(zoneOffsetsAround(utc('2026-11-26T00:00:00'), LOS_ANGELES)!.from).toBe(
      morning!.from + DAY_MS,
    );
  });

  it('are none for a zone whose offset is not whole minutes (Monrovia, −0:44:30, until 1972)', () => {
    expect(zoneOffsetsAround(utc('1971-06-01T00:00:00'), 'Africa/Monrovia', 30)).toBeUndefined();
    expect(zoneOffsetsAround(utc('1973-06-01T00:00:00'), 'Africa/Monrovia', 30)).toEqual({
      from: utc('1973-05-02T00:00:00').getTime(),
      to: utc('1973-07-02T00:00:00').getTime(),
      offset: 0,
      changes: [],
    });
  });
});
