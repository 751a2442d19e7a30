// Renewals: by the customer (one or several instances, one payment) and by the auto-renew job.
import {
  AUTO_RENEW_NOTE,
  fenToYuan,
  type Instance,
  type Locale,
  type Order,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { findPlanFor, findPlanPrice, listPlanPrices } from '../catalog/public.ts';
import { pickRenewalDuration, renewedExpiry } from './renewal-rules.ts';
import { findLastBoughtDuration, type DueRenewal, reclaimCoolingIps } from '../inventory/public.ts';
import { runPurchase, type OrderLine } from '../checkout/public.ts';
import { getOrderWithInstances } from './service.ts';
import { findWallet } from '../wallet/public.ts';
import {
  hasLaterInstanceOnIp,
  listUserInstanceDetails,
  lockInstanceDetails,
  updateInstance,
  type InstanceDetail,
} from './repo.ts';

interface PricedInstance {
  detail: InstanceDetail;
  planId: string;
  unitPriceFen: bigint;
}

/**
 * Each instance's price now: its region and line type's plan price for the duration (a plan no
 * longer on sale still prices renewals of the IPs already sold). Throws `instanceNotFound` when
 * one id is not the caller's, `durationNotOffered` when a plan lacks the duration.
 */
async function priceRenewal(
  db: Db,
  details: InstanceDetail[],
  { instanceIds, durationDays }: { instanceIds: string[]; durationDays: number },
): Promise<PricedInstance[]> {
  if (details.length !== instanceIds.length) throw new AppError('instanceNotFound');
  const priced: PricedInstance[] = [];
  for (const detail of details) {
    const plan = await findPlanFor(db, {
      regionId: detail.ip.regionId,
      lineType: detail.ip.lineType,
    });
    const unitPriceFen = plan
      ? await findPlanPrice(db, { planId: plan.id, durationDays })
      : undefined;
    if (!plan || unitPriceFen === undefined) {
      throw new AppError('durationNotOffered', { durationDays });
    }
    priced.push({ detail, planId: plan.id, unitPriceFen });
  }
  return priced;
}

/**
 * An expired instance may come back only while its IP is still held for it: allocated or cooling,
 * and no instance created on it since. Otherwise the address went to the pool or to someone else.
 */
async function assertStillHoldsIp(db: Db, { instance, ip }: InstanceDetail): Promise<void> {
  if (instance.status === 'active') return;
  const held = ip.status === 'allocated' || ip.status === 'cooling';
  if (
    !held ||
    (await hasLaterInstanceOnIp(db, {
      ipAddressId: ip.id,
      instanceId: instance.id,
      createdAt: instance.createdAt,
    }))
  ) {
    throw new AppError('instanceNotRenewable');
  }
}

function uniqueIds(ids: string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

export async function quoteRenewal({
  db,
  userId,
  instanceIds,
  durationDays,
}: {
  db: Db;
  userId: string;
  instanceIds: string[];
  durationDays: number;
}): Promise<{ total: number; balance: number; sufficientBalance: boolean }> {
  const ids = uniqueIds(instanceIds);
  const details = await listUserInstanceDetails(db, { userId, instanceIds: ids });
  const priced = await priceRenewal(db, details, { instanceIds: ids, durationDays });
  // The same refusals the renewal itself would give, so the dialog can say so before paying.
  for (const { detail } of priced) await assertStillHoldsIp(db, detail);
  const totalFen = priced.reduce((sum, item) => sum + item.unitPriceFen, 0n);
  const balanceFen = (await findWallet(db, userId))?.balanceFen ?? 0n;
  return {
    total: fenToYuan(totalFen),
    balance: fenToYuan(balanceFen),
    sufficientBalance: balanceFen >= totalFen,
  };
}

/**
 * Renews the caller's instances for `durationDays` through the purchase pipeline, in ONE
 * transaction and ONE payment: a `renewal` order with one item per instance, one `renewal`
 * ledger row, each expiry moved to max(now, expiry) + duration. Expired instances whose IP is
 * still theirs come back to life.
 *
 * `db` may be the database or a transaction the caller already holds (the auto-renew job):
 * drizzle nests it as a savepoint, so a failed renewal leaves the caller's transaction usable.
 * Throws `instanceNotFound`, `durationNotOffered`, `instanceNotRenewable` or
 * `insufficientBalance`, having changed nothing; `idempotencyKeyReused` for a key sent before with
 * other instances or another duration.
 */
export async function renewInstances({
  db,
  userId,
  instanceIds,
  durationDays,
  locale = 'zh-CN',
  now = new Date(),
  note = '',
  idempotencyKey,
}: {
  db: Db;
  userId: string;
  instanceIds: string[];
  durationDays: number;
  locale?: Locale;
  /** The customer's `Idempotency-Key`: a repeat renews and charges nothing, answering the first. */
  idempotencyKey?: string;
  now?: Date;
  /** Ledger note, e.g. that the job renewed automatically. */
  note?: string;
}): Promise<{ order: Order; instances: Instance[] }> {
  const ids = uniqueIds(instanceIds);
  if (ids.length === 0) throw new AppError('instanceNotFound');
  const orderId = await runPurchase({
    db,
    userId,
    orderType: 'renewal',
    ledgerType: 'renewal',
    idempotencyKey,
    fingerprint: ['renewal', ids, durationDays],
    now,
    // The auto-renew job tells the owner itself (`instance.renewed`).
    mailPaid: note !== AUTO_RENEW_NOTE,
    price: async (tx) => {
      // Locked so two renewals of one instance queue instead of both reading the old expiry.
      const details = await lockInstanceDetails(tx, { userId, instanceIds: ids });
      const priced = await priceRenewal(tx, details, { instanceIds: ids, durationDays });
      for (const { detail } of priced) await assertStillHoldsIp(tx, detail);
      const lines = priced.map(
        ({ detail: { instance, ip, region }, planId, unitPriceFen }): OrderLine => ({
          kind: 'static_ip',
          planId,
          instanceId: instance.id,
          country: region.country,
          countryNameZh: region.countryNameZh,
          countryNameEn: region.countryNameEn,
          cityNameZh: region.cityNameZh,
          cityNameEn: region.cityNameEn,
          lineType: ip.lineType,
          durationDays,
          quantity: 1,
          unitPriceFen,
          amountFen: unitPriceFen,
        }),
      );
      return { lines, note, details: priced.map(({ detail }) => detail) };
    },
    fulfil: async (tx, { priced: { details } }) => {
      for (const { instance } of details) {
        await updateInstance(tx, {
          userId,
          instanceId: instance.id,
          changes: {
            status: 'active',
            renewalWarning: null,
            expiresAt: renewedExpiry({ expiresAt: instance.expiresAt, durationDays, now }),
          },
        });
      }
      // Only a cooling address is reclaimed. A live instance on a quarantined address may be
      // renewed (it keeps working until replaced), but its address stays quarantined: the
      // address rows are locked above, so an operator's quarantine cannot slip in between.
      await reclaimCoolingIps(
        tx,
        details.filter(({ ip }) => ip.status === 'cooling').map(({ ip }) => ip.id),
      );
    },
  });
  return getOrderWithInstances({ db, userId, orderId, locale });
}

/** The duration an automatic renewal of `instance` buys (see `pickRenewalDuration`). */
async function chooseDuration(
  db: Db,
  instance: Pick<DueRenewal, 'id' | 'orderId' | 'regionId' | 'lineType'>,
): Promise<number | undefined> {
  const plan = await findPlanFor(db, { regionId: instance.regionId, lineType: instance.lineType });
  const offeredDays = plan
    ? (await listPlanPrices(db, [plan.id])).map((price) => price.durationDays)
    : [];
  const lastDays = await findLastBoughtDuration(db, {
    instanceId: instance.id,
    orderId: instance.orderId,
  });
  return pickRenewalDuration({ lastDays, offeredDays });
}

/**
 * An automatic renewal of one due instance (the renewal job's), through the same `renewInstances`
 * a customer's renewal uses: for the duration last bought while the plan still offers it, else
 * the shortest offered; refused with `durationNotOffered` when it offers none.
 */
export async function renewDueInstance({
  db,
  instance,
  now,
}: {
  db: Db;
  instance: DueRenewal;
  now: Date;
}): Promise<{ order: Order; instances: Instance[] }> {
  const durationDays = await chooseDuration(db, instance);
  if (durationDays === undefined) throw new AppError('durationNotOffered');
  return renewInstances({
    db,
    userId: instance.userId,
    instanceIds: [instance.id],
    durationDays,
    now,
    note: AUTO_RENEW_NOTE,
  });
}

/**
 * What an automatic renewal of `instance` would charge now (the reminder job asks, days ahead):
 * the plan's price for the duration `renewDueInstance` would pick; undefined when nothing can be
 * bought, so the renewal would fail whatever the balance.
 */
export async function autoRenewalPriceFen(
  db: Db,
  instance: Pick<DueRenewal, 'id' | 'orderId' | 'regionId' | 'lineType'>,
): Promise<bigint | undefined> {
  const durationDays = await chooseDuration(db, instance);
  if (durationDays === undefined) return undefined;
  const plan = await findPlanFor(db, { regionId: instance.regionId, lineType: instance.lineType });
  return plan ? findPlanPrice(db, { planId: plan.id, durationDays }) : undefined;
}
