import type { FastifyInstance } from 'fastify';
import { pruneSignInHistory } from '../modules/devices/public.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

/** Old sign-in attempts only cost disk space: once an hour is plenty. */
const EVERY_HOUR_MS = 3_600_000;

/**
 * Deletes sign-in attempts older than the 90 days the history shows. Safe on many servers at
 * once: an idempotent DELETE.
 */
export function startSignInHistoryPruning(app: FastifyInstance): PeriodicJob {
  return startPeriodicJob({
    name: 'sign-in-history-pruning',
    intervalMs: EVERY_HOUR_MS,
    log: app.log,
    run: async () => {
      const deleted = await pruneSignInHistory(app.db);
      if (deleted) app.log.info({ deleted }, 'pruned sign-in history older than 90 days');
    },
  });
}
