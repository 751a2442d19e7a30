// Static-IP plans: one per region and line type, with protocols, a price per duration, whether
// customers see it, and its place in the catalog. Orders copy the unit price they paid, so a
// price change never touches what was bought; renewals quote the price of the day. Operators
// (the API) and `npm run admin -- set-price` both come here, and every write records its audit
// entry in its transaction.
import {
  fenToYuan,
  type AdminStaticIpPlan,
  type LineType,
  type PlanPriceInput,
  type ProxyProtocol,
} from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { catalogChanged, transactionAnnouncing } from '../../change-notifications.ts';
import { AppError } from '../../errors.ts';
import { diffChanges, recordAudit, type StaffActor } from '../audit/public.ts';
import { definedOnly } from './admin-changes.ts';
import {
  createdPlanFields,
  inProtocolOrder,
  planFields,
  priceChanges,
  priceFields,
  toFenPrices,
  type FenPrice,
} from './admin-plan-fields.ts';
import {
  countLiveInstances,
  deletePlanRow,
  findPlanRow,
  insertPlan,
  listPlanRows,
  listPricesOf,
  lockPlan,
  replacePlanPrices,
  updatePlanRow,
  type PlanListRow,
  type PlanPriceRow,
} from './admin-plan-repo.ts';
import { findRegionRow } from './admin-region-repo.ts';

function toAdminPlan(row: PlanListRow, prices: PlanPriceRow[]): AdminStaticIpPlan {
  const { plan, region } = row;
  return {
    id: plan.id,
    region: {
      id: region.id,
      country: region.country,
      cityCode: region.cityCode,
      countryNameZh: region.countryNameZh,
      countryNameEn: region.countryNameEn,
      cityNameZh: region.cityNameZh,
      cityNameEn: region.cityNameEn,
    },
    lineType: plan.lineType,
    protocols: plan.protocols as ProxyProtocol[],
    active: plan.active,
    sortOrder: plan.sortOrder,
    replacementsPerMonth: plan.replacementsPerMonth,
    prices: prices
      .filter((price) => price.planId === plan.id)
      .map((price) => ({ durationDays: price.durationDays, price: fenToYuan(price.priceFen) })),
    liveInstances: row.liveInstances,
    stock: row.stock,
    lowStockMark: plan.lowStockMark,
    createdAt: plan.createdAt.toISOString(),
  };
}

async function requirePlan(db: Db, planId: string): Promise<AdminStaticIpPlan> {
  const row = await findPlanRow(db, planId);
  if (!row) throw new AppError('staticIpPlanNotFound');
  return toAdminPlan(row, await listPricesOf(db, [planId]));
}

/** Plans, shown and hidden, in catalog order, with their prices, stock and live instances. */
export async function listStaticIpPlans({
  db,
  regionId,
  lineType,
}: {
  db: Db;
  regionId?: string;
  lineType?: LineType;
}): Promise<AdminStaticIpPlan[]> {
  const rows = await listPlanRows(db, { regionId, lineType });
  const prices = await listPricesOf(
    db,
    rows.map((row) => row.plan.id),
  );
  return rows.map((row) => toAdminPlan(row, prices));
}

export interface NewPlanInput {
  regionId: string;
  lineType: LineType;
  protocols: ProxyProtocol[];
  active: boolean;
  sortOrder: number;
  replacementsPerMonth: number;
  lowStockMark: number | null;
  prices: PlanPriceInput[];
}

/** Adds the plan of a region and line type with its prices: one entry, `plan.create`. */
export async function createStaticIpPlan({
  db,
  actor,
  plan,
}: {
  db: Db;
  actor: StaffActor;
  plan: NewPlanInput;
}): Promise<AdminStaticIpPlan> {
  return transactionAnnouncing(db, catalogChanged, async (tx) => {
    const region = await findRegionRow(tx, plan.regionId);
    if (!region) throw new AppError('regionNotFound');
    const created = await insertPlan(tx, {
      regionId: region.id,
      lineType: plan.lineType,
      protocols: inProtocolOrder(plan.protocols),
      active: plan.active,
      sortOrder: plan.sortOrder,
      replacementsPerMonth: plan.replacementsPerMonth,
      lowStockMark: plan.lowStockMark,
    });
    if (!created) throw new AppError('staticIpPlanTaken');
    const prices = toFenPrices(plan.prices);
    await replacePlanPrices(tx, created.id, prices);
    await recordAudit({
      tx,
      actor,
      action: 'plan.create',
      target: { type: 'static_ip_plan', id: created.id },
      changes: createdPlanFields(created, region, prices),
    });
    return requirePlan(tx, created.id);
  });
}

