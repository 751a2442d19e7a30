// The traffic history: the caller's usage over time, whole or narrowed to one static IP, one
// traffic package or one sub-user, as a series or a CSV file.
import {
  MAX_USAGE_RANGE_DAYS,
  type Locale,
  type UsageGranularity,
  type UsageKind,
  type UsageSeries,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { compactBusinessDay } from '../../business-time.ts';
import { AppError } from '../../errors.ts';
import { isSubUserOwnedBy } from '../sub-users/public.ts';
import { toJsonBytes } from '../../json-bytes.ts';
import { isPackageOwnedBy, sumPackageUsageByHour } from './history-repo.ts';
import { isInstanceOwnedBy, sumUsageByHour, type HourTotal } from './repo.ts';
import { bucketStarts, DAY_MS, fillBuckets, formatUsageCsv } from './series.ts';

export interface UsageQuery {
  /** ISO 8601; inclusive. */
  from?: string;
  /** ISO 8601; exclusive. */
  to?: string;
  granularity: UsageGranularity;
  instanceId?: string;
  kind?: UsageKind;
  packageId?: string;
  subUserId?: string;
}

const DEFAULT_RANGE_DAYS: Record<UsageGranularity, number> = { hour: 7, day: 30 };

/**
 * Filters that cannot be combined, as the names the message shows; null when they can. A
 * package's bytes are counted without knowing which login drew them, so the package filter
 * stands alone and has no kind. (An instance with `kind=dynamic`, or a sub-user with
 * `kind=static`, is a fair question with an empty answer.)
 */
export function conflictingFilters(query: UsageQuery): string | null {
  const narrowing = (['instanceId', 'packageId', 'subUserId'] as const).filter(
    (name) => query[name] !== undefined,
  );
  if (narrowing.length > 1) return narrowing.join(', ');
  if (query.packageId && query.kind) return 'packageId, kind';
  return null;
}

/** The hour totals the query asks for, after checking the caller owns what it names. */
async function readHours(
  db: Db,
  { userId, query, from, to }: { userId: string; query: UsageQuery; from: Date; to: Date },
): Promise<HourTotal[]> {
  const { instanceId, packageId, subUserId, kind } = query;
  // Another user's instance, package or sub-user answers exactly like a missing one.
  if (instanceId) {
    if (!(await isInstanceOwnedBy(db, { instanceId, userId }))) {
      throw new AppError('instanceNotFound');
    }
    if (kind === 'dynamic') return [];
    return sumUsageByHour(db, { userId, from, to, kind: 'static', subjectId: instanceId });
  }
  if (packageId) {
    if (!(await isPackageOwnedBy(db, { packageId, userId }))) {
      throw new AppError('trafficPackageNotFound');
    }
    return sumPackageUsageByHour(db, { userId, packageId, from, to });
  }
  if (subUserId) {
    if (!(await isSubUserOwnedBy(db, { id: subUserId, userId }))) {
      throw new AppError('subUserNotFound');
    }
    if (kind === 'static') return [];
    // Sub-user bytes are stored as dynamic usage whose subject is the sub-user.
    return sumUsageByHour(db, { userId, from, to, kind: 'dynamic', subjectId: subUserId });
  }
  return sumUsageByHour(db, { userId, from, to, ...(kind ? { kind } : {}) });
}

/** The caller's usage from `from` to `to` in zero-filled buckets, narrowed by the filters. */
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
  const { granularity } = query;
  const to = query.to ? Date.parse(query.to) : now.getTime();
  const from = query.from ? Date.parse(query.from) : to - DEFAULT_RANGE_DAYS[granularity] * DAY_MS;
  if (from >= to) throw new AppError('usageRangeInvalid');
  const maxDays = MAX_USAGE_RANGE_DAYS[granularity];
  if (to - from > maxDays * DAY_MS) throw new AppError('usageRangeTooLarge', { maxDays });
  const conflict = conflictingFilters(query);
  if (conflict) throw new AppError('usageFiltersConflict', { filters: conflict });

  const starts = bucketStarts(from, to, granularity);
  const first = starts[0] ?? from;
  const hours = await readHours(db, { userId, query, from: new Date(first), to: new Date(to) });
  const { buckets, bytesUp, bytesDown } = fillBuckets({
    hours,
    starts,
    granularity,
  });
  return {
    granularity,
    from: new Date(first).toISOString(),
    to: new Date(to).toISOString(),
    buckets,
    totals: { bytesUp: toJsonBytes(bytesUp), bytesDown: toJsonBytes(bytesDown) },
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
  const day = compactBusinessDay(now);
  return {
    fileName: `traffic-usage-${day}.csv`,
    body: formatUsageCsv(series.buckets, { locale, exportedAt: now }),
  };
}
