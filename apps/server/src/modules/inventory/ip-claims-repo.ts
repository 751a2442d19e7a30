import {
  and,
  asc,
  eq,
  inArray,
  ipAddresses,
  preparedPerDatabase,
  sql,
  type Db,
  type Tx,
  type SQL,
} from '@stratus/db';
import { announceChange, catalogChanged } from '../../change-notifications.ts';
import { fromStatesOf, toStatusOf } from './ip-transition-sql.ts';

export type IpAddressRow = typeof ipAddresses.$inferSelect;

export type IpClaim = { regionId: string; lineType: IpAddressRow['lineType']; count: number };

/**
 * Marks the first `count` available IPs of a region and line type (by address) `allocated` and
 * answers them, in one statement. The ids are picked (and locked) by a sub-select the UPDATE
 * reads through `= any(array(…))`: PostgreSQL runs such an uncorrelated sub-select once, before
 * the UPDATE, so the LIMIT and SKIP LOCKED pick one set of rows, never a second on a rescan.
 */
function allocateIpsStatement(tx: Tx, { regionId, lineType, count }: IpClaim, skipLocked: boolean) {
  const statement = skipLocked ? claimIpsSkippingLocked : claimIpsWaiting;
  return statement(tx).execute({ regionId, lineType, count });
}

// Prepared (prepared.ts): every purchase runs the first, and the second when stock is short.
const claimIpsSkippingLocked = preparedPerDatabase((tx: Tx) =>
  buildIpClaim(tx, true).prepare('claim_ips_skip_locked'),
);
const claimIpsWaiting = preparedPerDatabase((tx: Tx) =>
  buildIpClaim(tx, false).prepare('claim_ips_waiting'),
);

/** `onlyIf`: a condition without which nothing is picked (nor locked). */
export function buildIpClaim(tx: Tx, skipLocked: boolean, onlyIf?: SQL) {
  const picked = tx
    .select({ id: ipAddresses.id })
    .from(ipAddresses)
    .where(
      and(
        eq(ipAddresses.regionId, sql.placeholder('regionId')),
        eq(ipAddresses.lineType, sql.placeholder('lineType')),
        fromStatesOf('sell'),
        onlyIf,
      ),
    )
    .orderBy(asc(ipAddresses.address))
    .limit(sql.placeholder('count'))
    .for('update', skipLocked ? { skipLocked } : {});
  return tx
    .update(ipAddresses)
    .set({ ...toStatusOf('sell'), coolingUntil: null })
    .where(sql`${ipAddresses.id} = any(array(${picked}))`)
    .returning();
}

/**
 * The claim of the one IP a statement picked (`pickedId`, a sub-select it locked FOR UPDATE
 * SKIP LOCKED among available ones), as a CTE of that statement, only if `onlyIf` holds (the
 * purchase in one statement: once its debit went through).
 */
export function claimPickedIp(db: Tx | Db, { pickedId, onlyIf }: { pickedId: SQL; onlyIf: SQL }) {
  return db
    .update(ipAddresses)
    .set({ ...toStatusOf('sell'), coolingUntil: null })
    .where(and(sql`${ipAddresses.id} = ${pickedId}`, fromStatesOf('sell'), onlyIf))
    .returning();
}

/** Thrown only to roll the short SKIP LOCKED claim back to its savepoint. */
class ShortClaim extends Error {}

/**
 * Allocates `count` available IPs of a region and line type to `tx` (status `allocated`, locked
 * until it ends) and answers them, in no particular order; fewer come back only when committed
 * stock is short, so the caller may refuse the purchase on that (its rollback frees them again).
 *
 * SKIP LOCKED first, so concurrent purchases take disjoint rows without queueing. A short answer
 * proves nothing, though: a skipped row's holder may yet roll back (refused itself). So the claim
 * then waits instead: FOR UPDATE in address order, where PostgreSQL re-checks
 * `status = 'available'` on each row once its holder ends (READ COMMITTED) and LIMIT moves on
 * past rows sold meanwhile. No deadlock: no one waits while holding rows out of order (the SKIP
 * LOCKED attempt never waits, waiting claims wait only for rows above all they hold), and a
 * purchase locks its key and wallet before any IP.
 *
 * Before waiting, a short SKIP LOCKED attempt must let go of what it took: for several IPs it
 * runs in a savepoint, rolled back when short. For one IP (most purchases, every replacement) a
 * short attempt took nothing, so it needs no savepoint — two round trips fewer per purchase.
 *
 * Stock goes down: the caller announces `catalogChanged`, in `tx` (`announceChange`) or, for
 * purchases, after the commit (`announceChangeSoon`).
 */
export async function allocateAvailableIps(tx: Tx, claim: IpClaim): Promise<IpAddressRow[]> {
  if (claim.count === 1) {
    const ips = await allocateIpsStatement(tx, claim, true);
    if (ips.length === 1) return ips;
    return allocateIpsStatement(tx, claim, false);
  }
  try {
    return await tx.transaction(async (savepoint) => {
      const ips = await allocateIpsStatement(savepoint, claim, true);
      if (ips.length < claim.count) throw new ShortClaim();
      return ips;
    });
  } catch (error) {
    if (!(error instanceof ShortClaim)) throw error;
  }
  return allocateIpsStatement(tx, claim, false);
}

/**
 * A renewal of expired instances takes their cooling addresses back (`reclaim`); the caller has
 * them locked. An address in any other state is left as it is.
 */
export async function reclaimCoolingIps(tx: Tx, ipIds: string[]): Promise<void> {
  if (ipIds.length === 0) return;
  await tx
    .update(ipAddresses)
    .set({ ...toStatusOf('reclaim'), coolingUntil: null })
    .where(and(inArray(ipAddresses.id, ipIds), fromStatesOf('reclaim')));
  await announceChange(tx, catalogChanged);
}
