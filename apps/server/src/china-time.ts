// China Standard Time (UTC+8, no daylight saving): the zone of the ledger's day filters, the CSV
// export and Alipay's timestamps.
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** `YYYY-MM-DD HH:mm:ss` in China Standard Time. */
export function formatChinaTime(time: Date): string {
  return new Date(time.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** `YYYY-MM-DD HH:mm:ss` read as China Standard Time; undefined when it is not that shape. */
export function parseChinaTime(text: string | undefined): Date | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return undefined;
  const time = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(time.getTime()) ? undefined : time;
}

/** The start of day `YYYY-MM-DD` in China Standard Time. */
export function startOfChinaDay(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The times a `from`/`to` filter means; `toInclusive` says whether a row exactly at `to` belongs. */
export interface TimeBounds {
  from?: Date;
  to?: Date;
  toInclusive?: boolean;
}

/**
 * A list filter's inclusive bounds, each `YYYY-MM-DD` or an ISO time. A bare date means that whole
 * day in China Standard Time: `from` its start, `to` its end — taken as the start of the next
 * day, excluded, so no row falls into a sub-second gap at 23:59:59.
 */
export function chinaTimeBounds({ from, to }: { from?: string; to?: string }): TimeBounds {
  const bounds: TimeBounds = {};
  if (from) bounds.from = DATE_ONLY.test(from) ? startOfChinaDay(from) : new Date(from);
  if (to) {
    if (DATE_ONLY.test(to)) {
      bounds.to = new Date(startOfChinaDay(to).getTime() + DAY_MS);
      bounds.toInclusive = false;
    } else {
      bounds.to = new Date(to);
      bounds.toInclusive = true;
    }
  }
  return bounds;
}

/** The start of the calendar month (China Standard Time) `monthsAhead` after the one `time` is in. */
export function startOfChinaMonth(time: Date, monthsAhead = 0): Date {
  const china = new Date(time.getTime() + CHINA_OFFSET_MS);
  const start = Date.UTC(china.getUTCFullYear(), china.getUTCMonth() + monthsAhead, 1);
  return new Date(start - CHINA_OFFSET_MS);
}
