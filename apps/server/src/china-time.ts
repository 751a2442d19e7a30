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
