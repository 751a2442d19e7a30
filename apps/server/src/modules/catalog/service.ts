import { fenToYuan, type Locale, type StaticIpPlan } from '@stratus/contract';
import type { Db } from '@stratus/db';
import {
  countAvailableIps,
  countVmessServedIps,
  listActivePlans,
  listPlanPrices,
  type RegionRow,
} from './repo.ts';

// The catalogue queries purchases and renewals use inside their transactions.

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
  const [prices, stock, vmessStock] = await Promise.all([
    listPlanPrices(
      db,
      plans.map(({ plan }) => plan.id),
    ),
    countAvailableIps(db),
    countVmessServedIps(db),
  ]);
  return plans.map(({ plan, region }) => {
    const key = `${region.id}:${plan.lineType}`;
    const protocols = plan.protocols as StaticIpPlan['protocols'];
    const available = stock.get(key) ?? 0;
    // vmess is offered only where an IP of the plan sits on a node that can serve it.
    const vmessUnserved = protocols.includes('vmess') && available > 0 && !vmessStock.get(key);
    return {
      id: plan.id,
      country: region.country,
      ...localiseRegion(region, locale),
      lineType: plan.lineType,
      protocols,
      unavailableProtocols: vmessUnserved ? (['vmess'] as StaticIpPlan['protocols']) : [],
      stock: available,
      prices: prices
        .filter((price) => price.planId === plan.id)
        .map((price) => ({ durationDays: price.durationDays, price: fenToYuan(price.priceFen) })),
    };
  });
}
