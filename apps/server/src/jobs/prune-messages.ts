import type { FastifyInstance } from 'fastify';
import { pruneMessagesBefore } from '../modules/messages/public.ts';
import { pruneWebhookDeliveriesBefore } from '../modules/webhooks/public.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

const EVERY_HOUR_MS = 3_600_000;
/**
 * How long a delivered (or failed) message stays readable in the inbox and the operators' view, and
 * a finished webhook delivery in its endpoint's log.
 */
const KEEP_MS = 90 * 24 * EVERY_HOUR_MS;

/**
 * Deletes messages and webhook deliveries done with for 90 days. Safe on many servers: idempotent
 * DELETEs.
 */
export function startMessagePruning(app: FastifyInstance): PeriodicJob {
  return startPeriodicJob({
    name: 'message-pruning',
    intervalMs: EVERY_HOUR_MS,
    log: app.log,
    run: async () => {
      const before = new Date(Date.now() - KEEP_MS);
      const deleted = await pruneMessagesBefore(app.db, before);
      if (deleted) app.log.info({ deleted }, 'pruned old messages');
      const deliveries = await pruneWebhookDeliveriesBefore(app.db, before);
      if (deliveries) app.log.info({ deleted: deliveries }, 'pruned old webhook deliveries');
    },
  });
}
