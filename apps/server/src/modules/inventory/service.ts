// The operator's inventory rules: the pool's ports and summary. Imports are in `import.ts`, the
// console's list and status changes in `admin-service.ts`; plan prices are the catalog's
// (modules/catalog, admin-*.ts).
import { ipAddressStatuses, type LineType } from '@stratus/contract';
import type { Db } from '@stratus/db';
import {
  catalogExists,
  countIpAddresses,
  listPlanPrices,
  setNodeIpPort,
  type InventoryCountRow,
  type PlanPriceRow,
} from './repo.ts';

// The expiry of instances, which a full refund of a static-IP order runs like the expiry job does.

/** Moves every address of the node to `port`; answers how many changed (0 without such a node). */
export async function setNodeProxyPort({
  db,
  nodeName,
  port,
}: {
  db: Db;
  nodeName: string;
  port: number;
}): Promise<number> {
  return setNodeIpPort(db, { nodeName, port });
}

export interface InventoryLine {
  region: string;
  cityName: string;
  lineType: LineType;
  /** Addresses by status (every status of `ipAddressStatuses`). */
  counts: Record<string, number>;
  /** Whether a plan sells this region and line, and whether it is switched on. */
  plan: 'none' | 'active' | 'inactive';
  prices: { durationDays: number; priceFen: bigint }[];
}

/** One line per region and line type that has addresses or a plan, with counts and prices. */
export async function summariseInventory({ db }: { db: Db }): Promise<InventoryLine[]> {
  const [counts, prices] = await Promise.all([countIpAddresses(db), listPlanPrices(db)]);
  const lines = new Map<string, InventoryLine>();
  const lineOf = (row: InventoryCountRow | PlanPriceRow): InventoryLine => {
    const key = `${row.country}/${row.cityCode}/${row.lineType}`;
    let line = lines.get(key);
    if (!line) {
      line = {
        region: `${row.country}/${row.cityCode}`,
        cityName: row.cityNameEn,
        lineType: row.lineType,
        counts: Object.fromEntries(ipAddressStatuses.map((status) => [status, 0])),
        plan: 'none',
        prices: [],
      };
      lines.set(key, line);
    }
    return line;
  };
  for (const row of counts) lineOf(row).counts[row.status] = row.addresses;
  for (const row of prices) {
    const line = lineOf(row);
    line.plan = row.active ? 'active' : 'inactive';
    if (row.durationDays !== null && row.priceFen !== null) {
      line.prices.push({ durationDays: row.durationDays, priceFen: row.priceFen });
    }
  }
  return [...lines.values()].sort((a, b) =>
    `${a.region}/${a.lineType}`.localeCompare(`${b.region}/${b.lineType}`),
  );
}

/** Whether any region or plan exists: the demo catalog loads only into an empty one. */
export async function hasCatalog({ db }: { db: Db }): Promise<boolean> {
  return catalogExists(db);
}
