// The dashboard recomputed for tests: every raw row read back and every figure worked out in
// plain TypeScript, by China day strings rather than the service's SQL ranges, so the two ways of
// counting only agree when both are right.
import {
  fenToYuan,
  hasPermission,
  NODE_OFFLINE_AFTER_POLLS,
  NODE_POLL_INTERVAL_SECONDS,
  parseTopUpNote,
  type Dashboard,
  type DashboardMoneyPeriod,
  type Locale,
  type StaffRole,
} from '@stratus/contract';
import {
  gatewayNodes,
  ipAddresses,
  ledgerEntries,
  orderRefunds,
  orders,
  payments,
  proxyInstances,
  regions,
  usageHourly,
  users,
  type Db,
} from '@stratus/db';
import { businessDayOf } from '../src/business-time.ts';

const DAY_MS = 86_400_000;

/** The business calendar day of an instant. */
export function businessDay(time: Date): string {
  return businessDayOf(time);
}

function dayBefore(day: string, days = 1): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

async function readEverything(db: Db) {
  const [
    userRows,
    paymentRows,
    ledgerRows,
    orderRows,
    refundRows,
    instanceRows,
    ipRows,
    regionRows,
    usageRows,
    nodeRows,
  ] = await Promise.all([
    db.select().from(users),
    db.select().from(payments),
    db.select().from(ledgerEntries),
    db.select().from(orders),
    db.select().from(orderRefunds),
    db.select().from(proxyInstances),
    db.select().from(ipAddresses),
    db.select().from(regions),
    db.select().from(usageHourly),
    db.select().from(gatewayNodes),
  ]);
  return {
    userRows,
    paymentRows,
    ledgerRows,
    orderRows,
    refundRows,
    instanceRows,
    ipRows,
    regionRows,
    usageRows,
    nodeRows,
  };
}

