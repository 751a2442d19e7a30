import { useEffect, useState } from 'react';

const SECOND_MS = 1_000;

/** Remaining time as `mm:ss`, rounded up so `00:00` shows only once the time is really out. */
export function formatCountdown(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / SECOND_MS));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Milliseconds left until an ISO time, ticking every second; null for an unreadable time. */
export function useRemainingMs(deadlineIso: string | undefined): number | null {
  const deadline = deadlineIso ? Date.parse(deadlineIso) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  const expired = !Number.isNaN(deadline) && now >= deadline;

  useEffect(() => {
    if (Number.isNaN(deadline) || expired) return undefined;
    const timer = setInterval(() => setNow(Date.now()), SECOND_MS);
    return () => clearInterval(timer);
  }, [deadline, expired]);

  if (Number.isNaN(deadline)) return null;
  return Math.max(0, deadline - now);
}
