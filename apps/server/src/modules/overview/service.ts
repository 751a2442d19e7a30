// The console's overview: one call gathering what other modules already compute.
import type { Locale, Overview } from '@stratus/contract';
import type { Db } from '@stratus/db';
import { addBusinessDays, businessDayOf, startOfBusinessDay } from '../../business-time.ts';
import { listOrders } from '../orders/public.ts';
import { toJsonBytes } from '../../json-bytes.ts';
import { DAY_MS, getUsageSeries } from '../usage/public.ts';
import { summariseUsablePackages } from '../traffic/public.ts';
import { getWallet } from '../wallet/public.ts';
import { countLiveInstances } from './repo.ts';

const EXPIRING_WITHIN_DAYS = 7;
const USAGE_DAYS = 30;
const RECENT_ORDERS = 5;

export async function getOverview({
  db,
  userId,
  locale,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  locale: Locale;
  now?: Date;
}): Promise<Overview> {
  // Thirty day buckets: today (so far) and the 29 business days before it.
  const usageFrom = startOfBusinessDay(addBusinessDays(businessDayOf(now), 1 - USAGE_DAYS));
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
        from: usageFrom.toISOString(),
        to: now.toISOString(),
        granularity: 'day',
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
