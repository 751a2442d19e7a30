import type { FastifyInstance } from 'fastify';
import { mailLowStock } from '../modules/catalog/public.ts';
import { sendDueReminders } from '../modules/reminders/public.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

/**
 * Writes the reminders due (static IPs expiring, traffic packages used up or ending, balances
 * under their mark) every `intervalMs` on every server: each reminder's unique key makes it one
 * message however many servers find it due at once (modules/reminders). Staff are told of plans
 * below their low-stock mark in the same pass: a purchase checks its own plan, but addresses an
 * operator retires or quarantines lower the stock without one.
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
      const lowStock = await mailLowStock(app.db);
      if (lowStock) app.log.info({ queued: lowStock }, 'queued low-stock alerts');
    },
  });
}
