// Bucket arithmetic of usage series: hour buckets on UTC hours (usage is stored by the UTC hour),
// day buckets from midnight in the business time zone — 23 or 25 hours long on the days a zone
// with daylight saving changes its clocks.
import {
  translatorFor,
  type Locale,
  type SharedMessageKey,
  type UsageBucket,
  type UsageGranularity,
} from '@stratus/contract';
import {
  addBusinessDays,
  businessDayOf,
  formatBusinessTime,
  startOfBusinessDay,
  timeColumnTitle,
} from '../../business-time.ts';
import { csvDocument, escapeCsvText } from '../../csv.ts';
import { toJsonBytes } from '../../json-bytes.ts';
import type { HourTotal } from './repo.ts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Start of the bucket holding `time` (epoch milliseconds). */
export function bucketStart(time: number, granularity: UsageGranularity): number {
  if (granularity === 'hour') return Math.floor(time / HOUR_MS) * HOUR_MS;
  return startOfBusinessDay(businessDayOf(new Date(time))).getTime();
}

/** The start of the bucket after the one starting at `start`. */
function nextBucketStart(start: number, granularity: UsageGranularity): number {
  if (granularity === 'hour') return start + HOUR_MS;
  return startOfBusinessDay(addBusinessDays(businessDayOf(new Date(start)), 1)).getTime();
}

/** Every bucket start from the bucket holding `from` up to (excluding) `to`. */
export function bucketStarts(from: number, to: number, granularity: UsageGranularity): number[] {
  const starts: number[] = [];
  for (let at = bucketStart(from, granularity); at < to; at = nextBucketStart(at, granularity)) {
    starts.push(at);
  }
  return starts;
}

/** Hour totals spread over zero-filled buckets, oldest first. */
export function fillBuckets({
  hours,
  starts,
  granularity,
}: {
  hours: HourTotal[];
  starts: number[];
  granularity: UsageGranularity;
}): { buckets: UsageBucket[]; bytesUp: bigint; bytesDown: bigint } {
  const sums = new Map(starts.map((start) => [start, { up: 0n, down: 0n }]));
  let bytesUp = 0n;
  let bytesDown = 0n;
  for (const hour of hours) {
    const sum = sums.get(bucketStart(hour.hour.getTime(), granularity));
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
function csvHeaders(locale: Locale, exportedAt: Date): string[] {
  const t = translatorFor(locale);
  const inBytes = (column: SharedMessageKey) =>
    t('traffic.usage.csv.inBytes', { column: t(column) });
  return [
    timeColumnTitle(t, t('traffic.usage.column.time'), exportedAt),
    inBytes('traffic.usage.upload'),
    inBytes('traffic.usage.download'),
    inBytes('traffic.usage.total'),
  ];
}

/**
 * The series as CSV the way the ledger export is written: UTF-8 with a byte-order mark (Excel),
 * CRLF line ends, headers in the caller's language, times (`YYYY-MM-DD HH:mm`) in the business
 * time zone, named in the time column's title as of `exportedAt` ("时间 (UTC+8)").
 */
export function formatUsageCsv(
  buckets: UsageBucket[],
  { locale, exportedAt = new Date() }: { locale: Locale; exportedAt?: Date },
): string {
  const lines = [csvHeaders(locale, exportedAt).map(escapeCsvText).join(',')];
  for (const bucket of buckets) {
    lines.push(
      [
        escapeCsvText(formatBusinessTime(new Date(bucket.at)).slice(0, 16)),
        String(bucket.bytesUp),
        String(bucket.bytesDown),
        // In bigint: two exact numbers can add up past the exact range.
        String(BigInt(bucket.bytesUp) + BigInt(bucket.bytesDown)),
      ].join(','),
    );
  }
  return csvDocument(lines);
}