/** The dashboard `role` should see at `now`, worked out from the raw rows. */
export async function recomputeDashboard(
  db: Db,
  { now, role, locale }: { now: Date; role: StaffRole; locale: Locale },
): Promise<Dashboard> {
  const rows = await readEverything(db);
  const today = businessDay(now);
  const thisMonth = today.slice(0, 7);
  const lastMonth = previousMonth(thisMonth);
  const seriesDays = Array.from({ length: 30 }, (_, index) => dayBefore(today, 29 - index));
  const isToday = (time: Date) => businessDay(time) === today;
  const isThisMonth = (time: Date) =>
    businessDay(time).startsWith(thisMonth) && businessDay(time) <= today;
  const isLastMonth = (time: Date) => businessDay(time).startsWith(lastMonth);

  const customers = rows.userRows.filter((user) => user.role === 'customer');
  const liveInstances = rows.instanceRows.filter(
    (instance) => instance.status === 'active' && instance.expiresAt > now,
  );
  const soldIps = new Set(liveInstances.map((instance) => instance.ipAddressId));

  const english = locale === 'en-US';
  const regionList = [...rows.regionRows]
    .sort(
      (a, b) =>
        a.sortOrder - b.sortOrder ||
        a.country.localeCompare(b.country) ||
        (a.cityCode < b.cityCode ? -1 : a.cityCode > b.cityCode ? 1 : 0),
    )
    .map((region) => {
      const ips = rows.ipRows.filter((ip) => ip.regionId === region.id);
      const inState = (status: string) => ips.filter((ip) => ip.status === status).length;
      return {
        regionId: region.id,
        country: region.country,
        countryName: english ? region.countryNameEn : region.countryNameZh,
        cityName: english ? region.cityNameEn : region.cityNameZh,
        sold: ips.filter((ip) => soldIps.has(ip.id)).length,
        available: inState('available'),
        cooling: inState('cooling'),
        quarantined: inState('quarantined'),
        total: ips.filter((ip) => ip.status !== 'retired').length,
      };
    });
  const totals = { sold: 0, available: 0, cooling: 0, quarantined: 0, total: 0 };
  for (const region of regionList) {
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += region[key];
  }

  const traffic = seriesDays.map((day) => {
    const ofDay = rows.usageRows.filter((usage) => businessDay(usage.hour) === day);
    const bytes = (kind: string) =>
      Number(
        ofDay
          .filter((usage) => usage.kind === kind)
          .reduce((sum, usage) => sum + usage.bytesUp + usage.bytesDown, 0n),
      );
    return { day, staticBytes: bytes('static'), dynamicBytes: bytes('dynamic') };
  });

  const offlineAfterSeconds = NODE_OFFLINE_AFTER_POLLS * NODE_POLL_INTERVAL_SECONDS;
  const heardFrom = (lastSeenAt: Date | null) =>
    lastSeenAt !== null && now.getTime() - lastSeenAt.getTime() <= offlineAfterSeconds * 1000;
  const activeNodes = rows.nodeRows.filter((node) => node.status === 'active');

  const pending = rows.paymentRows.filter((payment) => payment.status === 'pending');
  const paid = rows.paymentRows.filter((payment) => payment.status === 'paid' && payment.paidAt);

  // The reconciliation, by day and channel, over its default 30 days.
  const cells = new Map<
    string,
    { paid: bigint; paidCount: number; ledger: bigint; count: number }
  >();
  const cell = (day: string, channel: string | null) => {
    const key = `${day}|${channel}`;
    const found = cells.get(key) ?? { paid: 0n, paidCount: 0, ledger: 0n, count: 0 };
    cells.set(key, found);
    return found;
  };
  const inRange = (day: string) => day >= seriesDays[0]! && day <= today;
  for (const payment of paid) {
    const day = businessDay(payment.paidAt!);
    if (!inRange(day)) continue;
    const sums = cell(day, payment.channel);
    sums.paid += payment.amountFen;
    sums.paidCount += 1;
  }
  for (const entry of rows.ledgerRows) {
    const day = businessDay(entry.createdAt);
    if (entry.type !== 'topup' || !inRange(day)) continue;
    const payment = rows.paymentRows.find((candidate) => candidate.id === entry.reference);
    const sums = cell(day, parseTopUpNote(entry.note)?.channel ?? payment?.channel ?? null);
    sums.ledger += entry.amountFen;
    sums.count += 1;
  }
  const mismatchedDays = [
    ...new Set(
      [...cells.entries()]
        .filter(([, sums]) => sums.paid !== sums.ledger || sums.paidCount !== sums.count)
        .map(([key]) => key.split('|')[0]!),
    ),
  ].sort();

  const period = (within: (time: Date) => boolean): DashboardMoneyPeriod => {
    const topUps = paid.filter((payment) => within(payment.paidAt!));
    const placed = rows.orderRows.filter((order) => within(order.createdAt));
    const refunds = rows.refundRows.filter((refund) => within(refund.createdAt));
    const sum = (amounts: bigint[]) => amounts.reduce((total, amount) => total + amount, 0n);
    const gross = sum(placed.map((order) => order.totalFen));
    const refunded = sum(refunds.map((refund) => refund.amountFen));
    return {
      revenue: fenToYuan(sum(topUps.map((payment) => payment.amountFen))),
      paidTopUps: topUps.length,
      orders: placed.length,
      grossSales: fenToYuan(gross),
      refunds: fenToYuan(refunded),
      netSales: fenToYuan(gross - refunded),
    };
  };

  return {
    generatedAt: now.toISOString(),
    today,
    thisMonth,
    lastMonth,
    customers: {
      newToday: customers.filter((user) => isToday(user.createdAt)).length,
      newThisMonth: customers.filter((user) => isThisMonth(user.createdAt)).length,
      withLiveIps: new Set(liveInstances.map((instance) => instance.userId)).size,
    },
    staticIps: { regions: regionList, totals },
    traffic: { today: traffic.at(-1)!, series: traffic },
    nodes: {
      online: activeNodes.filter((node) => heardFrom(node.lastSeenAt)).length,
      offline: activeNodes.filter((node) => !heardFrom(node.lastSeenAt)).length,
      disabled: rows.nodeRows.filter((node) => node.status === 'disabled').length,
      offlineAfterSeconds,
    },
    payments: { pending: pending.length, mismatchedDays },
    money: hasPermission(role, 'dashboard.money')
      ? {
          today: period(isToday),
          thisMonth: period(isThisMonth),
          lastMonth: period(isLastMonth),
          pendingAmount: fenToYuan(pending.reduce((sum, payment) => sum + payment.amountFen, 0n)),
          series: seriesDays.map((day) => {
            const { revenue, netSales } = period((time) => businessDay(time) === day);
            return { day, revenue, netSales };
          }),
        }
      : null,
  };
}
