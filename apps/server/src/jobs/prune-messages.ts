import type { FastifyInstance } from 'fastify';
import { pruneMessagesBefore } from '../modules/messages/public.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

const EVERY_HOUR_MS = 3_600_000;
/** How long a delivered (or failed) message stays readable in the inbox and the operators' view. */
const KEEP_MS = 90 * 24 * EVERY_HOUR_MS;

/** Deletes messages done with for 90 days. Safe on many servers: one idempotent DELETE. */
export function startMessagePruning(app: FastifyInstance): PeriodicJob {
  return startPeriodicJob({
    name: 'message-pruning',
    intervalMs: EVERY_HOUR_MS,
    log: app.log,
    run: async () => {
      const deleted = await pruneMessagesBefore(app.db, new Date(Date.now() - KEEP_MS));
      if (deleted) app.log.info({ deleted }, 'pruned old messages');
    },
  });
}
