// Bucket arithmetic of usage series: hour buckets on UTC hours, day buckets from midnight at the
// caller's UTC offset (fixed offsets: no daylight saving to step over).
import {
  translatorFor,
  type Locale,
  type SharedMessageKey,
  type UsageBucket,
  type UsageGranularity,
} from '@stratus/contract';
import { escapeCsvText } from '../wallet/csv.ts';
import { toJsonBytes } from './byte-count.ts';
import type { HourTotal } from './repo.ts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Start of the bucket holding `time` (epoch milliseconds). */
export function bucketStart(
  time: number,
  granularity: UsageGranularity,
  utcOffsetMinutes: number,
): number {
  if (granularity === 'hour') return Math.floor(time / HOUR_MS) * HOUR_MS;
  const shift = utcOffsetMinutes * 60_000;
  return Math.floor((time + shift) / DAY_MS) * DAY_MS - shift;
}

/** Every bucket start from the bucket holding `from` up to (excluding) `to`. */
export function bucketStarts(
  from: number,
  to: number,
  granularity: UsageGranularity,
  utcOffsetMinutes: number,
): number[] {
  const step = granularity === 'hour' ? HOUR_MS : DAY_MS;
  const starts: number[] = [];
  for (let at = bucketStart(from, granularity, utcOffsetMinutes); at < to; at += step) {
    starts.push(at);
  }
  return starts;
}

/** Hour totals spread over zero-filled buckets, oldest first. */
export function fillBuckets({
  hours,
  starts,
  granularity,
  utcOffsetMinutes,
}: {
  hours: HourTotal[];
  starts: number[];
  granularity: UsageGranularity;
  utcOffsetMinutes: number;
}): { buckets: UsageBucket[]; bytesUp: bigint; bytesDown: bigint } {
  const sums = new Map(starts.map((start) => [start, { up: 0n, down: 0n }]));
  let bytesUp = 0n;
  let bytesDown = 0n;
  for (const hour of hours) {
    const sum = sums.get(bucketStart(hour.hour.getTime(), granularity, utcOffsetMinutes));
    if (!sum) continue;
    sum.up += hour.bytesUp;
    sum.down += hour.bytesDown;
    bytesUp += hour.bytesUp;
    bytesDown += hour.bytesDown;
  }
  return {
    buckets: starts.map((start) => {
      const sum = sums.get(start) ?? { up: 0n, down: 0n };
      return {
        at: new Date(start).toISOString(),
        bytesUp: toJsonBytes(sum.up),
        bytesDown: toJsonBytes(sum.down),
      };
    }),
    bytesUp,
    bytesDown,
  };
}

/** The traffic-history table's titles; the byte columns say their unit, the CSV holds bytes. */
function csvHeaders(locale: Locale): string[] {
  const t = translatorFor(locale);
  const inBytes = (column: SharedMessageKey) =>
    t('traffic.usage.csv.inBytes', { column: t(column) });
  return [
    t('traffic.usage.column.time'),
    inBytes('traffic.usage.upload'),
    inBytes('traffic.usage.download'),
    inBytes('traffic.usage.total'),
  ];
}

/** `YYYY-MM-DD HH:mm` on the caller's clock. */
export function formatLocalTime(time: number, utcOffsetMinutes: number): string {
  return new Date(time + utcOffsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * The series as CSV the way the ledger export is written: UTF-8 with a byte-order mark (Excel),
 * CRLF line ends, headers in the caller's language, times on the caller's clock.
 */
export function formatUsageCsv(
  buckets: UsageBucket[],
  { locale, utcOffsetMinutes }: { locale: Locale; utcOffsetMinutes: number },
): string {
  const lines = [csvHeaders(locale).map(escapeCsvText).join(',')];
  for (const bucket of buckets) {
    lines.push(
      [
        escapeCsvText(formatLocalTime(Date.parse(bucket.at), utcOffsetMinutes)),
        String(bucket.bytesUp),
        String(bucket.bytesDown),
        // In bigint: two exact numbers can add up past the exact range.
        String(BigInt(bucket.bytesUp) + BigInt(bucket.bytesDown)),
      ].join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
