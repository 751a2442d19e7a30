// Every date the console shows or asks for is in the business time zone the server runs in
// (`BUSINESS_TIMEZONE`), never the browser's: a row dated 11-24 on screen is found by filtering
// 11-24 wherever the viewer sits. The server writes the zone into index.html; the Vite dev server
// and the unit tests, which serve the template as it is, fall back to Asia/Shanghai.
//
// Pickers work on "wall-clock" dayjs values: plain local dayjs objects whose fields read the
// business clock (a picked 2026-11-24 09:00 means 09:00 in the business zone). They become real
// instants only at the API's edge, through `wallClockToIso`.
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Shanghai';

function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone named by `<meta name="business-time-zone">`, or the default when there is none. */
export function readBusinessTimeZone(document: Document | undefined = globalThis.document): string {
  const content = document
    ?.querySelector('meta[name="business-time-zone"]')
    ?.getAttribute('content');
  // Unreplaced (`__BUSINESS_TIME_ZONE__`, the dev server) or unknown: the default.
  return content && isKnownTimeZone(content) ? content : DEFAULT_BUSINESS_TIME_ZONE;
}

let businessZone: string | undefined;

/** The business time zone, read from the page once. */
export function businessTimeZone(): string {
  businessZone ??= readBusinessTimeZone();
  return businessZone;
}

/** For tests: use `zone` (undefined: read the page again). */
export function setBusinessTimeZoneForTests(zone: string | undefined): void {
  businessZone = zone;
}

function inBusinessZone(time: string | number | Date): Dayjs {
  return dayjs(time).tz(businessTimeZone());
}

/** An ISO time from the API as `YYYY-MM-DD HH:mm:ss` in the business time zone. */
export function formatDateTime(iso: string): string {
  return inBusinessZone(iso).format('YYYY-MM-DD HH:mm:ss');
}

/** An ISO time from the API as its business day, `YYYY-MM-DD`. */
export function formatDate(iso: string): string {
  return inBusinessZone(iso).format('YYYY-MM-DD');
}

/** An instant in the business time zone in any dayjs `pattern` (chart axes and tooltips). */
export function formatBusinessTime(time: string | number | Date, pattern: string): string {
  return inBusinessZone(time).format(pattern);
}

/**
 * The zone as people read it: `UTC+8`, `UTC-7`, `UTC+5:30`, `UTC`. A zone with daylight saving
 * is named by its offset at `at` (default: now).
 */
export function businessTimeZoneLabel(at: string | number | Date = Date.now()): string {
  const minutes = inBusinessZone(at).utcOffset();
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '-';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** Now on the business clock, as a wall-clock value for pickers and presets. */
export function businessNow(now: number = Date.now()): Dayjs {
  return dayjs(inBusinessZone(now).format('YYYY-MM-DDTHH:mm:ss.SSS'));
}

/** A wall-clock value (fields read the business clock) as the ISO instant it means. */
export function wallClockToIso(wallClock: Dayjs): string {
  return dayjs.tz(wallClock.format('YYYY-MM-DDTHH:mm:ss.SSS'), businessTimeZone()).toISOString();
}

/** An ISO instant from the API as a wall-clock value on the business clock, for a picker. */
export function isoToWallClock(iso: string): Dayjs {
  return dayjs(inBusinessZone(iso).format('YYYY-MM-DDTHH:mm:ss.SSS'));
}

/** Calendar day as the API's date filters take it: a business day. */
export const DATE_PARAM_FORMAT = 'YYYY-MM-DD';

/** A picked day as the `YYYY-MM-DD` business day the API's `from`/`to` filters take. */
export function toDateParam(day: Dayjs): string {
  return day.format(DATE_PARAM_FORMAT);
}

/** A `YYYY-MM-DD` filter day back as a picker value. */
export function fromDateParam(day: string): Dayjs {
  return dayjs(day);
}
