// Reminders, each exactly once per reason. Every reminder is an outbox row whose unique key names
// its reason: (recipient, event, subject, threshold, period). Any number of servers may run the
// pass at once: a key written twice is written once (the outbox's unique index), and the delivery
// job sends each row once. The period is what starts the thresholds again: an instance's expiry
// (a renewal moves it), a package (a new one is another subject), the ledger entry that last left
// the balance at or above the customer's mark (a top-up above it makes a new one).
import {
  mailPlace,
  renewalFailureLabels,
  type Locale,
  type RenewalFailureReason,
} from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { autoRenewalPriceFen } from '../instances/public.ts';
import {
  mailBytes,
  mailTime,
  mailYuan,
  queueUserMail,
  type EventMail,
} from '../messages/public.ts';
import {
  findQueuedKeys,
  findRenewalLine,
  listExpiringInstances,
  listInstanceSubjects,
  listLowBalances,
  listPackagesEnding,
  listPackagesPastUse,
  type InstanceSubject,
  type PackageSubject,
} from './repo.ts';

const DAY_MS = 86_400_000;
const PAGE_SIZE = 500;
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/** Days before an instance's expiry that its owner is reminded (smallest reached wins). */
export const INSTANCE_REMINDER_DAYS = [7, 3, 1] as const;
/** An auto-renew instance is reminded only this many days ahead, and only if unpaid for. */
export const AUTO_RENEW_REMINDER_DAYS = 3;
/** Shares of a package's bytes its owner is told about (the highest reached wins). */
export const TRAFFIC_THRESHOLDS = [80, 90, 100] as const;
/** Days before a package with bytes left ends that its owner is reminded. */
export const TRAFFIC_EXPIRY_REMINDER_DAYS = 3;

/** The console pages mail links to. */
export const consolePages = {
  ipList: '/console/ipList',
  trafficPackages: '/console/trafficFlowPackList',
  recharge: '/console/recharge',
} as const;

function instanceValues(subject: InstanceSubject) {
  return (locale: Locale) => ({
    ip: subject.address,
    location: mailPlace(subject, locale),
    expiresAt: mailTime(subject.expiresAt),
  });
}

function instanceData(subject: InstanceSubject) {
  return {
    instanceId: subject.id,
    ip: subject.address,
    expiresAt: subject.expiresAt.toISOString(),
  };
}

/** The smallest of `days` at or above the time left, in days; undefined when none is. */
export function reminderThreshold(left: number, days: readonly number[]): number | undefined {
  return [...days].sort((a, b) => a - b).find((day) => left <= day * DAY_MS);
}

/** The highest of `TRAFFIC_THRESHOLDS` a package has reached; undefined below the lowest. */
export function trafficThreshold(pkg: Pick<PackageSubject, 'usedBytes' | 'totalBytes'>) {
  return [...TRAFFIC_THRESHOLDS]
    .reverse()
    .find((percent) => pkg.usedBytes * 100n >= pkg.totalBytes * BigInt(percent));
}

export interface ReminderReport {
  queued: number;
}

interface Candidate extends EventMail {
  userId: string;
  dedupeKey: string;
}

/** Queues the candidates whose keys the outbox does not hold yet; answers how many it wrote. */
async function queueNew(db: Db, candidates: Candidate[]): Promise<number> {
  const known = await findQueuedKeys(
    db,
    candidates.map((candidate) => candidate.dedupeKey),
  );
  let queued = 0;
  for (const candidate of candidates) {
    if (known.has(candidate.dedupeKey)) continue;
    // Another server may write the same key between the look and here: the insert then writes
    // nothing (ON CONFLICT DO NOTHING on the unique key) and answers undefined.
    if (await queueUserMail(db, candidate)) queued += 1;
  }
  return queued;
}

