// The operator console's dashboard: a handful of SQL aggregates run side by side, put together
// per China day and period here. Money figures are computed (and answered) only for a role that
// holds `dashboard.money`.
import {
  fenToYuan,
  hasPermission,
  NODE_OFFLINE_AFTER_POLLS,
  NODE_POLL_INTERVAL_SECONDS,
  type Dashboard,
  type DashboardMoney,
  type DashboardMoneyPeriod,
  type DashboardRegionIps,
  type DashboardTrafficDay,
  type Locale,
  type StaffRole,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { getReconciliation } from '../payments/public.ts';
import { toJsonBytes } from '../../json-bytes.ts';
import { addDays, dashboardPeriods, type DashboardPeriods } from './periods.ts';
import {
  countCustomers,
  countIpsByRegion,
  countNodes,
  sumOrdersByDay,
  sumPaidPaymentsByDay,
  sumPendingPayments,
  sumRefundsByDay,
  sumTrafficByDay,
  type DailySum,
  type DailyTraffic,
  type RegionIpCounts,
} from './repo.ts';

/** A node is offline after this many seconds without a poll (the contract's one rule). */
export const NODE_OFFLINE_AFTER_SECONDS = NODE_OFFLINE_AFTER_POLLS * NODE_POLL_INTERVAL_SECONDS;

function toRegion(row: RegionIpCounts, locale: Locale): DashboardRegionIps {
  const english = locale === 'en-US';
  return {
    regionId: row.regionId,
    country: row.country,
    countryName: english ? row.countryNameEn : row.countryNameZh,
    cityName: english ? row.cityNameEn : row.cityNameZh,
    sold: row.sold,
    available: row.available,
    cooling: row.cooling,
    quarantined: row.quarantined,
    total: row.total,
  };
}

function addUp(regions: DashboardRegionIps[]): Dashboard['staticIps']['totals'] {
  const totals = { sold: 0, available: 0, cooling: 0, quarantined: 0, total: 0 };
  for (const region of regions) {
    totals.sold += region.sold;
    totals.available += region.available;
    totals.cooling += region.cooling;
    totals.quarantined += region.quarantined;
    totals.total += region.total;
  }
  return totals;
}

function trafficSeries(rows: DailyTraffic[], days: string[]): DashboardTrafficDay[] {
  const byDay = new Map(days.map((day) => [day, { static: 0n, dynamic: 0n }]));
  for (const row of rows) {
    const sums = byDay.get(row.day);
    if (sums) sums[row.kind] += row.bytes;
  }
  return days.map((day) => {
    const sums = byDay.get(day) ?? { static: 0n, dynamic: 0n };
    return {
      day,
      staticBytes: toJsonBytes(sums.static),
      dynamicBytes: toJsonBytes(sums.dynamic),
    };
  });
}

/** Day sums added up over the China days `from`..`to` (both included). */
function sumDays(rows: DailySum[], from: string, to: string): { count: number; fen: bigint } {
  let count = 0;
  let fen = 0n;
  for (const row of rows) {
    if (row.day < from || row.day > to) continue;
    count += row.count;
    fen += row.sumFen;
  }
  return { count, fen };
}

interface MoneyDays {
  paid: DailySum[];
  orders: DailySum[];
  refunds: DailySum[];
}

function moneyPeriod(days: MoneyDays, from: string, to: string): DashboardMoneyPeriod {
  const paid = sumDays(days.paid, from, to);
  const orders = sumDays(days.orders, from, to);
  const refunds = sumDays(days.refunds, from, to);
  return {
    revenue: fenToYuan(paid.fen),
    paidTopUps: paid.count,
    orders: orders.count,
    grossSales: fenToYuan(orders.fen),
    refunds: fenToYuan(refunds.fen),
    netSales: fenToYuan(orders.fen - refunds.fen),
  };
}

/** The day sums the money figures are made of, from the earliest period's start to tomorrow. */
async function loadMoneyDays(db: Db, periods: DashboardPeriods): Promise<MoneyDays> {
  const range = { from: periods.earliestStart, before: periods.tomorrowStart };
  const [paid, orders, refunds] = await Promise.all([
    sumPaidPaymentsByDay(db, range),
    sumOrdersByDay(db, range),
    sumRefundsByDay(db, range),
  ]);
  return { paid, orders, refunds };
}

function toMoney(days: MoneyDays, periods: DashboardPeriods, pendingFen: bigint): DashboardMoney {
  const { today, thisMonth, lastMonth } = periods;
  return {
    today: moneyPeriod(days, today, today),
    thisMonth: moneyPeriod(days, thisMonth, today),
    lastMonth: moneyPeriod(days, lastMonth, addDays(thisMonth, -1)),
    pendingAmount: fenToYuan(pendingFen),
    series: periods.seriesDays.map((day) => {
      const { revenue, netSales } = moneyPeriod(days, day, day);
      return { day, revenue, netSales };
    }),
  };
}

/**
 * The dashboard at `now` as `role` may see it: `money` is null unless the role holds
 * `dashboard.money`, and its queries are then not even run.
 */
export async function getDashboard({
  db,
  role,
  locale,
  now = new Date(),
}: {
  db: Db;
  role: StaffRole;
  locale: Locale;
  now?: Date;
}): Promise<Dashboard> {
  const periods = dashboardPeriods(now);
  const today = { from: periods.todayStart, before: periods.tomorrowStart };
  const seesMoney = hasPermission(role, 'dashboard.money');
  const [customers, regionRows, traffic, nodes, pending, reconciliation, moneyDays] =
    await Promise.all([
      countCustomers(db, {
        today,
        thisMonth: { from: periods.thisMonthStart, before: periods.tomorrowStart },
        now,
      }),
      countIpsByRegion(db, { now }),
      sumTrafficByDay(db, { from: periods.seriesStart, before: periods.tomorrowStart }),
      countNodes(db, { seenSince: new Date(now.getTime() - NODE_OFFLINE_AFTER_SECONDS * 1000) }),
      sumPendingPayments(db),
      // The reconciliation page's own computation, over its default range (the last 30 days).
      getReconciliation({ db, now }),
      seesMoney ? loadMoneyDays(db, periods) : null,
    ]);
  const regions = regionRows.map((row) => toRegion(row, locale));
  const series = trafficSeries(traffic, periods.seriesDays);
  const mismatchedDays = [
    ...new Set(reconciliation.rows.filter((row) => !row.matched).map((row) => row.day)),
  ].sort();
  return {
    generatedAt: now.toISOString(),
    today: periods.today,
    thisMonth: periods.thisMonth.slice(0, 7),
    lastMonth: periods.lastMonth.slice(0, 7),
    customers,
    staticIps: { regions, totals: addUp(regions) },
    traffic: { today: series.at(-1)!, series },
    nodes: { ...nodes, offlineAfterSeconds: NODE_OFFLINE_AFTER_SECONDS },
    payments: { pending: pending.count, mismatchedDays },
    money: moneyDays ? toMoney(moneyDays, periods, pending.sumFen) : null,
  };
}
