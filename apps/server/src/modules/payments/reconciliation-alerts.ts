// `reconciliation.mismatch`: the reminder job reconciles (as `/admin/reconciliation` does, the same
// sums) the last few days and tells whoever reads
// the reconciliation of every day and channel whose payments and ledger top-ups disagree. Every
// credit writes both in one transaction, so a mismatch means something wrote one without the
// other (a hand-made ledger row, a payment edited in SQL): worth a person's look, once.
import { translate, unnamedChannelMailLabels } from '@stratus/contract';
import type { Db } from '@stratus/db';
import { addBusinessDays, businessDayOf } from '../../business-time.ts';
import { mailYuan, queueStaffMail } from '../messages/public.ts';
import { reconcileDays } from './reconciliation.ts';

/** How many days before today each pass reconciles (today is still being written). */
export const RECONCILED_DAYS = 7;

/**
 * Queues `reconciliation.mismatch` for every day and channel of the `RECONCILED_DAYS` days before
 * `now`'s business day that does not match; answers how many messages it wrote. Once per day and
 * channel (its key): a pass every few minutes, on every server, mails each one a single time, and
 * a mismatch found late (a row edited days after) is still mailed while its day is in the window.
 */
export async function mailReconciliationMismatches({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<number> {
  const today = businessDayOf(now);
  const rows = await reconcileDays(db, {
    firstDay: addBusinessDays(today, -RECONCILED_DAYS),
    lastDay: addBusinessDays(today, -1),
  });
  let queued = 0;
  for (const row of rows) {
    if (row.matched) continue;
    const written = await queueStaffMail(db, {
      permission: 'payments.read',
      template: 'reconciliation.mismatch',
      values: (locale) => ({
        day: row.day,
        channel:
          row.channel === null
            ? unnamedChannelMailLabels[locale]
            : translate(locale, `payments.channel.${row.channel}`),
        paidCount: row.paidCount,
        paidAmount: mailYuan(row.paidFen),
        ledgerCount: row.ledgerCount,
        ledgerAmount: mailYuan(row.ledgerFen),
      }),
      data: {
        day: row.day,
        channel: row.channel,
        paidCount: row.paidCount,
        paidFen: row.paidFen.toString(),
        ledgerCount: row.ledgerCount,
        ledgerFen: row.ledgerFen.toString(),
      },
      path: `/admin/reconciliation?from=${row.day}&to=${row.day}`,
      dedupeKey: `reconciliation.mismatch:${row.day}:${row.channel ?? 'none'}`,
    });
    queued += written.length;
  }
  return queued;
}
