// Usage metering: batches from gateway nodes applied exactly once, and the usage series the
// console charts.
import {
  MAX_USAGE_RANGE_DAYS,
  type Locale,
  type UsageGranularity,
  type UsageKind,
  type UsageRecord,
  type UsageSeries,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { AppError } from '../../plugins/errors.ts';
import { drawDownPackages } from './draw-down.ts';
import {
  addHourlyUsage,
  claimUsageBatch,
  findExistingUserIds,
  findInstanceOwners,
  isInstanceOwnedBy,
  lockUsablePackages,
  setPackageUsedBytes,
  sumUsageByHour,
  type UsageHourlyRow,
} from './repo.ts';
import {
  bucketStarts,
  DAY_MS,
  fillBuckets,
  formatLocalTime,
  formatUsageCsv,
  HOUR_MS,
} from './series.ts';

export interface UsageBatchResult {
  batchId: string;
  duplicate: boolean;
  applied: number;
  ignored: number;
}

/**
 * Applies one node's usage batch in one transaction: the batch row (exactly once per node and
 * batch id), the hourly usage rows, and for dynamic usage the draw-down of the owners' packages
 * with the uncovered rest recorded as overage. Records naming an unknown subject are skipped.
 */
export async function recordUsageBatch({
  db,
  nodeId,
  batchId,
  records,
  now = new Date(),
}: {
  db: Db;
  nodeId: string;
  batchId: string;
  records: UsageRecord[];
  now?: Date;
}): Promise<UsageBatchResult> {
  return db.transaction(async (tx) => {
    const claimed = await claimUsageBatch(tx, { nodeId, batchId, recordCount: records.length });
    if (!claimed) return { batchId, duplicate: true, applied: 0, ignored: 0 };

    const owners = await resolveSubjectOwners(tx, records);
    const rows = new Map<string, UsageHourlyRow>();
    let ignored = 0;
    for (const record of records) {
      const userId = owners.get(`${record.kind}:${record.subject}`);
      if (!userId) {
        ignored += 1;
        continue;
      }
      // The hour is taken in UTC (date_trunc('hour', at) at time zone UTC).
      const hour = new Date(Math.floor(Date.parse(record.at) / HOUR_MS) * HOUR_MS);
      const key = `${hour.toISOString()}|${record.kind}|${record.subject}`;
      const row = rows.get(key) ?? {
        hour,
        kind: record.kind,
        subjectId: record.subject,
        userId,
        bytesUp: 0n,
        bytesDown: 0n,
        overageBytes: 0n,
      };
      row.bytesUp += BigInt(record.bytesUp);
      row.bytesDown += BigInt(record.bytesDown);
      rows.set(key, row);
    }
    // One order for every lock this transaction takes (see lockUsablePackages, addHourlyUsage).
    const ordered = [...rows.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]) => row);
    await drawDownDynamicUsage(tx, { rows: ordered.filter((row) => row.kind === 'dynamic'), now });
    await addHourlyUsage(tx, ordered);
    return { batchId, duplicate: false, applied: records.length - ignored, ignored };
  });
}

/** `kind:subject` → owning user id, for the subjects that exist. */
async function resolveSubjectOwners(tx: Db, records: UsageRecord[]): Promise<Map<string, string>> {
  const subjectsOf = (kind: UsageKind) => [
    ...new Set(records.filter((record) => record.kind === kind).map((record) => record.subject)),
  ];
  // One after the other: a transaction is one connection.
  const instanceOwners = await findInstanceOwners(tx, subjectsOf('static'));
  const userIds = await findExistingUserIds(tx, subjectsOf('dynamic'));
  const owners = new Map<string, string>();
  for (const [instanceId, userId] of instanceOwners) owners.set(`static:${instanceId}`, userId);
  for (const userId of userIds) owners.set(`dynamic:${userId}`, userId);
  return owners;
}

