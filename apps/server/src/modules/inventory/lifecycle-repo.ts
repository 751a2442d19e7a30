// Queries of the static-IP background jobs: instances due for renewal or expiry, IPs to release
// (and the expiry itself, which a full refund of a static-IP order runs too).
// Every claim uses FOR UPDATE SKIP LOCKED, so each server running the jobs takes rows no other
// server (and no customer's renewal in progress) holds, and none waits.
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  ipAddresses,
  lte,
  not,
  orderItems,
  orders,
  or,
  proxyInstances,
  sql,
  type Db,
  type Tx,
} from '@stratus/db';
import { fromStatesOf, toStatusOf } from './ip-transition-sql.ts';
import { announceChange, catalogChanged } from '../../change-notifications.ts';

export interface DueRenewal {
  id: string;
  userId: string;
  orderId: string;
  expiresAt: Date;
  renewalWarning: string | null;
  regionId: string;
  lineType: (typeof ipAddresses.$inferSelect)['lineType'];
}

/** Active auto-renew instances expiring by `dueBy`, soonest first, locked for `tx`. */
export async function claimDueRenewals(
  tx: Tx,
  { dueBy, limit, skipIds }: { dueBy: Date; limit: number; skipIds: string[] },
): Promise<DueRenewal[]> {
  return tx
    .select({
      id: proxyInstances.id,
      userId: proxyInstances.userId,
      orderId: proxyInstances.orderId,
      expiresAt: proxyInstances.expiresAt,
      renewalWarning: proxyInstances.renewalWarning,
      regionId: ipAddresses.regionId,
      lineType: ipAddresses.lineType,
    })
    .from(proxyInstances)
    .innerJoin(ipAddresses, eq(ipAddresses.id, proxyInstances.ipAddressId))
    .where(
      and(
        eq(proxyInstances.status, 'active'),
        eq(proxyInstances.autoRenew, true),
        lte(proxyInstances.expiresAt, dueBy),
        skipIds.length ? not(inArray(proxyInstances.id, skipIds)) : undefined,
      ),
    )
    .orderBy(asc(proxyInstances.expiresAt), asc(proxyInstances.id))
    .limit(limit)
    .for('update', { of: proxyInstances, skipLocked: true });
}

/**
 * The duration the customer last paid for this instance: its latest renewal, else the purchase
 * that created it.
 */
export async function findLastBoughtDuration(
  db: Db,
  { instanceId, orderId }: { instanceId: string; orderId: string },
): Promise<number | undefined> {
  const [row] = await db
    .select({ durationDays: orderItems.durationDays })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(or(eq(orderItems.instanceId, instanceId), eq(orderItems.orderId, orderId)))
    .orderBy(desc(orders.createdAt), desc(sql`${orderItems.instanceId} is not null`))
    .limit(1);
  return row?.durationDays;
}

/** Records (or clears, with null) why the last automatic renewal failed; no write when unchanged. */
export async function setRenewalWarning(
  tx: Tx,
  { instanceId, warning }: { instanceId: string; warning: string | null },
): Promise<void> {
  await tx
    .update(proxyInstances)
    .set({ renewalWarning: warning, updatedAt: sql`now()` })
    .where(
      and(
        eq(proxyInstances.id, instanceId),
        sql`${proxyInstances.renewalWarning} is distinct from ${warning}`,
      ),
    );
}

/**
 * Expires up to `limit` active instances past their expiry at `now` and puts their IPs in
 * cool-down until `coolingUntil`. Returns the expired instances' ids.
 */
export async function expireDueInstances(
  tx: Tx,
  { now, coolingUntil, limit }: { now: Date; coolingUntil: Date; limit: number },
): Promise<string[]> {
  const due = await tx
    .select({ id: proxyInstances.id, ipAddressId: proxyInstances.ipAddressId })
    .from(proxyInstances)
    .where(and(eq(proxyInstances.status, 'active'), lte(proxyInstances.expiresAt, now)))
    .orderBy(asc(proxyInstances.expiresAt), asc(proxyInstances.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  await expireInstanceRows(tx, { instances: due, coolingUntil });
  return due.map((row) => row.id);
}

/**
 * THE expiry of instances, whether they ran out (the expiry job) or were taken back (a full
 * refund, with `expiresAt`): each becomes `expired`, which the gateway stops serving at its next
 * poll, and its IP cools down until `coolingUntil`, after which the release job returns it to
 * the pool. The caller has locked the instances.
 */
export async function expireInstanceRows(
  tx: Tx,
  {
    instances,
    coolingUntil,
    expiresAt,
  }: {
    instances: { id: string; ipAddressId: string }[];
    coolingUntil: Date;
    /** A new expiry: the time they were taken back. Left out, each keeps its own. */
    expiresAt?: Date;
  },
): Promise<void> {
  if (instances.length === 0) return;
  await tx
    .update(proxyInstances)
    .set({ status: 'expired', updatedAt: sql`now()`, ...(expiresAt ? { expiresAt } : {}) })
    .where(
      and(
        inArray(
          proxyInstances.id,
          instances.map((row) => row.id),
        ),
        eq(proxyInstances.status, 'active'),
      ),
    );
  await tx
    .update(ipAddresses)
    .set({ ...toStatusOf('endInstance'), coolingUntil })
    .where(
      and(
        inArray(
          ipAddresses.id,
          instances.map((row) => row.ipAddressId),
        ),
        // An operator may have disabled the address meanwhile: it stays disabled.
        fromStatesOf('endInstance'),
      ),
    );
}

/**
 * Returns up to `limit` cooled-down IPs to the pool. An address whose instance was renewed is
 * `allocated` again and no longer matches; the active-instance check holds even if a status
 * was left behind by hand.
 */
export async function releaseCooledIps(
  tx: Tx,
  { now, limit }: { now: Date; limit: number },
): Promise<string[]> {
  const cooled = await tx
    .select({ id: ipAddresses.id })
    .from(ipAddresses)
    .where(
      and(
        eq(ipAddresses.status, 'cooling'),
        lte(ipAddresses.coolingUntil, now),
        sql`not exists (select 1 from ${proxyInstances} where ${proxyInstances.ipAddressId} = ${ipAddresses.id} and ${proxyInstances.status} = 'active')`,
      ),
    )
    .orderBy(asc(ipAddresses.coolingUntil), asc(ipAddresses.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (cooled.length === 0) return [];
  const ids = cooled.map((row) => row.id);
  await tx
    .update(ipAddresses)
    .set({ ...toStatusOf('coolDown'), coolingUntil: null })
    .where(and(inArray(ipAddresses.id, ids), fromStatesOf('coolDown')));
  await announceChange(tx, catalogChanged);
  return ids;
}

/**
 * The address an instance left for another (a replacement) cools down as after an expiry. A
 * quarantined (or retired) one keeps its state: an operator took it out of sale, and cooling
 * would put it back on sale.
 */
export async function coolDownLeftAddress(
  tx: Tx,
  { ipAddressId, coolingUntil }: { ipAddressId: string; coolingUntil: Date },
): Promise<void> {
  await tx
    .update(ipAddresses)
    .set({ ...toStatusOf('endInstance'), coolingUntil })
    .where(and(eq(ipAddresses.id, ipAddressId), fromStatesOf('endInstance')));
}
