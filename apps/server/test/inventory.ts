// Fixtures of the inventory suites: a pool on a named node, the pool's state to compare before
// and after a refused write, and what the customer catalog says the stock is.
import { listStaticIpCatalog } from '@stratus/contract';
import {
  auditLog,
  count,
  eq,
  gatewayNodes,
  inArray,
  ipAddressEvents,
  ipAddresses,
  regions,
  type Db,
  type IpAddressStatus,
} from '@stratus/db';
import type { TestApp } from './app.ts';
import { callEndpoint } from './call-endpoint.ts';
import { seedStaticIpPlan } from './catalog.ts';

/** A plan with `stock` available addresses, and the name of the node they are on. */
export async function seedPool(db: Db, options: Parameters<typeof seedStaticIpPlan>[1] = {}) {
  const plan = await seedStaticIpPlan(db, options);
  const [node] = await db.select().from(gatewayNodes).where(eq(gatewayNodes.id, plan.nodeId));
  const [region] = await db.select().from(regions).where(eq(regions.id, plan.regionId));
  if (!node || !region) throw new Error('fixture rows vanished');
  return { ...plan, nodeName: node.name, regionCode: `${region.country}/${region.cityCode}` };
}

/** Puts addresses in a state directly, as if it had happened before the test. */
export async function putIpsInStatus(
  db: Db,
  ids: string[],
  status: IpAddressStatus,
  statusReason: string | null = null,
): Promise<void> {
  await db.update(ipAddresses).set({ status, statusReason }).where(inArray(ipAddresses.id, ids));
}

/** Everything an inventory write may change, to compare before and after a refused one. */
export async function poolSnapshot(db: Db) {
  const total = async (table: typeof ipAddresses | typeof ipAddressEvents | typeof auditLog) => {
    const [row] = await db.select({ rows: count() }).from(table);
    return Number(row?.rows ?? 0);
  };
  const [regionRow] = await db.select({ rows: count() }).from(regions);
  return {
    addresses: await total(ipAddresses),
    events: await total(ipAddressEvents),
    auditEntries: await total(auditLog),
    regions: Number(regionRow?.rows ?? 0),
    statuses: (
      await db.select({ id: ipAddresses.id, status: ipAddresses.status }).from(ipAddresses)
    )
      .map((row) => `${row.id}:${row.status}`)
      .sort(),
  };
}

/** Available addresses of the plan's region and line type, counted in the table. */
export async function availableCount(db: Db, plan: { regionId: string; lineType: string }) {
  const rows = await db
    .select({ status: ipAddresses.status, lineType: ipAddresses.lineType })
    .from(ipAddresses)
    .where(eq(ipAddresses.regionId, plan.regionId));
  return rows.filter((row) => row.status === 'available' && row.lineType === plan.lineType).length;
}

/** The stock the customer catalog shows for the plan. */
export async function catalogStock(testApp: TestApp, token: string, planId: string) {
  const catalog = (await callEndpoint(testApp.app, listStaticIpCatalog, { token })).data();
  const plan = catalog.items.find((item) => item.id === planId);
  if (!plan) throw new Error('plan not in the catalog');
  return plan.stock;
}