export interface PlanChanges {
  protocols?: ProxyProtocol[];
  active?: boolean;
  sortOrder?: number;
  replacementsPerMonth?: number;
  /** null takes the mark away. */
  lowStockMark?: number | null;
  /** The whole new price list: durations left out are no longer offered. */
  prices?: PlanPriceInput[];
}

/**
 * Changes a plan. Protocols, visibility, sort order, replacements and the low-stock mark are recorded as `plan.update`, the price
 * list as `plan.price`; what did not change is not recorded. Hiding takes the plan out of the
 * customer catalog and its purchases at once; renewals of what it sold go on at its prices.
 */
export async function updateStaticIpPlan({
  db,
  actor,
  planId,
  changes,
}: {
  db: Db;
  actor: StaffActor;
  planId: string;
  changes: PlanChanges;
}): Promise<AdminStaticIpPlan> {
  return transactionAnnouncing(db, catalogChanged, async (tx) => {
    const before = await lockPlan(tx, planId, 'no key update');
    if (!before) throw new AppError('staticIpPlanNotFound');
    const { prices, ...fields } = changes;
    const given = definedOnly({
      ...fields,
      protocols: fields.protocols && inProtocolOrder(fields.protocols),
    });
    const changed = diffChanges(planFields(before), planFields({ ...before, ...given }));
    if (Object.keys(changed).length > 0) {
      await updatePlanRow(tx, planId, given);
      await recordAudit({
        tx,
        actor,
        action: 'plan.update',
        target: { type: 'static_ip_plan', id: planId },
        changes: changed,
      });
    }
    if (prices) await replacePrices(tx, { actor, planId, prices: toFenPrices(prices) });
    return requirePlan(tx, planId);
  });
}

/** Replaces the plan's price list (the plan locked by the caller) and records `plan.price`. */
async function replacePrices(
  tx: Tx,
  { actor, planId, prices }: { actor: StaffActor; planId: string; prices: FenPrice[] },
): Promise<void> {
  const current = await listPricesOf(tx, [planId]);
  const changed = priceChanges(current, prices);
  if (Object.keys(changed).length === 0) return;
  await replacePlanPrices(tx, planId, prices);
  await recordAudit({
    tx,
    actor,
    action: 'plan.price',
    target: { type: 'static_ip_plan', id: planId },
    changes: changed,
  });
}

/**
 * Deletes a plan that serves no live instance (`staticIpPlanInUse` otherwise: hide it instead).
 * Purchases hold the plan `FOR KEY SHARE`, so the lock taken here waits for one in flight and
 * the count then sees its instances; a purchase arriving later finds no plan.
 */
export async function deleteStaticIpPlan({
  db,
  actor,
  planId,
}: {
  db: Db;
  actor: StaffActor;
  planId: string;
}): Promise<void> {
  await transactionAnnouncing(db, catalogChanged, async (tx) => {
    const plan = await lockPlan(tx, planId, 'update');
    if (!plan) throw new AppError('staticIpPlanNotFound');
    const instances = await countLiveInstances(tx, plan);
    if (instances > 0) throw new AppError('staticIpPlanInUse', { instances });
    const row = await findPlanRow(tx, planId);
    const prices = await listPricesOf(tx, [planId]);
    await deletePlanRow(tx, planId);
    const recorded: Record<string, unknown> = {
      region: row ? `${row.region.country}/${row.region.cityCode}` : plan.regionId,
      lineType: plan.lineType,
      ...planFields(plan),
      ...priceFields(prices),
    };
    await recordAudit({
      tx,
      actor,
      action: 'plan.delete',
      target: { type: 'static_ip_plan', id: planId },
      changes: Object.fromEntries(
        Object.entries(recorded).map(([field, value]) => [field, { before: value, after: null }]),
      ),
    });
  });
}
