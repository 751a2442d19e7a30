import {
  fenToYuan,
  type Page,
  type TrafficPackage,
  type TrafficPackageStatus,
  type TrafficPlan,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { toJsonBytes } from '../../json-bytes.ts';
import {
  countTrafficPackages,
  listActiveTrafficPlans,
  listTrafficPackages as listTrafficPackageRows,
  summariseActiveTrafficPackages,
  trafficPlansExist,
  type TrafficPackageView,
  type TrafficPlanRow,
} from './repo.ts';

// What a full refund of a traffic order does to its package, inside the refund's transaction.

/** Fen per GB rounded half up to a whole fen: a guide for comparing plans, never charged. */
export function pricePerGbFen({ priceFen, gb }: Pick<TrafficPlanRow, 'priceFen' | 'gb'>): bigint {
  const size = BigInt(gb);
  return (priceFen * 2n + size) / (2n * size);
}

export function toTrafficPlan(plan: TrafficPlanRow): TrafficPlan {
  return {
    id: plan.id,
    gb: plan.gb,
    validityDays: plan.validityDays,
    price: fenToYuan(plan.priceFen),
    pricePerGb: fenToYuan(pricePerGbFen(plan)),
  };
}

/** Plans on sale, smallest first, prices in yuan at this edge. */
export async function listTrafficCatalog({ db }: { db: Db }): Promise<TrafficPlan[]> {
  const plans = await listActiveTrafficPlans(db);
  return plans.map(toTrafficPlan);
}

export function toTrafficPackage(view: TrafficPackageView): TrafficPackage {
  return {
    id: view.id,
    orderId: view.orderId,
    orderNo: view.orderNo,
    gb: view.gb,
    totalBytes: toJsonBytes(view.totalBytes),
    usedBytes: toJsonBytes(view.usedBytes),
    remainingBytes: toJsonBytes(view.totalBytes - view.usedBytes),
    status: view.effectiveStatus,
    createdAt: view.createdAt.toISOString(),
    expiresAt: view.expiresAt.toISOString(),
  };
}

export interface TrafficPackageSummary {
  activePackages: number;
  totalBytes: number;
  remainingBytes: number;
}

/**
 * The caller's packages (active ones by soonest expiry, then the rest newest first) and a summary
 * of the active ones whatever the filter. Status is as of `now`: a package past its expiry reads
 * `expired` even before the expiry job has flipped it.
 */
export async function listTrafficPackages({
  db,
  userId,
  status,
  page,
  pageSize,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  status?: TrafficPackageStatus;
  page: number;
  pageSize: number;
  now?: Date;
}): Promise<Page<TrafficPackage> & { summary: TrafficPackageSummary }> {
  const filter = { userId, status, now };
  const [rows, total, summary] = await Promise.all([
    listTrafficPackageRows(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
    countTrafficPackages(db, filter),
    summariseActiveTrafficPackages(db, { userId, now }),
  ]);
  return {
    items: rows.map(toTrafficPackage),
    total,
    page,
    pageSize,
    summary: {
      activePackages: summary.activePackages,
      totalBytes: toJsonBytes(summary.totalBytes),
      remainingBytes: toJsonBytes(summary.remainingBytes),
    },
  };
}

/** Whether any traffic plan exists: the demo plans load only when there is none. */
export async function hasTrafficPlans({ db }: { db: Db }): Promise<boolean> {
  return trafficPlansExist(db);
}