/** Runs `page` over every page of a keyset-paged list, from the first id. */
async function eachPage<T extends { id: string }>(
  list: (afterId: string) => Promise<T[]>,
  page: (rows: T[]) => Promise<void>,
): Promise<void> {
  let afterId = FIRST_ID;
  for (;;) {
    const rows = await list(afterId);
    if (rows.length > 0) await page(rows);
    if (rows.length < PAGE_SIZE) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

async function remindExpiringInstances(db: Db, now: Date): Promise<number> {
  let queued = 0;
  const until = new Date(now.getTime() + Math.max(...INSTANCE_REMINDER_DAYS) * DAY_MS);
  await eachPage(
    (afterId) => listExpiringInstances(db, { now, until, afterId, limit: PAGE_SIZE }),
    async (rows) => {
      const candidates: Candidate[] = [];
      for (const subject of rows) {
        const left = subject.expiresAt.getTime() - now.getTime();
        const days = reminderThreshold(
          left,
          subject.autoRenew ? [AUTO_RENEW_REMINDER_DAYS] : INSTANCE_REMINDER_DAYS,
        );
        if (days === undefined) continue;
        if (subject.autoRenew) {
          // Renewed automatically shortly before expiry when the balance covers it: a reminder
          // only when it will not (or nothing can be bought, so the renewal will fail anyway).
          const priceFen = await autoRenewalPriceFen(db, subject);
          if (priceFen !== undefined && subject.balanceFen >= priceFen) continue;
        }
        const period = subject.expiresAt.toISOString();
        candidates.push({
          userId: subject.userId,
          template: 'instance.expiring',
          values: (locale) => ({ ...instanceValues(subject)(locale), days }),
          data: { ...instanceData(subject), days, autoRenew: subject.autoRenew },
          path: consolePages.ipList,
          dedupeKey: `instance.expiring:${subject.userId}:${subject.id}:${days}d:${period}`,
        });
      }
      queued += await queueNew(db, candidates);
    },
  );
  return queued;
}

function packageValues(pkg: PackageSubject) {
  const remaining = pkg.totalBytes - pkg.usedBytes;
  return {
    gb: pkg.gb,
    remaining: mailBytes(remaining < 0n ? 0n : remaining),
    expiresAt: mailTime(pkg.expiresAt),
  };
}

function packageData(pkg: PackageSubject) {
  return {
    packageId: pkg.id,
    totalBytes: pkg.totalBytes.toString(),
    usedBytes: pkg.usedBytes.toString(),
    expiresAt: pkg.expiresAt.toISOString(),
  };
}

async function remindTrafficUse(db: Db, now: Date): Promise<number> {
  let queued = 0;
  await eachPage(
    (afterId) =>
      listPackagesPastUse(db, {
        now,
        minPercent: TRAFFIC_THRESHOLDS[0],
        afterId,
        limit: PAGE_SIZE,
      }),
    async (rows) => {
      const candidates: Candidate[] = [];
      for (const pkg of rows) {
        const percent = trafficThreshold(pkg);
        if (percent === undefined) continue;
        candidates.push({
          userId: pkg.userId,
          template: 'traffic.threshold',
          values: { ...packageValues(pkg), percent },
          data: { ...packageData(pkg), percent },
          path: consolePages.trafficPackages,
          dedupeKey: `traffic.threshold:${pkg.userId}:${pkg.id}:${percent}`,
        });
      }
      queued += await queueNew(db, candidates);
    },
  );
  return queued;
}

async function remindTrafficEnding(db: Db, now: Date): Promise<number> {
  let queued = 0;
  const until = new Date(now.getTime() + TRAFFIC_EXPIRY_REMINDER_DAYS * DAY_MS);
  await eachPage(
    (afterId) => listPackagesEnding(db, { now, until, afterId, limit: PAGE_SIZE }),
    async (rows) => {
      queued += await queueNew(
        db,
        rows.map((pkg) => ({
          userId: pkg.userId,
          template: 'traffic.expiring',
          values: packageValues(pkg),
          data: packageData(pkg),
          path: consolePages.trafficPackages,
          dedupeKey: `traffic.expiring:${pkg.userId}:${pkg.id}:${TRAFFIC_EXPIRY_REMINDER_DAYS}d:${pkg.expiresAt.toISOString()}`,
        })),
      );
    },
  );
  return queued;
}

async function remindLowBalances(db: Db): Promise<number> {
  let queued = 0;
  await eachPage(
    async (afterId) =>
      (await listLowBalances(db, { afterId, limit: PAGE_SIZE })).map((row) => ({
        ...row,
        id: row.userId,
      })),
    async (rows) => {
      queued += await queueNew(
        db,
        rows.map((row) => ({
          userId: row.userId,
          template: 'balance.low',
          values: { balance: mailYuan(row.balanceFen), threshold: mailYuan(row.thresholdFen) },
          data: {
            balanceFen: row.balanceFen.toString(),
            thresholdFen: row.thresholdFen.toString(),
          },
          path: consolePages.recharge,
          // Once per crossing: the period is the last entry that left the balance at or above
          // the mark, which only a credit above it (a top-up, a refund, an adjustment) replaces.
          dedupeKey: `balance.low:${row.userId}:${row.thresholdFen}:${row.lastAboveEntryId ?? 'never'}`,
        })),
      );
    },
  );
  return queued;
}

/**
 * One pass of the reminder job at `now`: static IPs expiring, traffic packages used up or
 * ending, balances under their mark. Answers how many reminders it wrote; a second pass with
 * nothing new writes none.
 */
export async function sendDueReminders({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<ReminderReport> {
  const queued =
    (await remindExpiringInstances(db, now)) +
    (await remindTrafficUse(db, now)) +
    (await remindTrafficEnding(db, now)) +
    (await remindLowBalances(db));
  return { queued };
}

/** `instance.expired` for instances the expiry job just ended, in its transaction. */
export async function mailInstancesExpired(tx: Tx, instanceIds: string[]): Promise<void> {
  for (const subject of await listInstanceSubjects(tx, instanceIds)) {
    await queueUserMail(tx, {
      userId: subject.userId,
      template: 'instance.expired',
      values: instanceValues(subject),
      data: instanceData(subject),
      path: consolePages.ipList,
      dedupeKey: `instance.expired:${subject.userId}:${subject.id}:${subject.expiresAt.toISOString()}`,
    });
  }
}

/** `instance.renewed` for an automatic renewal, in its transaction (after it). */
export async function mailInstanceRenewed(
  tx: Tx,
  { instanceId, orderId }: { instanceId: string; orderId: string },
): Promise<void> {
  const [subject] = await listInstanceSubjects(tx, [instanceId]);
  const line = await findRenewalLine(tx, { orderId, instanceId });
  if (!subject || !line) return;
  await queueUserMail(tx, {
    userId: subject.userId,
    template: 'instance.renewed',
    values: (locale) => ({
      ...instanceValues(subject)(locale),
      durationDays: line.durationDays,
      amount: mailYuan(line.amountFen),
    }),
    data: {
      ...instanceData(subject),
      orderId,
      orderNo: line.orderNo,
      durationDays: line.durationDays,
      amountFen: line.amountFen.toString(),
    },
    path: consolePages.ipList,
    dedupeKey: `instance.renewed:${subject.userId}:${instanceId}:${orderId}`,
  });
}

/**
 * `instance.renewal_failed`, in the renewal job's transaction: once per reason and expiry, though
 * the job tries again on every run until the instance is paid for or expires.
 */
export async function mailRenewalFailed(
  tx: Tx,
  { instanceId, reason }: { instanceId: string; reason: RenewalFailureReason },
): Promise<void> {
  const [subject] = await listInstanceSubjects(tx, [instanceId]);
  if (!subject) return;
  await queueUserMail(tx, {
    userId: subject.userId,
    template: 'instance.renewal_failed',
    values: (locale) => ({
      ...instanceValues(subject)(locale),
      reason: renewalFailureLabels[locale][reason],
    }),
    data: { ...instanceData(subject), reason },
    path: consolePages.ipList,
    dedupeKey: `instance.renewal_failed:${subject.userId}:${instanceId}:${reason}:${subject.expiresAt.toISOString()}`,
  });
}
