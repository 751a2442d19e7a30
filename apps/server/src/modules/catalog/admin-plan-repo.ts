// Queries behind the operator's static-IP plans and their prices.
import {
  and,
  asc,
  eq,
  inArray,
  ipAddresses,
  isNotNull,
  notInArray,
  planPrices,
  proxyInstances,
  regions,
  sql,
  staticIpPlans,
  type Db,
  type LineTypeKind,
  type SQL,
  type Tx,
} from '@stratus/db';
import { regionOrder, type RegionRow } from './admin-region-repo.ts';

export type PlanRow = typeof staticIpPlans.$inferSelect;
export type PlanPriceRow = typeof planPrices.$inferSelect;

export interface PlanListRow {
  plan: PlanRow;
  region: RegionRow;
  liveInstances: number;
  stock: number;
}

/** Instances live now on addresses of the plan's region and line type: what the plan serves. */
const liveInstancesOfPlan = sql<number>`(select count(*)::int from ${proxyInstances} join ${ipAddresses} on ${ipAddresses.id} = ${proxyInstances.ipAddressId} where ${proxyInstances.status} = 'active' and ${ipAddresses.regionId} = ${staticIpPlans.regionId} and ${ipAddresses.lineType} = ${staticIpPlans.lineType})`;

/** Addresses of the plan's region and line type ready to sell. */
const stockOfPlan = sql<number>`(select count(*)::int from ${ipAddresses} where ${ipAddresses.regionId} = ${staticIpPlans.regionId} and ${ipAddresses.lineType} = ${staticIpPlans.lineType} and ${ipAddresses.status} = 'available')`;

/**
 * Addresses ever put in the plan's pool, whatever became of them since. Address rows are never
 * deleted (instances and history refer to them) nor moved to another region or line type, so
 * this only grows, and only when addresses are imported: what a low-stock alert is keyed on.
 */
const poolSizeOfPlan = sql<number>`(select count(*)::int from ${ipAddresses} where ${ipAddresses.regionId} = ${staticIpPlans.regionId} and ${ipAddresses.lineType} = ${staticIpPlans.lineType})`;

export interface LowStockRow {
  plan: PlanRow;
  region: RegionRow;
  /** As the operators' list counts it: addresses ready to sell now. */
  stock: number;
  poolSize: number;
}

/**
 * Plans on sale whose stock is below their low-stock mark (all of them, or the one `planId`),
 * with their pool's size. Hidden plans are left out: nothing is sold from them.
 */
export async function listPlansBelowLowStockMark(
  db: Db,
  { planId }: { planId?: string } = {},
): Promise<LowStockRow[]> {
  const rows = await db
    .select({ plan: staticIpPlans, region: regions, stock: stockOfPlan, poolSize: poolSizeOfPlan })
    .from(staticIpPlans)
    .innerJoin(regions, eq(regions.id, staticIpPlans.regionId))
    .where(
      and(
        planId === undefined ? undefined : eq(staticIpPlans.id, planId),
        eq(staticIpPlans.active, true),
        isNotNull(staticIpPlans.lowStockMark),
        sql`${stockOfPlan} < ${staticIpPlans.lowStockMark}`,
      ),
    )
    .orderBy(asc(staticIpPlans.id));
  return rows.map((row) => ({ ...row, stock: Number(row.stock), poolSize: Number(row.poolSize) }));
}

function selectPlans(db: Db) {
  return db
    .select({
      plan: staticIpPlans,
      region: regions,
      liveInstances: liveInstancesOfPlan,
      stock: stockOfPlan,
    })
    .from(staticIpPlans)
    .innerJoin(regions, eq(regions.id, staticIpPlans.regionId));
}

function toListRow(row: PlanListRow): PlanListRow {
  return { ...row, liveInstances: Number(row.liveInstances), stock: Number(row.stock) };
}

/** Plans in catalog order: their region's order, then the plan's sort order and line type. */
export async function listPlanRows(
  db: Db,
  { regionId, lineType }: { regionId?: string; lineType?: LineTypeKind },
): Promise<PlanListRow[]> {
  const conditions: SQL[] = [];
  if (regionId) conditions.push(eq(staticIpPlans.regionId, regionId));
  if (lineType) conditions.push(eq(staticIpPlans.lineType, lineType));
  const rows = await selectPlans(db)
    .where(and(...conditions))
    .orderBy(...regionOrder, asc(staticIpPlans.sortOrder), asc(staticIpPlans.lineType));
  return rows.map(toListRow);
}

