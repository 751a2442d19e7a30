// The console's overview: one call gathering what other modules already compute.
import type { Locale, Overview } from '@stratus/contract';
import type { Db } from '@stratus/db';
import { listOrders } from '../orders/service.ts';
import { toJsonBytes } from '../usage/byte-count.ts';
import { bucketStart, DAY_MS } from '../usage/series.ts';
import { getUsageSeries } from '../usage/history.ts';
import { summariseUsablePackages } from '../usage/service.ts';
import { getWallet } from '../wallet/service.ts';
import { countLiveInstances } from './repo.ts';

const EXPIRING_WITHIN_DAYS = 7;
const USAGE_DAYS = 30;
const RECENT_ORDERS = 5;

export async function getOverview({
  db,
  userId,
  locale,
  utcOffsetMinutes,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  locale: Locale;
  utcOffsetMinutes: number;
  now?: Date;
}): Promise<Overview> {
  // Thirty day buckets: today (so far) and the 29 days before it, on the caller's clock.
  const usageFrom = bucketStart(now.getTime(), 'day', utcOffsetMinutes) - (USAGE_DAYS - 1) * DAY_MS;
  const [wallet, instances, packages, usage, orders] = await Promise.all([
    getWallet({ db, userId }),
    countLiveInstances(db, {
      userId,
      now,
      expiringBefore: new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY_MS),
    }),
    summariseUsablePackages(db, { userId, now }),
    getUsageSeries({
      db,
      userId,
      query: {
        from: new Date(usageFrom).toISOString(),
        to: now.toISOString(),
        granularity: 'day',
        utcOffsetMinutes,
      },
      now,
    }),
    listOrders({ db, userId, locale, query: {}, page: 1, pageSize: RECENT_ORDERS }),
  ]);
  return {
    balance: wallet.balance,
    activeInstances: instances.active,
    expiringWithin7Days: instances.expiring,
    traffic: {
      activePackages: packages.activePackages,
      totalBytes: toJsonBytes(packages.totalBytes),
      remainingBytes: toJsonBytes(packages.remainingBytes),
    },
    usage,
    recentOrders: orders.items,
  };
}
