// A static-IP purchase's idempotency keys: the customer's purchase keys (checkout's
// `purchaseKeyStore`) whose claim also reads the plan being bought.
import type { PlanWithPrice } from '../catalog/public.ts';
import { purchaseKeyStore, type IdempotencyStore } from '../checkout/public.ts';
import { claimIdempotencyKeyFindingPlan } from './static-ip-key-repo.ts';

export type PlanReadWithKey = { found: PlanWithPrice | undefined };

/**
 * `purchaseKeyStore` for a purchase of static IPs: its claim reads the plan and its price too,
 * in the same statement (`claimIdempotencyKeyFindingPlan`), a round trip fewer per purchase.
 * `planRead()` answers what it read, for the price step, once the key is ours (undefined
 * before, and on a repeat).
 */
export function staticIpPurchaseKeyStore(
  userId: string,
  plan: { planId: string; durationDays: number },
): IdempotencyStore & { planRead(): PlanReadWithKey | undefined } {
  let read: PlanReadWithKey | undefined;
  return {
    ...purchaseKeyStore(userId),
    async claim(tx, { key, requestHash }) {
      const claimed = await claimIdempotencyKeyFindingPlan(tx, {
        userId,
        key,
        requestHash,
        ...plan,
      });
      if (!claimed.claimed) {
        return { requestHash: claimed.row.requestHash, resultId: claimed.row.orderId };
      }
      read = { found: claimed.plan };
      return undefined;
    },
    planRead: () => read,
  };
}
