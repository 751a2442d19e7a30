// The rules of renewing an instance: how long it then runs, and what an automatic renewal buys.

/** A renewal's new expiry: the duration counts from the later of now and the current expiry. */
export function renewedExpiry({
  expiresAt,
  durationDays,
  now,
}: {
  expiresAt: Date;
  durationDays: number;
  now: Date;
}): Date {
  const from = Math.max(now.getTime(), expiresAt.getTime());
  return new Date(from + durationDays * 86_400_000);
}

/**
 * The duration an automatic renewal buys: the one the customer last paid for while the plan still
 * offers it, else the shortest the plan offers (the smallest debit); undefined when it offers none.
 */
export function pickRenewalDuration({
  lastDays,
  offeredDays,
}: {
  lastDays: number | undefined;
  offeredDays: number[];
}): number | undefined {
  if (lastDays !== undefined && offeredDays.includes(lastDays)) return lastDays;
  return offeredDays.length ? Math.min(...offeredDays) : undefined;
}
