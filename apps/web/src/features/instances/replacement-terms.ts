import type { Instance } from '@stratus/contract';

/** What replacing the instance now costs the customer: free, one of the month's, or refused. */
export type ReplacementTerms =
  | { kind: 'free'; until: string | null }
  | { kind: 'counted'; left: number }
  | { kind: 'exhausted' };

/** Mirrors the server's rule (free in 24 h or when flagged; then the monthly quota). */
export function replacementTermsOf(instance: Instance, now = Date.now()): ReplacementTerms {
  if (instance.flaggedForReplacement) return { kind: 'free', until: null };
  if (now < Date.parse(instance.freeReplacementUntil)) {
    return { kind: 'free', until: instance.freeReplacementUntil };
  }
  if (instance.replacementsLeftThisMonth > 0) {
    return { kind: 'counted', left: instance.replacementsLeftThisMonth };
  }
  return { kind: 'exhausted' };
}
