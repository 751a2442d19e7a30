import { WEBHOOK_DISABLE_AFTER_DAYS } from '@stratus/contract';
import type { Tx } from '@stratus/db';
import type { FastifyInstance } from 'fastify';
import { mailTime, queueUserMail } from '../modules/messages/public.ts';
import { deliverDueWebhooks, type DisabledEndpoint } from '../modules/webhooks/public.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

/** How soon an event reaches a customer's endpoint. */
const EVERY_FEW_SECONDS_MS = 5_000;

/** The owner of an endpoint switched off for failing is mailed, in the same transaction. */
export async function mailEndpointDisabled(
  tx: Tx,
  { endpoint, lastProblem }: DisabledEndpoint,
): Promise<void> {
  const failingSince = endpoint.failingSince ?? endpoint.updatedAt;
  await queueUserMail(tx, {
    userId: endpoint.userId,
    template: 'webhook.disabled',
    values: {
      url: endpoint.url,
      failingSince: mailTime(failingSince),
      lastProblem,
      days: WEBHOOK_DISABLE_AFTER_DAYS,
    },
    data: { endpointId: endpoint.id, url: endpoint.url, failingSince: failingSince.toISOString() },
    path: '/console/webhooks',
    dedupeKey: `webhook.disabled:${endpoint.id}:${failingSince.toISOString()}`,
  });
}

/**
 * POSTs due webhook deliveries every few seconds. Safe on many servers at once: each pass claims
 * its deliveries (webhooks/repo.ts). In production only public addresses are connected to.
 */
export function startWebhookDelivery(app: FastifyInstance): PeriodicJob {
  return startPeriodicJob({
    name: 'webhook-delivery',
    intervalMs: EVERY_FEW_SECONDS_MS,
    log: app.log,
    run: async () => {
      const report = await deliverDueWebhooks({
        db: app.db,
        cipher: app.tokenCipher,
        refusePrivate: app.config.nodeEnv === 'production',
        onDisabled: mailEndpointDisabled,
      });
      if (report.succeeded + report.retrying + report.failed + report.disabled > 0) {
        app.log.info(report, 'delivered webhooks');
      }
    },
  });
}
