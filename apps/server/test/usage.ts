// Fixtures for the usage, dynamic-proxy and overview suites: gateway nodes with real keys, and
// instances, orders and traffic packages inserted directly (the purchase flows have suites of
// their own).
import { reportNodeUsage } from '@stratus/contract';
import { randomUUID } from 'node:crypto';
import {
  dynamicProxyAccounts,
  eq,
  gatewayNodes,
  ipAllowlistEntries,
  orders,
  proxyInstances,
  subUsers,
  trafficPackages,
  type Db,
} from '@stratus/db';
import type { FastifyInstance } from 'fastify';
import { addIps, seedStaticIpPlan } from './catalog.ts';
import { addGatewayNode } from '../src/modules/nodes/public.ts';
import { callEndpoint } from './call-endpoint.ts';

const DAY_MS = 86_400_000;

/** A gateway node and the key it authenticates with. */
export async function addTestNode(db: Db): Promise<{ id: string; apiKey: string }> {
  const outcome = await addGatewayNode({
    db,
    name: `node-${randomUUID().slice(0, 8)}`,
    host: 'gw.example.com',
  });
  if (!outcome.ok) throw new Error('node name clash');
  return { id: outcome.node.id, apiKey: outcome.apiKey };
}

export async function disableNode(db: Db, nodeId: string): Promise<void> {
  await db.update(gatewayNodes).set({ status: 'disabled' }).where(eq(gatewayNodes.id, nodeId));
}

let orderCounter = 0;

export async function insertOrder(
  db: Db,
  {
    userId,
    type = 'traffic',
    createdAt = new Date(Date.now() - 30 * DAY_MS),
  }: { userId: string; type?: 'static_ip' | 'traffic'; createdAt?: Date },
): Promise<string> {
  orderCounter += 1;
  const [order] = await db
    .insert(orders)
    .values({
      orderNo: `T${Date.now()}${orderCounter}${randomUUID().slice(0, 6)}`,
      userId,
      type,
      totalFen: 100n,
      createdAt,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('fixture insert returned no row');
  return order.id;
}

/** A traffic package of `totalBytes`, as if bought. */
export async function insertTrafficPackage(
  db: Db,
  {
    userId,
    totalBytes,
    usedBytes = 0n,
    expiresAt,
    status = 'active',
  }: {
    userId: string;
    totalBytes: bigint;
    usedBytes?: bigint;
    expiresAt: Date;
    status?: 'active' | 'exhausted' | 'expired';
  },
): Promise<string> {
  const orderId = await insertOrder(db, { userId });
  const [row] = await db
    .insert(trafficPackages)
    .values({ userId, orderId, gb: 1, totalBytes, usedBytes, status, expiresAt })
    .returning({ id: trafficPackages.id });
  if (!row) throw new Error('fixture insert returned no row');
  return row.id;
}

export async function findTrafficPackage(db: Db, id: string) {
  const [row] = await db.select().from(trafficPackages).where(eq(trafficPackages.id, id));
  if (!row) throw new Error(`no traffic package ${id}`);
  return row;
}

/** One available address on the node: the node then has a dynamic pool. */
export async function addNodeAddress(db: Db, nodeId: string): Promise<string> {
  const plan = await seedStaticIpPlan(db, { stock: 0 });
  const [ipId] = await addIps(db, {
    nodeId,
    regionId: plan.regionId,
    lineType: plan.lineType,
    count: 1,
  });
  if (!ipId) throw new Error('fixture insert returned no row');
  return ipId;
}

/** The user's dynamic-proxy account, as the console creates it on first visit. */
export async function insertDynamicAccount(db: Db, userId: string): Promise<void> {
  await db.insert(dynamicProxyAccounts).values({
    userId,
    account: `d${randomUUID().replaceAll('-', '').slice(0, 10)}`,
    password: 'test-password',
  });
}

/** A static-IP instance of the user on a fresh IP (of `nodeId` when given, else a node of its own). */
export async function insertInstance(
  db: Db,
  {
    userId,
    nodeId,
    expiresAt = new Date(Date.now() + 30 * DAY_MS),
    status = 'active',
  }: { userId: string; nodeId?: string; expiresAt?: Date; status?: 'active' | 'expired' },
): Promise<string> {
  const ipAddressId = nodeId
    ? await addNodeAddress(db, nodeId)
    : (await seedStaticIpPlan(db, { stock: 1 })).ipIds[0]!;
  const orderId = await insertOrder(db, { userId, type: 'static_ip' });
  const suffix = randomUUID().replaceAll('-', '').slice(0, 8);
  const [row] = await db
    .insert(proxyInstances)
    .values({
      userId,
      ipAddressId,
      orderId,
      username: `u${suffix}`,
      password: 'test-password',
      vmessId: randomUUID(),
      protocols: ['socks5'],
      status,
      expiresAt,
    })
    .returning({ id: proxyInstances.id });
  if (!row) throw new Error('fixture insert returned no row');
  return row.id;
}

export interface TestUsageRecord {
  kind: 'static' | 'dynamic' | 'sub_user';
  subject: string;
  bytesUp: number;
  bytesDown: number;
  at: string;
}

/**
 * Sends a usage batch as a gateway node would; `interval` adds the batch's `from`/`to` (without it
 * the batch is as an older gateway sent it).
 */
export function sendUsage(
  app: FastifyInstance,
  apiKey: string | null,
  batchId: string,
  records: TestUsageRecord[],
  interval: { from: string; to: string } | null = null,
) {
  return callEndpoint(app, reportNodeUsage, {
    body: { batchId, ...interval, records },
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
  });
}

/** A sub-user of the user's dynamic proxies, as the console would create it. */
export async function insertSubUser(
  db: Db,
  {
    userId,
    capBytes = null,
    usedBytes = 0n,
    enabled = true,
    password = 'sub-password',
  }: {
    userId: string;
    capBytes?: bigint | null;
    usedBytes?: bigint;
    enabled?: boolean;
    password?: string;
  },
): Promise<{ id: string; username: string; password: string }> {
  const username = `s${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const [row] = await db
    .insert(subUsers)
    .values({ userId, name: username, username, password, capBytes, usedBytes, enabled })
    .returning({ id: subUsers.id });
  if (!row) throw new Error('fixture insert returned no row');
  return { id: row.id, username, password };
}

/** An allowlist block of the user (`cidr` canonical, e.g. `198.51.100.7/32`). */
export async function insertAllowlistEntry(
  db: Db,
  { userId, cidr }: { userId: string; cidr: string },
): Promise<string> {
  const [row] = await db
    .insert(ipAllowlistEntries)
    .values({ userId, cidr })
    .returning({ id: ipAllowlistEntries.id });
  if (!row) throw new Error('fixture insert returned no row');
  return row.id;
}
