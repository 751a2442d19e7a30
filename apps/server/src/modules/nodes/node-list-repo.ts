// Queries behind the operator's node list and node page.
import type { IpAddressStatus } from '@stratus/contract';
import { asc, count, eq, gatewayNodes, ipAddresses, type Db } from '@stratus/db';
import type { GatewayNodeRow } from './gateway-node-repo.ts';

/** Every node, by name; one node when `nodeId` is given. */
export async function listGatewayNodeRows(
  db: Db,
  { nodeId }: { nodeId?: string } = {},
): Promise<GatewayNodeRow[]> {
  return db
    .select()
    .from(gatewayNodes)
    .where(nodeId ? eq(gatewayNodes.id, nodeId) : undefined)
    .orderBy(asc(gatewayNodes.name));
}

export interface NodeIpCountRow {
  nodeId: string;
  status: IpAddressStatus;
  count: number;
}

/** How many addresses each node (or the one node) has in each state; absent states have none. */
export async function countIpsByNodeAndStatus(
  db: Db,
  { nodeId }: { nodeId?: string } = {},
): Promise<NodeIpCountRow[]> {
  return db
    .select({ nodeId: ipAddresses.nodeId, status: ipAddresses.status, count: count() })
    .from(ipAddresses)
    .where(nodeId ? eq(ipAddresses.nodeId, nodeId) : undefined)
    .groupBy(ipAddresses.nodeId, ipAddresses.status);
}
