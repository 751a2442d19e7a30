import type { Db } from '@stratus/db';
import type { FastifyInstance } from 'fastify';
import { mailLowStock } from '../modules/catalog/public.ts';
import { mailReconciliationMismatches } from '../modules/payments/public.ts';
import { sendDueReminders } from '../modules/reminders/public.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

/** How many messages one pass wrote, by kind. */
export interface ReminderPassReport {
  reminders: number;
  lowStock: number;
  reconciliation: number;
}

/**
 * One pass: the customers' reminders due (static IPs expiring, traffic packages used up or
 * ending, balances under their mark), then the staff's checks: plans below their low-stock mark
 * (a purchase checks its own plan, but addresses an operator retires or quarantines lower the
 * stock without one) and the last days' reconciliation. Every message's unique key makes it one
 * however many servers run the pass at once, and however often.
 */
export async function runReminderPass({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<ReminderPassReport> {
  const { queued: reminders } = await sendDueReminders({ db, now });
  const lowStock = await mailLowStock(db);
  const reconciliation = await mailReconciliationMismatches({ db, now });
  return { reminders, lowStock, reconciliation };
}

/** Runs the pass every `intervalMs` on every server (modules/reminders). */
export function startReminders(
  app: FastifyInstance,
  { intervalMs }: { intervalMs: number },
): PeriodicJob {
  return startPeriodicJob({
    name: 'reminders',
    intervalMs,
    log: app.log,
    run: async () => {
      const report = await runReminderPass({ db: app.db });
      if (report.reminders + report.lowStock + report.reconciliation > 0) {
        app.log.info(report, 'queued reminders and staff alerts');
      }
    },
  });
}
