// The claim of a static-IP purchase's idempotency key that reads the plan and its price in the
// same statement (`staticIpPurchaseKeyStore`, static-ip-key-store.ts).
import { idempotencyKeys, preparedPerDatabase, sql, type Tx } from '@stratus/db';
import { selectPlanWithPriceFrom, type PlanWithPrice } from '../catalog/public.ts';
import { findIdempotencyKey, type IdempotencyKeyRow } from '../checkout/public.ts';

// Prepared (prepared.ts): every static-IP purchase with a key runs it first.
const insertIdempotencyKeyFindingPlan = preparedPerDatabase((tx: Tx) => {
  const claimedKey = tx.$with('claimed_key').as(
    tx
      .insert(idempotencyKeys)
      .values({
        userId: sql.placeholder('userId'),
        key: sql.placeholder('key'),
        requestHash: sql.placeholder('requestHash'),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key }),
  );
  return selectPlanWithPriceFrom(tx.with(claimedKey), {
    keyClaimed: sql<boolean>`exists (select 1 from ${claimedKey})`.mapWith(Boolean),
  }).prepare('claim_idempotency_key_find_plan');
});

/**
 * `claimIdempotencyKey` and `findPlanWithPrice` in ONE statement, for a purchase of static IPs:
 * the INSERT claiming the key rides along as a CTE, and runs (waiting for another transaction
 * holding the same key, like `claimIdempotencyKey`) whether or not the plan exists. `plan` is
 * read only when the key is ours: a repeat answers its first order whatever became of the plan.
 */
export async function claimIdempotencyKeyFindingPlan(
  tx: Tx,
  claim: { userId: string; key: string; requestHash: string; planId: string; durationDays: number },
): Promise<
  { claimed: true; plan: PlanWithPrice | undefined } | { claimed: false; row: IdempotencyKeyRow }
> {
  const { userId, key, requestHash, planId, durationDays } = claim;
  const [found] = await insertIdempotencyKeyFindingPlan(tx).execute({
    userId,
    key,
    requestHash,
    planId,
    durationDays,
  });
  if (found?.keyClaimed) {
    const { plan, region, priceFen } = found;
    return { claimed: true, plan: { plan, region, priceFen: priceFen ?? undefined } };
  }
  // No row (no such plan) leaves open whether the key was ours; a claimed key's row is ours and
  // has no order yet (a committed one always has its order: both are written in one
  // transaction), and this statement sees the row another transaction committed while the
  // claim waited for it.
  const row = await findIdempotencyKey(tx, { userId, key });
  if (!found && row.orderId === null) return { claimed: true, plan: undefined };
  return { claimed: false, row };
}
