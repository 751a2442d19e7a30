// The catalog of a test: a region with a plan, prices and IPs inserted directly, and regions of
// their own for the catalog editor's suites.
import { randomUUID } from 'node:crypto';
import {
  gatewayNodes,
  ipAddresses,
  planPrices,
  regions,
  staticIpPlans,
  type Db,
  type LineTypeKind,
} from '@stratus/db';

let addressCounter = 0;

/** A fresh IPv4 address from 10.0.0.0/8, unique for this test run. */
function nextAddress(): string {
  addressCounter += 1;
  const n = addressCounter;
  return `10.${Math.floor(n / 65_536) % 256}.${Math.floor(n / 256) % 256}.${n % 256}`;
}

export interface SeededPlan {
  planId: string;
  regionId: string;
  nodeId: string;
  country: string;
  lineType: LineTypeKind;
  ipIds: string[];
}

/**
 * A region (its own random city code), a gateway node, an active plan with the given prices
 * (fen per duration) and `stock` available IPs.
 */
export async function seedStaticIpPlan(
  db: Db,
  {
    country = 'JP',
    countryNameZh = '日本',
    countryNameEn = 'Japan',
    cityNameZh = '东京',
    cityNameEn = 'Tokyo',
    lineType = 'isp_residential',
    pricesFen = { 30: 3000n, 90: 8000n },
    stock = 5,
    protocols = ['socks5', 'http', 'vmess'],
  }: {
    country?: string;
    countryNameZh?: string;
    countryNameEn?: string;
    cityNameZh?: string;
    cityNameEn?: string;
    lineType?: LineTypeKind;
    pricesFen?: Record<number, bigint>;
    stock?: number;
    protocols?: string[];
  } = {},
): Promise<SeededPlan> {
  const suffix = randomUUID().slice(0, 8);
  const [node] = await db
    .insert(gatewayNodes)
    .values({ name: `node-${suffix}`, host: `gw-${suffix}.example.com`, apiKeyHash: suffix })
    .returning();
  const [region] = await db
    .insert(regions)
    .values({
      country,
      countryNameZh,
      countryNameEn,
      cityCode: `c-${suffix}`,
      cityNameZh,
      cityNameEn,
    })
    .returning();
  if (!node || !region) throw new Error('fixture insert returned no row');
  const [plan] = await db
    .insert(staticIpPlans)
    .values({ regionId: region.id, lineType, protocols })
    .returning();
  if (!plan) throw new Error('fixture insert returned no row');
  await db.insert(planPrices).values(
    Object.entries(pricesFen).map(([durationDays, priceFen]) => ({
      planId: plan.id,
      durationDays: Number(durationDays),
      priceFen,
    })),
  );
  const ipIds = await addIps(db, { nodeId: node.id, regionId: region.id, lineType, count: stock });
  return { planId: plan.id, regionId: region.id, nodeId: node.id, country, lineType, ipIds };
}

/** `count` more available IPs for a region and line type. */
export async function addIps(
  db: Db,
  {
    nodeId,
    regionId,
    lineType,
    count,
  }: { nodeId: string; regionId: string; lineType: LineTypeKind; count: number },
): Promise<string[]> {
  if (count === 0) return [];
  const rows = await db
    .insert(ipAddresses)
    .values(
      Array.from({ length: count }, () => ({
        nodeId,
        regionId,
        lineType,
        address: nextAddress(),
        port: 1080,
        vmessPort: 10086,
      })),
    )
    .returning({ id: ipAddresses.id });
  return rows.map((row) => row.id);
}

/** A region of `country` with a random city code of its own. */
export async function seedRegion(
  db: Db,
  { country = 'JP', sortOrder = 0 }: { country?: string; sortOrder?: number } = {},
): Promise<typeof regions.$inferSelect> {
  const code = `c-${randomUUID().slice(0, 8)}`;
  const [region] = await db
    .insert(regions)
    .values({
      country,
      countryNameZh: '日本',
      countryNameEn: 'Japan',
      cityCode: code,
      cityNameZh: `城市${code}`,
      cityNameEn: `City ${code}`,
      sortOrder,
    })
    .returning();
  if (!region) throw new Error('fixture insert returned no row');
  return region;
}
