const DAY_MS = 86_400_000;

/** Whole days until an ISO time, rounded up (a few hours left counts as one day); 0 once past. */
export function daysUntil(iso: string, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now) / DAY_MS));
}
