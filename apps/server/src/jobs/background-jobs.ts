// Every background job of a server, started once the app is built (server.ts), never by buildApp
// itself: an app built for `app.inject` tests runs no timers.
import type { FastifyInstance } from 'fastify';
import { startMessageDelivery } from './deliver-messages.ts';
import { startWebhookDelivery } from './deliver-webhooks.ts';
import { startMessagePruning } from './prune-messages.ts';
import { startPaymentExpiry } from './expire-payments.ts';
import { startTrafficPackageExpiry } from './expire-traffic-packages.ts';
import { startOfflineNodeLog } from './log-offline-nodes.ts';
import type { PeriodicJob } from './periodic.ts';
import { startAuthAttemptPruning } from './prune-auth-attempts.ts';
import { startNodeHeartbeatPruning } from './prune-node-heartbeats.ts';
import { startRateLimitWindowPruning } from './prune-rate-limit-windows.ts';
import { startSignInHistoryPruning } from './prune-sign-in-history.ts';
import { startReminders } from './send-reminders.ts';
import { startStaticIpJobs } from './static-ip-jobs.ts';

/**
 * Starts every job: each runs at once, then every `JOBS_INTERVAL_SECONDS` (sign-in attempts, the
 * sign-in history and node heartbeats are pruned hourly; nodes gone offline are looked for every
 * NODE_OFFLINE_AFTER_SECONDS). `stop` ends the timers and waits for runs in progress, so the
 * database can close after it.
 */
export function startBackgroundJobs(app: FastifyInstance): PeriodicJob {
  const intervalMs = app.config.jobsIntervalSeconds * 1000;
  const jobs = [
    startAuthAttemptPruning(app),
    startSignInHistoryPruning(app),
    startNodeHeartbeatPruning(app),
    startRateLimitWindowPruning(app),
    startOfflineNodeLog(app),
    startMessageDelivery(app),
    startWebhookDelivery(app),
    startMessagePruning(app),
    startPaymentExpiry(app, { intervalMs }),
    startStaticIpJobs(app, { intervalMs }),
    startTrafficPackageExpiry(app, { intervalMs }),
    startReminders(app, { intervalMs }),
  ];
  return {
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
