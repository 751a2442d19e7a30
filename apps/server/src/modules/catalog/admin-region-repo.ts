// Queries behind the operator's regions: the list with what each holds, and the writes.
import {
  and,
  asc,
  eq,
  ipAddresses,
  regions,
  sql,
  staticIpPlans,
  type Db,
  type Tx,
} from '@stratus/db';

export type RegionRow = typeof regions.$inferSelect;
export type NewRegion = Omit<RegionRow, 'id'>;
export type RegionNames = Pick<
  RegionRow,
  'countryNameZh' | 'countryNameEn' | 'cityNameZh' | 'cityNameEn'
>;

export interface RegionListRow extends RegionRow {
  plans: number;
  availableIps: number;
}

/** The order of regions wherever they are listed: sort order, then country and city code. */
export const regionOrder = [asc(regions.sortOrder), asc(regions.country), asc(regions.cityCode)];

function selectRegionsWithCounts(db: Db) {
  const planCounts = db
    .select({ regionId: staticIpPlans.regionId, plans: sql<number>`count(*)::int`.as('plans') })
    .from(staticIpPlans)
    .groupBy(staticIpPlans.regionId)
    .as('plan_counts');
  const availableCounts = db
    .select({
      regionId: ipAddresses.regionId,
      availableIps: sql<number>`count(*)::int`.as('available_ips'),
    })
    .from(ipAddresses)
    .where(eq(ipAddresses.status, 'available'))
    .groupBy(ipAddresses.regionId)
    .as('available_counts');
  return db
    .select({
      region: regions,
      plans: sql<number>`coalesce(${planCounts.plans}, 0)`,
      availableIps: sql<number>`coalesce(${availableCounts.availableIps}, 0)`,
    })
    .from(regions)
    .leftJoin(planCounts, eq(planCounts.regionId, regions.id))
    .leftJoin(availableCounts, eq(availableCounts.regionId, regions.id));
}

function toListRow(row: { region: RegionRow; plans: number; availableIps: number }) {
  return { ...row.region, plans: Number(row.plans), availableIps: Number(row.availableIps) };
}

export async function listRegionRows(db: Db): Promise<RegionListRow[]> {
  const rows = await selectRegionsWithCounts(db).orderBy(...regionOrder);
  return rows.map(toListRow);
}

export async function findRegionRow(db: Db, regionId: string): Promise<RegionListRow | undefined> {
  const [row] = await selectRegionsWithCounts(db).where(eq(regions.id, regionId));
  return row && toListRow(row);
}

export async function findRegionByCodes(
  db: Db,
  { country, cityCode }: { country: string; cityCode: string },
): Promise<RegionRow | undefined> {
  const [row] = await db
    .select()
    .from(regions)
    .where(and(eq(regions.country, country), eq(regions.cityCode, cityCode)));
  return row;
}

/** Inserts the region unless its country and city code are taken; undefined when they are. */
export async function insertRegion(tx: Tx, region: NewRegion): Promise<RegionRow | undefined> {
  const [row] = await tx
    .insert(regions)
    .values(region)
    .onConflictDoNothing({ target: [regions.country, regions.cityCode] })
    .returning();
  return row;
}

/** Locks the region for a rename (purchases reading it `FOR KEY SHARE` are not held up). */
export async function lockRegion(tx: Tx, regionId: string): Promise<RegionRow | undefined> {
  const [row] = await tx
    .select()
    .from(regions)
    .where(eq(regions.id, regionId))
    .for('no key update');
  return row;
}

export async function updateRegionRow(
  tx: Tx,
  regionId: string,
  changes: Partial<RegionNames & Pick<RegionRow, 'sortOrder'>>,
): Promise<void> {
  await tx.update(regions).set(changes).where(eq(regions.id, regionId));
}