/**
 * Draws each user's dynamic bytes (oldest hour first) from their usable packages, soonest expiry
 * first, and sets each row's overage to what no package covered.
 */
async function drawDownDynamicUsage(
  tx: Db,
  { rows, now }: { rows: UsageHourlyRow[]; now: Date },
): Promise<void> {
  const userIds = [...new Set(rows.map((row) => row.userId))].sort();
  const packages = await lockUsablePackages(tx, { userIds, now });
  for (const userId of userIds) {
    const demands = rows
      .filter((row) => row.userId === userId)
      .sort((a, b) => a.hour.getTime() - b.hour.getTime());
    const result = drawDownPackages(
      packages.filter((item) => item.userId === userId),
      demands.map((row) => ({ bytes: row.bytesUp + row.bytesDown })),
    );
    demands.forEach((row, index) => {
      row.overageBytes = result.overage[index] ?? 0n;
    });
    for (const change of result.packages) await setPackageUsedBytes(tx, change);
  }
}

export interface UsageQuery {
  /** ISO 8601; inclusive. */
  from?: string;
  /** ISO 8601; exclusive. */
  to?: string;
  granularity: UsageGranularity;
  instanceId?: string;
  kind?: UsageKind;
  utcOffsetMinutes: number;
}

const DEFAULT_RANGE_DAYS: Record<UsageGranularity, number> = { hour: 7, day: 30 };

/**
 * The caller's usage from `from` to `to` in zero-filled buckets. `instanceId` (one of the
 * caller's instances) narrows it to that static IP.
 */
export async function getUsageSeries({
  db,
  userId,
  query,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  query: UsageQuery;
  now?: Date;
}): Promise<UsageSeries> {
  const { granularity, utcOffsetMinutes, instanceId } = query;
  const to = query.to ? Date.parse(query.to) : now.getTime();
  const from = query.from ? Date.parse(query.from) : to - DEFAULT_RANGE_DAYS[granularity] * DAY_MS;
  if (from >= to) throw new AppError('usageRangeInvalid');
  const maxDays = MAX_USAGE_RANGE_DAYS[granularity];
  if (to - from > maxDays * DAY_MS) throw new AppError('usageRangeTooLarge', { maxDays });
  if (instanceId && !(await isInstanceOwnedBy(db, { instanceId, userId }))) {
    // Another user's instance answers exactly like a missing one.
    throw new AppError('instanceNotFound');
  }

  const starts = bucketStarts(from, to, granularity, utcOffsetMinutes);
  const first = starts[0] ?? from;
  const hours = await sumUsageByHour(db, {
    userId,
    from: new Date(first),
    to: new Date(to),
    ...(instanceId ? { kind: 'static' as const, subjectId: instanceId } : {}),
    ...(query.kind && !instanceId ? { kind: query.kind } : {}),
  });
  // An instance is static usage: asking for its dynamic usage finds nothing.
  const filtered = instanceId && query.kind === 'dynamic' ? [] : hours;
  const { buckets, bytesUp, bytesDown } = fillBuckets({
    hours: filtered,
    starts,
    granularity,
    utcOffsetMinutes,
  });
  return {
    granularity,
    from: new Date(first).toISOString(),
    to: new Date(to).toISOString(),
    buckets,
    totals: { bytesUp: Number(bytesUp), bytesDown: Number(bytesDown) },
  };
}

/** The usage series as a CSV file in the caller's language. */
export async function exportUsageCsv({
  db,
  userId,
  query,
  locale,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  query: UsageQuery;
  locale: Locale;
  now?: Date;
}): Promise<{ fileName: string; body: string }> {
  const series = await getUsageSeries({ db, userId, query, now });
  const day = formatLocalTime(now.getTime(), query.utcOffsetMinutes)
    .slice(0, 10)
    .replaceAll('-', '');
  return {
    fileName: `traffic-usage-${day}.csv`,
    body: formatUsageCsv(series.buckets, { locale, utcOffsetMinutes: query.utcOffsetMinutes }),
  };
}
