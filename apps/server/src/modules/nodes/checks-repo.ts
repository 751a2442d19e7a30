// Queries of connectivity checks: customers ask, gateways pick them up with their poll and report.
import {
  and,
  asc,
  eq,
  gatewayNodes,
  gt,
  gte,
  instanceChecks,
  isNull,
  ipAddresses,
  lte,
  or,
  proxyInstances,
  sql,
  type Db,
  type Tx,
} from '@stratus/db';

export type InstanceCheckRow = typeof instanceChecks.$inferSelect;

/** Pending checks requested at or before `requestedBefore` become failed with `timeout`. */
export async function timeOutStaleChecks(
  db: Db,
  { instanceId, requestedBefore, now }: { instanceId: string; requestedBefore: Date; now: Date },
): Promise<void> {
  await db
    .update(instanceChecks)
    .set({ status: 'failed', failure: 'timeout', completedAt: now })
    .where(
      and(
        eq(instanceChecks.instanceId, instanceId),
        eq(instanceChecks.status, 'pending'),
        lte(instanceChecks.requestedAt, requestedBefore),
      ),
    );
}

export async function findPendingCheck(
  db: Db,
  { instanceId }: { instanceId: string },
): Promise<InstanceCheckRow | undefined> {
  const [row] = await db
    .select()
    .from(instanceChecks)
    .where(and(eq(instanceChecks.instanceId, instanceId), eq(instanceChecks.status, 'pending')))
    .orderBy(asc(instanceChecks.requestedAt))
    .limit(1);
  return row;
}

export async function countChecksSince(
  db: Db,
  { instanceId, since }: { instanceId: string; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(instanceChecks)
    .where(and(eq(instanceChecks.instanceId, instanceId), gte(instanceChecks.requestedAt, since)));
  return Number(row?.total ?? 0);
}

export async function insertCheck(
  tx: Tx,
  row: Pick<InstanceCheckRow, 'instanceId' | 'userId' | 'nodeId' | 'requestedAt'>,
): Promise<InstanceCheckRow> {
  const [inserted] = await tx.insert(instanceChecks).values(row).returning();
  if (!inserted) throw new Error('check insert returned no row');
  return inserted;
}

export async function findUserCheck(
  db: Db,
  { userId, instanceId, checkId }: { userId: string; instanceId: string; checkId: string },
): Promise<InstanceCheckRow | undefined> {
  const [row] = await db
    .select()
    .from(instanceChecks)
    .where(
      and(
        eq(instanceChecks.id, checkId),
        eq(instanceChecks.instanceId, instanceId),
        eq(instanceChecks.userId, userId),
      ),
    );
  return row;
}

/** The node's pending checks requested after `requestedAfter`, with the address to test. */
export async function listPendingNodeChecks(
  db: Db,
  { nodeId, requestedAfter }: { nodeId: string; requestedAfter: Date },
) {
  return db
    .select({
      checkId: instanceChecks.id,
      instanceId: instanceChecks.instanceId,
      ip: ipAddresses.address,
      port: ipAddresses.port,
    })
    .from(instanceChecks)
    .innerJoin(proxyInstances, eq(proxyInstances.id, instanceChecks.instanceId))
    .innerJoin(ipAddresses, eq(ipAddresses.id, proxyInstances.ipAddressId))
    .where(
      and(
        eq(instanceChecks.nodeId, nodeId),
        eq(instanceChecks.status, 'pending'),
        gt(instanceChecks.requestedAt, requestedAfter),
        // A check follows its instance: after a replacement to another node's address, that
        // node is the one to test it.
        eq(ipAddresses.nodeId, nodeId),
      ),
    )
    .orderBy(asc(instanceChecks.requestedAt));
}

/**
 * Whether the node has a pending check asked for after its last poll was answered (or it never
 * polled): one its previous answers did not hand out. `requestedAfter` bounds it like the list.
 */
export async function hasCheckSinceLastPoll(
  db: Db,
  { nodeId, requestedAfter }: { nodeId: string; requestedAfter: Date },
): Promise<boolean> {
  const rows = await db
    .select({ id: instanceChecks.id })
    .from(instanceChecks)
    .innerJoin(gatewayNodes, eq(gatewayNodes.id, instanceChecks.nodeId))
    .where(
      and(
        eq(instanceChecks.nodeId, nodeId),
        eq(instanceChecks.status, 'pending'),
        gt(instanceChecks.requestedAt, requestedAfter),
        or(
          isNull(gatewayNodes.lastSeenAt),
          gt(instanceChecks.requestedAt, gatewayNodes.lastSeenAt),
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Records a node's result once: only a pending check of that node changes. */
export async function completeNodeCheck(
  db: Db,
  {
    nodeId,
    checkId,
    result,
  }: {
    nodeId: string;
    checkId: string;
    result: Pick<InstanceCheckRow, 'status' | 'failure' | 'latencyMs' | 'egressIp' | 'completedAt'>;
  },
): Promise<'recorded' | 'already' | 'missing'> {
  const updated = await db
    .update(instanceChecks)
    .set(result)
    .where(
      and(
        eq(instanceChecks.id, checkId),
        eq(instanceChecks.nodeId, nodeId),
        eq(instanceChecks.status, 'pending'),
      ),
    )
    .returning({ id: instanceChecks.id });
  if (updated.length > 0) return 'recorded';
  const [existing] = await db
    .select({ id: instanceChecks.id })
    .from(instanceChecks)
    .where(and(eq(instanceChecks.id, checkId), eq(instanceChecks.nodeId, nodeId)));
  return existing ? 'already' : 'missing';
}
