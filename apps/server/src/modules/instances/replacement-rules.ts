// When a replacement is free, counted or refused: the arithmetic, apart from the database.
import { FREE_REPLACEMENT_HOURS } from '@stratus/contract';

const HOUR_MS = 3_600_000;

/** The end of the free-replacement window of an instance bought at `purchasedAt`. */
export function freeReplacementUntil(purchasedAt: Date): Date {
  return new Date(purchasedAt.getTime() + FREE_REPLACEMENT_HOURS * HOUR_MS);
}

/** Replacements the month still allows: never below 0, even after an operator lowered it. */
export function replacementsLeft({ perMonth, used }: { perMonth: number; used: number }): number {
  return Math.max(0, perMonth - used);
}

/**
 * Whether a replacement now is free (within 24 hours of the purchase, or the address is
 * quarantined and the instance flagged for replacement) and, if not, whether the month's quota
 * allows it.
 */
export function judgeReplacement({
  purchasedAt,
  flaggedForReplacement,
  now,
  perMonth,
  used,
}: {
  purchasedAt: Date;
  flaggedForReplacement: boolean;
  now: Date;
  perMonth: number;
  used: number;
}): { free: boolean; allowed: boolean } {
  const free = flaggedForReplacement || now < freeReplacementUntil(purchasedAt);
  return { free, allowed: free || replacementsLeft({ perMonth, used }) > 0 };
}
