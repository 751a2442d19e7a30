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
import { businessTimeZone } from './business-time.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

// The zone and the plain formatting live in business-time.ts (no dayjs); they are offered here too.
export {
  businessTimeZone,
  businessTimeZoneLabel,
  DEFAULT_BUSINESS_TIME_ZONE,
  formatDate,
  formatBusinessTime,
  formatDateTime,
  readBusinessTimeZone,
  setBusinessTimeZoneForTests,
} from './business-time.ts';

function inBusinessZone(time: string | number | Date): Dayjs {
  return dayjs(time).tz(businessTimeZone());
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
