import type { FastifyInstance } from 'fastify';
import {
  createSmtpMailer,
  deliverDueMessages,
  unsubscribeLinksFor,
} from '../modules/messages/public.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

/** How soon a queued email leaves: a password reset link should not wait a minute. */
const EVERY_FEW_SECONDS_MS = 5_000;

/**
 * Sends the outbox's due messages over SMTP every few seconds, when an SMTP server is configured
 * (`SMTP_URL`); without one mail waits in the outbox, where operators read it. Safe on many
 * servers at once: each pass claims its messages (messages/outbox-repo.ts).
 */
export function startMessageDelivery(app: FastifyInstance): PeriodicJob {
  const mail = app.config.mail;
  if (!mail) return { stop: async () => {} };
  const mailer = createSmtpMailer({ smtpUrl: mail.smtpUrl, from: mail.from });
  const job = startPeriodicJob({
    name: 'message-delivery',
    intervalMs: EVERY_FEW_SECONDS_MS,
    log: app.log,
    run: async () => {
      const report = await deliverDueMessages({
        db: app.db,
        mailer,
        messageIdDomain: mail.fromDomain,
        unsubscribeLinksOf: unsubscribeLinksFor({
          publicUrl: app.config.publicUrl,
          tokens: app.unsubscribeTokens,
        }),
      });
      if (report.sent + report.retrying + report.failed > 0) {
        app.log.info(report, 'delivered messages');
      }
    },
  });
  return {
    async stop() {
      await job.stop();
      mailer.close();
    },
  };
}
