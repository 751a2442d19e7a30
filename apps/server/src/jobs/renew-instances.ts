import { renewalFailureReasons, type RenewalFailureReason } from '@stratus/contract';
import type { Db } from '@stratus/db';
import type { FastifyBaseLogger } from 'fastify';
import { renewDueInstance } from '../modules/instances/public.ts';
import { claimDueRenewals, setRenewalWarning } from '../modules/inventory/public.ts';
import { mailInstanceRenewed, mailRenewalFailed } from '../modules/reminders/public.ts';
import { AppError } from '../errors.ts';
import { processInBatches } from './batches.ts';

const HOUR_MS = 3_600_000;
/** Instances claimed per transaction: each renewal is a few statements of its own. */
const BATCH_SIZE = 20;
/** Renewal failures the customer can act on, recorded on the instance as its warning. */
const warnedFailures: ReadonlySet<string> = new Set(renewalFailureReasons);

export interface RenewalRunReport {
  renewed: number;
  /** Not renewed for a reason the customer can fix (balance above all): the instance says why. */
  warned: number;
  /** Unexpected errors, logged; retried on the next run. */
  failed: number;
}

/**
 * One pass of the auto-renew job: every active auto-renew instance expiring within
 * `renewAheadHours` of `now` is renewed for the duration last bought, through the same
 * `renewInstances` a customer's renewal uses (one `renewal` order and ledger row, warning
 * cleared, `instance.renewed` mailed). When the balance does not cover it the instance gets
 * `renewal_warning = 'insufficientBalance'`, its owner `instance.renewal_failed` once per reason and
 * expiry, and it is tried again on every run until it is paid or expires.
 *
 * Safe on many servers at once: instances are claimed with `FOR UPDATE SKIP LOCKED`, and each
 * renewal runs in a savepoint, so one failure leaves the rest of the batch alone.
 */
export async function renewDueInstances({
  db,
  log,
  renewAheadHours,
  now = new Date(),
  batchSize = BATCH_SIZE,
}: {
  db: Db;
  log: FastifyBaseLogger;
  renewAheadHours: number;
  now?: Date;
  batchSize?: number;
}): Promise<RenewalRunReport> {
  const report: RenewalRunReport = { renewed: 0, warned: 0, failed: 0 };
  const dueBy = new Date(now.getTime() + renewAheadHours * HOUR_MS);
  // Instances tried this run are not claimed again until the next one.
  const attempted: string[] = [];
  const claimBatch = () =>
    db.transaction(async (tx) => {
      const due = await claimDueRenewals(tx, { dueBy, limit: batchSize, skipIds: attempted });
      for (const instance of due) {
        attempted.push(instance.id);
        try {
          // A savepoint per instance: a failure of any kind leaves the batch's transaction usable.
          await tx.transaction(async (savepoint) => {
            const { order } = await renewDueInstance({ db: savepoint, instance, now });
            await mailInstanceRenewed(savepoint, { instanceId: instance.id, orderId: order.id });
          });
          report.renewed += 1;
        } catch (error) {
          if (error instanceof AppError && warnedFailures.has(error.kind)) {
            await setRenewalWarning(tx, { instanceId: instance.id, warning: error.kind });
            const reason = error.kind as RenewalFailureReason;
            await mailRenewalFailed(tx, { instanceId: instance.id, reason });
            report.warned += 1;
          } else {
            report.failed += 1;
            log.warn({ err: error, instanceId: instance.id }, 'automatic renewal failed');
          }
        }
      }
      return due.length;
    });
  await processInBatches({ batchSize, claimBatch });
  return report;
}
