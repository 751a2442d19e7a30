// The operator's inventory rules: importing IPs onto a gateway node. (Plan prices are the
// catalog's: modules/catalog-admin.)
import type { LineType } from '@stratus/contract';
import type { Db } from '@stratus/db';
import { findGatewayNode } from '../nodes/gateway-nodes.ts';
import {
  catalogExists,
  countIpAddresses,
  findOrCreateRegion,
  insertIpAddresses,
  listPlanPrices,
  setNodeIpPort,
  type InventoryCountRow,
  type NewIpAddress,
  type PlanPriceRow,
} from './repo.ts';
import type { InventoryIp } from './rows.ts';

// The expiry of instances, which a full refund of a static-IP order runs like the expiry job does.
export { expireInstanceRows } from './lifecycle-repo.ts';

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

export interface ImportReport {
  /** Addresses added to the pool. */
  imported: number;
  /** Addresses already in the pool (on any node) or repeated in the input: left as they were. */
  duplicates: number;
  /** Regions the import created, as `JP/tokyo`. */
  regionsCreated: string[];
}

export type ImportOutcome =
  { ok: true; report: ImportReport } | { ok: false; reason: 'nodeNotFound' };

/**
 * Adds IPs to a node's pool in one transaction, creating their regions as needed. An address
 * already in the pool is skipped, never moved or changed: it may be sold.
 */
export async function importIpAddresses({
  db,
  nodeName,
  ips,
}: {
  db: Db;
  nodeName: string;
  ips: InventoryIp[];
}): Promise<ImportOutcome> {
  return db.transaction(async (tx) => {
    const node = await findGatewayNode({ db: tx, name: nodeName });
    if (!node) return { ok: false, reason: 'nodeNotFound' };
    const regionIds = new Map<string, string>();
    const regionsCreated: string[] = [];
    const rows: NewIpAddress[] = [];
    const seen = new Set<string>();
    for (const ip of ips) {
      if (seen.has(ip.address)) continue;
      seen.add(ip.address);
      const regionKey = `${ip.region.country}/${ip.region.city}`;
      let regionId = regionIds.get(regionKey);
      if (!regionId) {
        const { region, created } = await findOrCreateRegion(tx, ip.region);
        regionId = region.id;
        regionIds.set(regionKey, regionId);
        if (created) regionsCreated.push(regionKey);
      }
      rows.push({
        nodeId: node.id,
        address: ip.address,
        port: ip.port,
        vmessPort: ip.vmessPort,
        regionId,
        lineType: ip.lineType,
      });
    }
    let imported = 0;
    // Batches keep each statement's parameter count well inside PostgreSQL's limit.
    for (let start = 0; start < rows.length; start += 500) {
      imported += await insertIpAddresses(tx, rows.slice(start, start + 500));
    }
    return { ok: true, report: { imported, duplicates: ips.length - imported, regionsCreated } };
  });
}

export interface InventoryLine {
  region: string;
  cityName: string;
  lineType: LineType;
  /** Addresses by status: available, allocated, cooling, disabled. */
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
        counts: { available: 0, allocated: 0, cooling: 0, disabled: 0 },
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
