// Queries behind the operator's inventory tools: regions, the IP pool, plans, prices.
import {
  and,
  asc,
  count,
  eq,
  gatewayNodes,
  ipAddresses,
  planPrices,
  queryRows,
  regions,
  sql,
  staticIpPlans,
  type Db,
  type Tx,
  type LineTypeKind,
} from '@stratus/db';
import type { RegionSpec } from './rows.ts';

export type RegionRow = typeof regions.$inferSelect;

export async function findRegion(
  db: Db,
  { country, city }: { country: string; city: string },
): Promise<RegionRow | undefined> {
  const [row] = await db
    .select()
    .from(regions)
    .where(and(eq(regions.country, country), eq(regions.cityCode, city)));
  return row;
}

/**
 * The region with this country and city code, created with the given names when missing. An
 * existing region keeps its names: an import row never renames a city customers already see.
 */
export async function findOrCreateRegion(
  tx: Tx,
  spec: RegionSpec,
): Promise<{ region: RegionRow; created: boolean }> {
  const [inserted] = await tx
    .insert(regions)
    .values({
      country: spec.country,
      countryNameZh: spec.countryZh,
      countryNameEn: spec.countryEn,
      cityCode: spec.city,
      cityNameZh: spec.cityZh,
      cityNameEn: spec.cityEn,
    })
    .onConflictDoNothing({ target: [regions.country, regions.cityCode] })
    .returning();
  if (inserted) return { region: inserted, created: true };
  const existing = await findRegion(tx, spec);
  if (!existing) throw new Error(`region ${spec.country}/${spec.city} vanished during import`);
  return { region: existing, created: false };
}

/**
 * Sets the HTTP/SOCKS5 port of every address of the node (whatever its state: a sold address
 * shows its new port at once); answers how many addresses changed.
 */
export async function setNodeIpPort(
  db: Db,
  { nodeName, port }: { nodeName: string; port: number },
): Promise<number> {
  const node = db
    .select({ id: gatewayNodes.id })
    .from(gatewayNodes)
    .where(eq(gatewayNodes.name, nodeName));
  const changed = await db
    .update(ipAddresses)
    .set({ port })
    .where(and(sql`${ipAddresses.nodeId} in ${node}`, sql`${ipAddresses.port} <> ${port}`))
    .returning({ id: ipAddresses.id });
  return changed.length;
}

export interface InventoryCountRow {
  country: string;
  cityCode: string;
  cityNameEn: string;
  lineType: LineTypeKind;
  status: string;
  addresses: number;
}

/** Addresses per region, line type and status. */
export async function countIpAddresses(db: Db): Promise<InventoryCountRow[]> {
  return db
    .select({
      country: regions.country,
      cityCode: regions.cityCode,
      cityNameEn: regions.cityNameEn,
      lineType: ipAddresses.lineType,
      status: ipAddresses.status,
      addresses: count(),
    })
    .from(ipAddresses)
    .innerJoin(regions, eq(regions.id, ipAddresses.regionId))
    .groupBy(
      regions.country,
      regions.cityCode,
      regions.cityNameEn,
      ipAddresses.lineType,
      ipAddresses.status,
    )
    .orderBy(asc(regions.country), asc(regions.cityCode), asc(ipAddresses.lineType));
}

export interface PlanPriceRow {
  country: string;
  cityCode: string;
  cityNameEn: string;
  lineType: LineTypeKind;
  active: boolean;
  durationDays: number | null;
  priceFen: bigint | null;
}

/** Every plan with its prices (a plan without prices appears once, with nulls). */
export async function listPlanPrices(db: Db): Promise<PlanPriceRow[]> {
  return db
    .select({
      country: regions.country,
      cityCode: regions.cityCode,
      cityNameEn: regions.cityNameEn,
      lineType: staticIpPlans.lineType,
      active: staticIpPlans.active,
      durationDays: planPrices.durationDays,
      priceFen: planPrices.priceFen,
    })
    .from(staticIpPlans)
    .innerJoin(regions, eq(regions.id, staticIpPlans.regionId))
    .leftJoin(planPrices, eq(planPrices.planId, staticIpPlans.id))
    .orderBy(
      asc(regions.country),
      asc(regions.cityCode),
      asc(staticIpPlans.lineType),
      asc(planPrices.durationDays),
    );
}

/** Whether any region or plan exists: the demo catalog loads only into an empty one. */
export async function catalogExists(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(
    db,
    sql`select exists (select 1 from ${regions}) or exists (select 1 from ${staticIpPlans}) as present`,
  );
  return row?.present ?? false;
}
