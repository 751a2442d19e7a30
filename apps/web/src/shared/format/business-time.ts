// The business time zone and the way the console writes its times, without dayjs, so a first
// screen that only shows times (the overview's recent orders and announcements) loads no date
// library (issue 18). The server writes the zone's offsets around now beside its name: an instant
// among them is put on the business clock by adding minutes, with no Intl.DateTimeFormat, whose
// first use with a time zone loads the browser's zone data (~200 ms of a slow phone's first
// screen); any other instant is formatted by Intl. Pickers and charts, which compute with dates,
// use date.ts, which builds on this.

import {
  readZoneOffsets,
  wallClockAtOffset,
  zoneOffsetAt,
  type WallClock,
  type ZoneOffsets,
} from '@stratus/contract';

export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Shanghai';

function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

interface BusinessZone {
  name: string;
  /** The zone's offsets around the time the server wrote the page, when it wrote them. */
  offsets?: ZoneOffsets;
}

function readBusinessZone(document: Document | undefined): BusinessZone {
  const meta = document?.querySelector('meta[name="business-time-zone"]');
  const name = meta?.getAttribute('content');
  const offsets = readZoneOffsets(meta?.getAttribute('data-offsets'));
  // A name the server sent with its offsets is one it checked; asking Intl here would cost what
  // the offsets save (the browser loads its zone data for the first Intl with a time zone).
  if (name && offsets && /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return { name, offsets };
  // Unreplaced (`__BUSINESS_TIME_ZONE__`, the dev server) or unknown: the default.
  return { name: name && isKnownTimeZone(name) ? name : DEFAULT_BUSINESS_TIME_ZONE };
}

/**
 * The zone named by `<meta name="business-time-zone">`, or the default when there is none or this
 * browser does not know it.
 */
export function readBusinessTimeZone(document: Document | undefined = globalThis.document): string {
  return nameForIntl(readBusinessZone(document));
}

/** The zone's name, or the default when this browser does not know a name trusted unchecked. */
function nameForIntl({ name, offsets }: BusinessZone): string {
  return !offsets || isKnownTimeZone(name) ? name : DEFAULT_BUSINESS_TIME_ZONE;
}

let businessZone: BusinessZone | undefined;
/** The zone's name as Intl and dayjs are given it, once checked. */
let intlZone: string | undefined;

/** The business time zone and its offsets, read from the page once. */
function business(): BusinessZone {
  businessZone ??= readBusinessZone(globalThis.document);
  return businessZone;
}

/** The business time zone, read from the page once, as Intl knows it (dayjs asks Intl anyway). */
export function businessTimeZone(): string {
  // A name trusted beside its offsets is checked here, where Intl is asked anyway.
  intlZone ??= nameForIntl(business());
  return intlZone;
}

/** For tests: use `zone`, with `offsets` if given (undefined: read the page again). */
export function setBusinessTimeZoneForTests(zone: string | undefined, offsets?: ZoneOffsets): void {
  businessZone = zone === undefined ? undefined : { name: zone, offsets };
  intlZone = undefined;
}

type ClockFields = WallClock;

const clocks = new Map<string, Intl.DateTimeFormat>();

function intlClock(zone: string): Intl.DateTimeFormat {
  let clock = clocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clocks.set(zone, clock);
  }
  return clock;
}

/** The business clock's fields at an instant: by the page's offsets inside them, else by Intl. */
function businessClock(time: string | number | Date): ClockFields {
  const instant = new Date(time).getTime();
  const zone = business();
  const offset = zone.offsets && zoneOffsetAt(zone.offsets, instant);
  if (offset !== undefined) {
    return wallClockAtOffset(instant, offset * 60_000);
  }
  const fields: Record<string, number> = {};
  for (const part of intlClock(businessTimeZone()).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return fields as unknown as ClockFields;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

function dayOf({ year, month, day }: ClockFields): string {
  return `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** An ISO time from the API as `YYYY-MM-DD HH:mm:ss` in the business time zone. */
export function formatDateTime(iso: string): string {
  const clock = businessClock(iso);
  return `${dayOf(clock)} ${twoDigits(clock.hour)}:${twoDigits(clock.minute)}:${twoDigits(clock.second)}`;
}

/** An ISO time from the API as its business day, `YYYY-MM-DD`. */
export function formatDate(iso: string): string {
  return dayOf(businessClock(iso));
}

const PATTERN_TOKENS = /YYYY|MM|DD|HH|mm|ss/g;

/**
 * An instant on the business clock in `pattern` (chart axes and tooltips): `YYYY`, `MM`, `DD`,
 * `HH`, `mm` and `ss` as dayjs reads them are replaced, nothing else. The charts label their
 * times with it, so a chart on a first screen loads no dayjs and asks no Intl.
 */
export function formatBusinessTime(time: string | number | Date, pattern: string): string {
  const clock = businessClock(time);
  const fields: Record<string, string> = {
    YYYY: String(clock.year).padStart(4, '0'),
    MM: twoDigits(clock.month),
    DD: twoDigits(clock.day),
    HH: twoDigits(clock.hour),
    mm: twoDigits(clock.minute),
    ss: twoDigits(clock.second),
  };
  return pattern.replace(PATTERN_TOKENS, (token) => fields[token]!);
}

/** Minutes the business clock is ahead of UTC at an instant (negative west of Greenwich). */
export function businessUtcOffset(at: string | number | Date): number {
  const instant = new Date(at).getTime();
  const { offsets } = business();
  const offset = offsets && zoneOffsetAt(offsets, instant);
  if (offset !== undefined) return offset;
  const { year, month, day, hour, minute, second } = businessClock(instant);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The clock shows whole seconds: drop the instant's milliseconds before comparing.
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The zone as people read it: `UTC+8`, `UTC-7`, `UTC+5:30`, `UTC`. A zone with daylight saving
 * is named by its offset at `at` (default: now).
 */
export function businessTimeZoneLabel(at: string | number | Date = Date.now()): string {
  const minutes = businessUtcOffset(at);
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '-';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${twoDigits(rest)}` : ''}`;
}