export async function findPlanRow(db: Db, planId: string): Promise<PlanListRow | undefined> {
  const [row] = await selectPlans(db).where(eq(staticIpPlans.id, planId));
  return row && toListRow(row);
}

/** Prices of these plans, shortest duration first. */
export async function listPricesOf(db: Db, planIds: string[]): Promise<PlanPriceRow[]> {
  if (planIds.length === 0) return [];
  return db
    .select()
    .from(planPrices)
    .where(inArray(planPrices.planId, planIds))
    .orderBy(asc(planPrices.durationDays));
}

/**
 * Locks the plan for a change. Purchases read the plan `FOR KEY SHARE`, so a deletion waits for
 * a purchase in flight (and then sees its instances) while price and visibility changes do not.
 */
export async function lockPlan(
  tx: Tx,
  planId: string,
  strength: 'update' | 'no key update',
): Promise<PlanRow | undefined> {
  const [row] = await tx
    .select()
    .from(staticIpPlans)
    .where(eq(staticIpPlans.id, planId))
    .for(strength);
  return row;
}

/** Inserts the plan unless its region already has one for the line type; undefined then. */
export async function insertPlan(
  tx: Tx,
  plan: Pick<PlanRow, 'regionId' | 'lineType' | 'protocols' | 'active' | 'sortOrder'> &
    Partial<Pick<PlanRow, 'replacementsPerMonth' | 'lowStockMark'>>,
): Promise<PlanRow | undefined> {
  const [row] = await tx
    .insert(staticIpPlans)
    .values(plan)
    .onConflictDoNothing({ target: [staticIpPlans.regionId, staticIpPlans.lineType] })
    .returning();
  return row;
}

export async function findPlanByRegionLine(
  db: Db,
  { regionId, lineType }: { regionId: string; lineType: LineTypeKind },
): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(staticIpPlans)
    .where(and(eq(staticIpPlans.regionId, regionId), eq(staticIpPlans.lineType, lineType)));
  return row;
}

export async function updatePlanRow(
  tx: Tx,
  planId: string,
  changes: Partial<
    Pick<PlanRow, 'protocols' | 'active' | 'sortOrder' | 'replacementsPerMonth' | 'lowStockMark'>
  >,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx.update(staticIpPlans).set(changes).where(eq(staticIpPlans.id, planId));
}

/** Sets the price of each given duration and drops the durations not given. */
export async function replacePlanPrices(
  tx: Tx,
  planId: string,
  prices: { durationDays: number; priceFen: bigint }[],
): Promise<void> {
  await tx.delete(planPrices).where(
    and(
      eq(planPrices.planId, planId),
      notInArray(
        planPrices.durationDays,
        prices.map((price) => price.durationDays),
      ),
    ),
  );
  for (const price of prices) await upsertPlanPrice(tx, { planId, ...price });
}

export async function upsertPlanPrice(
  tx: Tx,
  { planId, durationDays, priceFen }: { planId: string; durationDays: number; priceFen: bigint },
): Promise<void> {
  await tx
    .insert(planPrices)
    .values({ planId, durationDays, priceFen })
    .onConflictDoUpdate({
      target: [planPrices.planId, planPrices.durationDays],
      set: { priceFen },
    });
}

/** Instances live now on the plan's addresses (read inside the deleting transaction). */
export async function countLiveInstances(
  db: Db,
  { regionId, lineType }: { regionId: string; lineType: LineTypeKind },
): Promise<number> {
  const [row] = await db
    .select({ live: sql<number>`count(*)::int` })
    .from(proxyInstances)
    .innerJoin(ipAddresses, eq(ipAddresses.id, proxyInstances.ipAddressId))
    .where(
      and(
        eq(proxyInstances.status, 'active'),
        eq(ipAddresses.regionId, regionId),
        eq(ipAddresses.lineType, lineType),
      ),
    );
  return Number(row?.live ?? 0);
}

/** Deletes the plan; its prices go with it (cascade). Orders keep their copied lines. */
export async function deletePlanRow(tx: Tx, planId: string): Promise<void> {
  await tx.delete(staticIpPlans).where(eq(staticIpPlans.id, planId));
}
