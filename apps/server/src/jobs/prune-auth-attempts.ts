import type { FastifyInstance } from 'fastify';
import {
  deleteAttemptsOlderThan,
  deleteExpiredProofsOfWork,
  deleteExpiredSignInChallenges,
  deleteExpiredWebauthnCeremonies,
  forgetOldSignInAddresses,
} from '../modules/auth/public.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

/** Old attempts only cost disk space: once an hour is plenty, whatever JOBS_INTERVAL_SECONDS says. */
const EVERY_HOUR_MS = 3_600_000;

/**
 * Deletes sign-in attempts older than any throttle window still needs, and the addresses an
 * account has not signed in from for 90 days, sign-in challenges a day past their expiry, and
 * used proofs of work an hour past theirs. Safe on many servers at once: idempotent DELETEs.
 */
export function startAuthAttemptPruning(app: FastifyInstance): PeriodicJob {
  // Every throttle limit, so one added later is never pruned inside its window.
  const longestWindowHours =
    Math.max(...Object.values(app.config.throttle).map((limit) => limit.windowMinutes)) / 60;
  const keepHours = Math.max(24, Math.ceil(longestWindowHours));
  return startPeriodicJob({
    name: 'sign-in-attempt-pruning',
    intervalMs: EVERY_HOUR_MS,
    log: app.log,
    run: async () => {
      const deleted = await deleteAttemptsOlderThan(app.db, keepHours);
      if (deleted) app.log.info({ deleted }, 'pruned old sign-in attempts');
      const forgotten = await forgetOldSignInAddresses(app.db);
      if (forgotten) app.log.info({ forgotten }, 'forgot sign-in addresses unused for 90 days');
      const challenges = await deleteExpiredSignInChallenges(app.db);
      if (challenges) app.log.info({ challenges }, 'pruned expired sign-in challenges');
      const proofs = await deleteExpiredProofsOfWork(app.db);
      if (proofs) app.log.info({ proofs }, 'pruned used proofs of work past their expiry');
      const ceremonies = await deleteExpiredWebauthnCeremonies(app.db);
      if (ceremonies) app.log.info({ ceremonies }, 'pruned expired passkey ceremonies');
    },
  });
}
