import {
  and,
  asc,
  eq,
  inArray,
  ipAddresses,
  not,
  planPrices,
  preparedPerDatabase,
  regions,
  sql,
  staticIpPlans,
  type Db,
  type SQL,
} from '@stratus/db';
import { vmessUnservedOn } from '../nodes/public.ts';

export type RegionRow = typeof regions.$inferSelect;
export type PlanRow = typeof staticIpPlans.$inferSelect;
export type PlanPriceRow = typeof planPrices.$inferSelect;

export interface PlanWithRegion {
  plan: PlanRow;
  region: RegionRow;
}

/** A plan with its region and its price for one duration (undefined when not offered). */
export type PlanWithPrice = PlanWithRegion & { priceFen: bigint | undefined };

/**
 * Plans on sale with their region, in the operators' order: the region's sort order, then the
 * plan's, with country, city and line type settling ties. (The route keeps the answer in memory;
 * the write hiding a plan drops it on every server.)
 */
export async function listActivePlans(db: Db): Promise<PlanWithRegion[]> {
  return db
    .select({ plan: staticIpPlans, region: regions })
    .from(staticIpPlans)
    .innerJoin(regions, eq(regions.id, staticIpPlans.regionId))
    .where(eq(staticIpPlans.active, true))
    .orderBy(
      asc(regions.sortOrder),
      asc(regions.country),
      asc(regions.cityCode),
      asc(staticIpPlans.sortOrder),
      asc(staticIpPlans.lineType),
    );
}

/**
 * The plan with its region. The plan row is read `FOR KEY SHARE`: inside a purchase it stays
 * until commit, so an operator deleting the plan waits for the purchase and then counts its
 * instances (price and visibility changes are not held up).
 */
export async function findPlan(db: Db, planId: string): Promise<PlanWithRegion | undefined> {
  const [row] = await db
    .select({ plan: staticIpPlans, region: regions })
    .from(staticIpPlans)
    .innerJoin(regions, eq(regions.id, staticIpPlans.regionId))
    .where(eq(staticIpPlans.id, planId))
    .for('key share', { of: staticIpPlans });
  return row;
}

/**
 * `findPlan` and `findPlanPrice` in one round trip, for a purchase: the plan with its region,
 * key-share locked like `findPlan`, and its price for `durationDays` (undefined when the plan does
 * not offer that duration). Undefined when there is no such plan.
 */
export async function findPlanWithPrice(
  db: Db,
  { planId, durationDays }: { planId: string; durationDays: number },
): Promise<PlanWithPrice | undefined> {
  const [row] = await selectPlanWithPrice(db).execute({ planId, durationDays });
  return row && { plan: row.plan, region: row.region, priceFen: row.priceFen ?? undefined };
}

// Prepared (prepared.ts): every purchase without an idempotency key runs it.
const selectPlanWithPrice = preparedPerDatabase((db: Db) =>
  selectPlanWithPriceFrom(db, {}).prepare('find_plan_with_price'),
);

/**
 * `findPlanWithPrice`'s statement with more `fields`, begun from `start`: the database, or
 * `tx.with(…)` to ride along with a CTE (a purchase claims its idempotency key in the same
 * statement, orders/repo.ts). Placeholders `planId` and `durationDays`; no row when the plan is
 * unknown, whatever the CTE did.
 */
export function selectPlanWithPriceFrom<Fields extends Record<string, SQL>>(
  start: Pick<Db, 'select'>,
  fields: Fields,
) {
  return start
    .select({ plan: staticIpPlans, region: regions, priceFen: planPrices.priceFen, ...fields })
    .from(staticIpPlans)
    .innerJoin(regions, eq(regions.id, staticIpPlans.regionId))
    .leftJoin(
      planPrices,
      and(
        eq(planPrices.planId, staticIpPlans.id),
        eq(planPrices.durationDays, sql.placeholder('durationDays')),
      ),
    )
    .where(eq(staticIpPlans.id, sql.placeholder('planId')))
    .for('key share', { of: staticIpPlans });
}

/** The plan of a region and line type, on sale or not (renewals keep their price list). */
export async function findPlanFor(
  db: Db,
  { regionId, lineType }: { regionId: string; lineType: PlanRow['lineType'] },
): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(staticIpPlans)
    .where(and(eq(staticIpPlans.regionId, regionId), eq(staticIpPlans.lineType, lineType)));
  return row;
}

export async function listPlanPrices(db: Db, planIds: string[]): Promise<PlanPriceRow[]> {
  if (planIds.length === 0) return [];
  return db
    .select()
    .from(planPrices)
    .where(inArray(planPrices.planId, planIds))
    .orderBy(asc(planPrices.durationDays));
}

export async function findPlanPrice(
  db: Db,
  { planId, durationDays }: { planId: string; durationDays: number },
): Promise<bigint | undefined> {
  const [row] = await db
    .select({ priceFen: planPrices.priceFen })
    .from(planPrices)
    .where(and(eq(planPrices.planId, planId), eq(planPrices.durationDays, durationDays)));
  return row?.priceFen;
}

/** Available IPs per region and line type, keyed `regionId:lineType`. */
export async function countAvailableIps(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({
      regionId: ipAddresses.regionId,
      lineType: ipAddresses.lineType,
      available: sql<number>`count(*)::int`,
    })
    .from(ipAddresses)
    .where(eq(ipAddresses.status, 'available'))
    .groupBy(ipAddresses.regionId, ipAddresses.lineType);
  return new Map(rows.map((row) => [`${row.regionId}:${row.lineType}`, Number(row.available)]));
}

/**
 * Available IPs per region and line type on nodes that can serve vmess (see `vmessUnservedOn`),
 * keyed `regionId:lineType`: a plan whose stock all lies elsewhere does not offer vmess.
 */
export async function countVmessServedIps(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({
      regionId: ipAddresses.regionId,
      lineType: ipAddresses.lineType,
      available: sql<number>`count(*)::int`,
    })
    .from(ipAddresses)
    .where(and(eq(ipAddresses.status, 'available'), not(vmessUnservedOn(ipAddresses.nodeId))))
    .groupBy(ipAddresses.regionId, ipAddresses.lineType);
  return new Map(rows.map((row) => [`${row.regionId}:${row.lineType}`, Number(row.available)]));
}

export async function countAvailableIpsFor(
  db: Db,
  { regionId, lineType }: { regionId: string; lineType: PlanRow['lineType'] },
): Promise<number> {
  const [row] = await db
    .select({ available: sql<number>`count(*)::int` })
    .from(ipAddresses)
    .where(
      and(
        eq(ipAddresses.regionId, regionId),
        eq(ipAddresses.lineType, lineType),
        eq(ipAddresses.status, 'available'),
      ),
    );
  return Number(row?.available ?? 0);
}
