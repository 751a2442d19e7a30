import type { FastifyInstance } from 'fastify';
import { sendDueReminders } from '../modules/reminders/public.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

/**
 * Writes the reminders due (static IPs expiring, traffic packages used up or ending, balances
 * under their mark) every `intervalMs` on every server: each reminder's unique key makes it one
 * message however many servers find it due at once (modules/reminders).
 */
export function startReminders(
  app: FastifyInstance,
  { intervalMs }: { intervalMs: number },
): PeriodicJob {
  return startPeriodicJob({
    name: 'reminders',
    intervalMs,
    log: app.log,
    run: async () => {
      const { queued } = await sendDueReminders({ db: app.db });
      if (queued) app.log.info({ queued }, 'queued reminders');
    },
  });
}
