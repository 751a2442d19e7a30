// The business time zone and the way the console writes its times, without dayjs: the
// Intl.DateTimeFormat the browser has does it, so a first screen that only shows times (the
// overview's recent orders and announcements) loads no date library (issue 18). Pickers and charts,
// which compute with dates, use date.ts, which builds on this.

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

interface ClockFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The business clock's fields at an instant. */
function businessClock(time: string | number | Date): ClockFields {
  const zone = businessTimeZone();
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
  const fields: Record<string, number> = {};
  for (const part of clock.formatToParts(new Date(time))) {
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

/** Minutes the business clock is ahead of UTC at an instant (negative west of Greenwich). */
export function businessUtcOffset(at: string | number | Date): number {
  const instant = new Date(at).getTime();
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
