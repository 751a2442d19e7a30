// The business time zone (`BUSINESS_TIMEZONE`, an IANA name): the one zone of every date the
// service shows, filters, charts, exports and puts in order and payment numbers. Offsets come
// from Intl, so a zone with daylight saving works: its business day is then 23 or 25 hours long.
//
// The zone is fixed for the life of a process, like the clock: `buildApp` installs the configured
// one with `useBusinessTimeZone`, and every function reads it unless told another zone. That
// keeps it out of the parameters of every purchase, payment and export path that makes a number.
import {
  findZoneOffsets,
  titleWithTimeZone,
  wallClockAtOffset,
  type Translate,
  type WallClock,
  type ZoneOffsets,
} from '@stratus/contract';
import { sql, type SQL } from '@stratus/db';

export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Shanghai';

let businessZone = DEFAULT_BUSINESS_TIME_ZONE;

/** Whether `name` is a time zone this runtime knows (`Asia/Shanghai`, `UTC`, …). */
export function isKnownTimeZone(name: string): boolean {
  // Intl accepts raw offsets such as `+08:00`, which PostgreSQL reads with the opposite sign.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Installs the configured zone; the server does it once at start (see `buildApp`). */
export function useBusinessTimeZone(zone: string): void {
  if (!isKnownTimeZone(zone)) throw new RangeError(`unknown time zone: ${zone}`);
  businessZone = zone;
}

/** The business time zone in force. */
export function businessTimeZone(): string {
  return businessZone;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * A zone's offset changes at most once in any quarter hour (twice a year, or when a government
 * says so), so in a quarter hour whose two ends have the same offset it holds throughout: the
 * wall clock is then UTC's plus that offset, with no call into Intl. Order numbers carry the
 * business day, and formatting it with Intl was several per cent of a purchase's own CPU.
 */
const OFFSET_SLOT_MS = 15 * 60_000;

/** The last quarter hour of each zone whose offset held throughout, and that offset. */
const steadyOffsets = new Map<string, { slot: number; offsetMs: number }>();

/** What a clock on the wall in `zone` reads at `time` (month 1–12). */
function wallClock(time: number, zone: string): WallClock {
  const slot = Math.floor(time / OFFSET_SLOT_MS);
  let steady = steadyOffsets.get(zone);
  if (steady?.slot !== slot && time >= 0) {
    const start = slot * OFFSET_SLOT_MS;
    const offsetMs = offsetByIntl(start, zone);
    steady = undefined;
    if (offsetByIntl(start + OFFSET_SLOT_MS - 1000, zone) === offsetMs) {
      steady = { slot, offsetMs };
      steadyOffsets.set(zone, steady);
    }
  }
  if (steady?.slot === slot) return wallClockAtOffset(time, steady.offsetMs);
  return wallClockByIntl(time, zone);
}

function offsetByIntl(time: number, zone: string): number {
  return offsetOfWallClock(wallClockByIntl(time, zone), time);
}

/** How far `wall`, the clock's reading at `time`, is ahead of UTC, in milliseconds. */
function offsetOfWallClock(wall: WallClock, time: number): number {
  const wallAsUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second,
  );
  // Intl shows whole seconds: compare with the time cut to its second.
  return wallAsUtc - Math.floor(time / 1000) * 1000;
}

