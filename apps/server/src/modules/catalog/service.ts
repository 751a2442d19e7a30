import { fenToYuan, type Locale, type StaticIpPlan } from '@stratus/contract';
import type { Db } from '@stratus/db';
import { countAvailableIps, listActivePlans, listPlanPrices, type RegionRow } from './repo.ts';

// The catalogue queries purchases and renewals use inside their transactions.
export {
  countAvailableIpsFor,
  findPlan,
  findPlanFor,
  findPlanPrice,
  findPlanWithPrice,
  selectPlanWithPriceFrom,
  type PlanWithPrice,
  type PlanWithRegion,
} from './repo.ts';

/** Country and city names of a region in the caller's language. */
export function localiseRegion(
  region: Pick<RegionRow, 'countryNameZh' | 'countryNameEn' | 'cityNameZh' | 'cityNameEn'>,
  locale: Locale,
): { countryName: string; city: string } {
  return locale === 'en-US'
    ? { countryName: region.countryNameEn, city: region.cityNameEn }
    : { countryName: region.countryNameZh, city: region.cityNameZh };
}

/** Plans on sale with their prices (yuan at this edge) and the stock that matches each now. */
export async function listStaticIpCatalog({
  db,
  locale,
}: {
  db: Db;
  locale: Locale;
}): Promise<StaticIpPlan[]> {
  const plans = await listActivePlans(db);
  const [prices, stock] = await Promise.all([
    listPlanPrices(
      db,
      plans.map(({ plan }) => plan.id),
    ),
    countAvailableIps(db),
  ]);
  return plans.map(({ plan, region }) => ({
    id: plan.id,
    country: region.country,
    ...localiseRegion(region, locale),
    lineType: plan.lineType,
    protocols: plan.protocols as StaticIpPlan['protocols'],
    stock: stock.get(`${region.id}:${plan.lineType}`) ?? 0,
    prices: prices
      .filter((price) => price.planId === plan.id)
      .map((price) => ({ durationDays: price.durationDays, price: fenToYuan(price.priceFen) })),
  }));
}
