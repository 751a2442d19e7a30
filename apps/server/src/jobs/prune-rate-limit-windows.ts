import type { FastifyInstance } from 'fastify';
import { pruneRateLimitWindows } from '../modules/subscriptions/public.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

const EVERY_HOUR_MS = 3_600_000;
/** Every window is far shorter: a row this old counts nothing any more. */
const KEEP_MS = 3_600_000;

/** Deletes rate-limit windows over for an hour. Safe on many servers: one idempotent DELETE. */
export function startRateLimitWindowPruning(app: FastifyInstance): PeriodicJob {
  return startPeriodicJob({
    name: 'rate-limit-window-pruning',
    intervalMs: EVERY_HOUR_MS,
    log: app.log,
    run: async () => {
      const deleted = await pruneRateLimitWindows(app.db, new Date(Date.now() - KEEP_MS));
      if (deleted) app.log.info({ deleted }, 'pruned old rate-limit windows');
    },
  });
}