/** `wallClock` as Intl formats it. */
function wallClockByIntl(time: number, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(zone).formatToParts(new Date(time))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Milliseconds `zone` is ahead of UTC at `time` (Shanghai: 8 h; Los Angeles: −7 h or −8 h). */
export function zoneOffsetMs(time: Date | number, zone = businessZone): number {
  const at = typeof time === 'number' ? time : time.getTime();
  return offsetOfWallClock(wallClock(at, zone), at);
}

/**
 * The instant a wall clock in `zone` reads `wallAsUtc` (a wall time written as if it were UTC).
 * A wall time skipped by a spring-forward is read with the offset before the jump (02:30 on Los
 * Angeles' spring-forward day is 03:30 PDT); one repeated by a fall-back is its first occurrence.
 */
function instantOfWallTime(wallAsUtc: number, zone: string): number {
  const offsetBefore = zoneOffsetMs(wallAsUtc - 86_400_000, zone);
  const offsetAfter = zoneOffsetMs(wallAsUtc + 86_400_000, zone);
  const candidates = [wallAsUtc - offsetBefore, wallAsUtc - offsetAfter]
    .filter((instant) => instant + zoneOffsetMs(instant, zone) === wallAsUtc)
    .sort((a, b) => a - b);
  return candidates[0] ?? wallAsUtc - offsetBefore;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD HH:mm:ss` in the business zone (or `zone`). */
export function formatBusinessTime(time: Date, zone = businessZone): string {
  const wall = wallClock(time.getTime(), zone);
  return (
    `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)} ` +
    `${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`
  );
}

/** The business day (`YYYY-MM-DD`) `time` falls on. */
export function businessDayOf(time: Date, zone = businessZone): string {
  return formatBusinessTime(time, zone).slice(0, 10);
}

/** `YYYYMMDD` of the business day `time` falls on, as file names and readable numbers carry it. */
export function compactBusinessDay(time: Date, zone = businessZone): string {
  return businessDayOf(time, zone).replaceAll('-', '');
}

const offsetNameFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone as people read it, `UTC+8`, `UTC-7`, `UTC+5:30` or `UTC`, as the console names it
 * beside its times; a zone with daylight saving is named by its offset at `time`.
 */
export function businessTimeZoneLabel(time: Date = new Date(), zone = businessZone): string {
  let formatter = offsetNameFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' });
    offsetNameFormatters.set(zone, formatter);
  }
  const name = formatter.formatToParts(time).find((part) => part.type === 'timeZoneName');
  // `GMT+8` as people here read it, `UTC+8`; Intl writes UTC itself `GMT` or `GMT+0` (by engine),
  // which the console names `UTC`.
  const offset = (name?.value ?? 'GMT').replace('GMT', '');
  return /^([+-]0)?$/.test(offset) ? 'UTC' : `UTC${offset}`;
}

/**
 * A CSV time column's title naming the business zone, worded as the console titles the same
 * column: "时间 (UTC+8)". A zone with daylight saving is named by its offset at `exportedAt` (the
 * moment the file is made, as the console names it by the offset at the moment it shows the page);
 * times on the other side of a change are still written on the zone's wall clock.
 */
export function timeColumnTitle(
  t: Translate<'common.time.withZone'>,
  title: string,
  exportedAt: Date = new Date(),
): string {
  return titleWithTimeZone(t, title, businessTimeZoneLabel(exportedAt));
}

const DAY_MS = 86_400_000;

/**
 * `zone`'s UTC offsets from `daysAround` days before the UTC day of `time` to as many after it,
 * as the console's page carries them (see `@stratus/contract`'s zone-offsets.ts): the same for
 * every `time` of one UTC day. Undefined for a zone whose offsets there are not whole minutes.
 */
export function zoneOffsetsAround(
  time: Date,
  zone = businessZone,
  daysAround = 400,
): ZoneOffsets | undefined {
  const day = Math.floor(time.getTime() / DAY_MS) * DAY_MS;
  return findZoneOffsets(day - daysAround * DAY_MS, day + (daysAround + 1) * DAY_MS, (at) =>
    offsetByIntl(at, zone),
  );
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first instant of business day `day` (`YYYY-MM-DD`). */
export function startOfBusinessDay(day: string, zone = businessZone): Date {
  const match = DATE_ONLY.exec(day);
  if (!match) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  const midnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(instantOfWallTime(midnight, zone));
}

/** `day` (`YYYY-MM-DD`) moved by `days` calendar days. */
export function addBusinessDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first instant of the business day after `day`: 23, 24 or 25 hours after its start. */
export function endOfBusinessDay(day: string, zone = businessZone): Date {
  return startOfBusinessDay(addBusinessDays(day, 1), zone);
}

/** The times a `from`/`to` filter means; `toInclusive` says whether a row exactly at `to` belongs. */
export interface TimeBounds {
  from?: Date;
  to?: Date;
  toInclusive?: boolean;
}

/**
 * A list filter's inclusive bounds, each `YYYY-MM-DD` or an ISO time. A bare date means that whole
 * business day: `from` its start, `to` its end — taken as the start of the next day, excluded, so
 * no row falls into a sub-second gap at 23:59:59.
 */
export function businessTimeBounds(
  { from, to }: { from?: string; to?: string },
  zone = businessZone,
): TimeBounds {
  const bounds: TimeBounds = {};
  if (from) bounds.from = DATE_ONLY.test(from) ? startOfBusinessDay(from, zone) : new Date(from);
  if (to) {
    if (DATE_ONLY.test(to)) {
      bounds.to = endOfBusinessDay(to, zone);
      bounds.toInclusive = false;
    } else {
      bounds.to = new Date(to);
      bounds.toInclusive = true;
    }
  }
  return bounds;
}

/** The start of the business calendar month `monthsAhead` after the one `time` is in. */
export function startOfBusinessMonth(time: Date, monthsAhead = 0, zone = businessZone): Date {
  const wall = wallClock(time.getTime(), zone);
  const first = new Date(Date.UTC(wall.year, wall.month - 1 + monthsAhead, 1));
  return startOfBusinessDay(first.toISOString().slice(0, 10), zone);
}

type TimestampColumn = Parameters<typeof sql>[1];

/**
 * SQL: the business day (`YYYY-MM-DD` text) of a timestamptz column. The zone is written into
 * the statement as a literal rather than bound: a `GROUP BY` of the same expression would get a
 * parameter of another number, and PostgreSQL would take it for a different expression. The
 * name is safe to inline: `isKnownTimeZone` admits letters, digits and `_+-/` only.
 */
export function businessDaySql(column: TimestampColumn, zone = businessZone): SQL<string> {
  if (!isKnownTimeZone(zone)) throw new RangeError(`unknown time zone: ${zone}`);
  return sql<string>`to_char(${column} at time zone ${sql.raw(`'${zone}'`)}, 'YYYY-MM-DD')`;
}

// China Standard Time for Alipay: its API reads and writes `YYYY-MM-DD HH:mm:ss` in Beijing time
// whatever our business zone is (the protocol, not a business choice).
const ALIPAY_TIME_ZONE = 'Asia/Shanghai';

/** `YYYY-MM-DD HH:mm:ss` as Alipay writes times (Beijing time). */
export function formatAlipayTime(time: Date): string {
  return formatBusinessTime(time, ALIPAY_TIME_ZONE);
}

/** A `YYYY-MM-DD HH:mm:ss` time from Alipay (Beijing time); undefined when not that shape. */
export function parseAlipayTime(text: string | undefined): Date | undefined {
  const match = text && /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const time = new Date(
    instantOfWallTime(Date.UTC(year, month - 1, day, hour, minute, second), ALIPAY_TIME_ZONE),
  );
  // Date.UTC rolls 02-31 over into March: a time that does not read back was not a real one.
  return formatAlipayTime(time) === text ? time : undefined;
}
