// Queries behind dynamic proxies: the customer's account and the regions the pool leaves from.
import {
  asc,
  dynamicProxyAccounts,
  eq,
  ipAddresses,
  notInArray,
  regions,
  type Db,
} from '@stratus/db';

export type DynamicAccountRow = typeof dynamicProxyAccounts.$inferSelect;
/** A place the pool can leave from. */
export interface PoolRegion {
  country: string;
  countryNameZh: string;
  countryNameEn: string;
  cityCode: string;
  cityNameZh: string;
  cityNameEn: string;
}

export async function findDynamicAccount(
  db: Db,
  userId: string,
): Promise<DynamicAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(dynamicProxyAccounts)
    .where(eq(dynamicProxyAccounts.userId, userId));
  return row;
}

/**
 * The new account, or undefined when either the user already has one (a concurrent first call)
 * or the account name is taken: the caller reads again and retries with another name.
 */
export async function insertDynamicAccount(
  db: Db,
  values: { userId: string; account: string; password: string },
): Promise<DynamicAccountRow | undefined> {
  const [row] = await db
    .insert(dynamicProxyAccounts)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function setDynamicPassword(
  db: Db,
  { userId, password }: { userId: string; password: string },
): Promise<DynamicAccountRow | undefined> {
  const [row] = await db
    .update(dynamicProxyAccounts)
    .set({ password, updatedAt: new Date() })
    .where(eq(dynamicProxyAccounts.userId, userId))
    .returning();
  return row;
}

/** Regions with at least one IP that is not disabled, by country and city code. */
export async function listPoolRegions(db: Db): Promise<PoolRegion[]> {
  return db
    .selectDistinct({
      country: regions.country,
      countryNameZh: regions.countryNameZh,
      countryNameEn: regions.countryNameEn,
      cityCode: regions.cityCode,
      cityNameZh: regions.cityNameZh,
      cityNameEn: regions.cityNameEn,
    })
    .from(regions)
    .innerJoin(ipAddresses, eq(ipAddresses.regionId, regions.id))
    .where(notInArray(ipAddresses.status, ['quarantined', 'retired']))
    .orderBy(asc(regions.country), asc(regions.cityCode));
}
