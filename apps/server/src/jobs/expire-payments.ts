import type { Db } from '@stratus/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PaymentChannels } from '../modules/payments/public.ts';
import { closePayment, closePaymentUnasked, claimDuePayments } from '../modules/payments/public.ts';
import { processInBatches } from './batches.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

/** Rows claimed at a time: small, because each waits on its provider in turn. */
const BATCH_SIZE = 10;
/**
 * How long other servers leave a claimed payment alone: well beyond a batch's provider calls
 * (two 10-second requests per payment at most), and the wait before a failed one is retried.
 */
const CLAIM_LEASE_MS = 5 * 60_000;
/** A payment whose provider cannot be asked is closed unasked this long after its expiry. */
const GIVE_UP_ASKING_MS = 24 * 3_600_000;

export interface ExpiryRunReport {
  closed: number;
  credited: number;
  /** Left pending for a later run (the provider could not be asked, or disagreed). */
  failed: number;
}

/**
 * One pass of the payment expiry job: settles every pending payment due at `now` the way a
 * customer's cancel does, closing the provider's trade first and crediting one the buyer has
 * paid after all (closePayment). Safe on many servers at once: each claims its rows with
 * `FOR UPDATE SKIP LOCKED` and leases them (claimDuePayments), commits, and only then calls the
 * provider, so no transaction stays open across the network; the settlement locks the row again
 * and applies the answer to the state it finds, so a notification arriving meanwhile is never
 * undone.
 */
export async function expireDuePayments({
  db,
  channels,
  log,
  now = new Date(),
  batchSize = BATCH_SIZE,
}: {
  db: Db;
  channels: PaymentChannels;
  log: FastifyBaseLogger;
  now?: Date;
  batchSize?: number;
}): Promise<ExpiryRunReport> {
  const report: ExpiryRunReport = { closed: 0, credited: 0, failed: 0 };
  const claimBatch = async () => {
    // A payment failed in this run stays claimed, so it is not taken again until the lease ends.
    const claimed = await db.transaction((tx) =>
      claimDuePayments(tx, { now, limit: batchSize, leaseMs: CLAIM_LEASE_MS }),
    );
    for (const payment of claimed) {
      try {
        const { outcome } = await closePayment({ db, channels, payment, now });
        if (outcome === 'credited') report.credited += 1;
        else if (outcome === 'closed') report.closed += 1;
      } catch (error) {
        if (now.getTime() - payment.expiresAt.getTime() > GIVE_UP_ASKING_MS) {
          // A payment made meanwhile is not lost: its verified notification still credits it.
          if (await closePaymentUnasked({ db, paymentId: payment.id, now })) report.closed += 1;
          log.warn({ err: error, paymentId: payment.id }, 'closed payment without its provider');
        } else {
          report.failed += 1;
          log.warn({ err: error, paymentId: payment.id }, 'could not settle expired payment');
        }
      }
    }
    return claimed.length;
  };
  await processInBatches({ batchSize, claimBatch });
  return report;
}

/** Runs `expireDuePayments` every `intervalMs` (on every server) until stopped. */
export function startPaymentExpiry(
  app: FastifyInstance,
  { intervalMs }: { intervalMs: number },
): PeriodicJob {
  return startPeriodicJob({
    name: 'payment-expiry',
    intervalMs,
    log: app.log,
    run: async () => {
      const report = await expireDuePayments({
        db: app.db,
        channels: app.paymentChannels,
        log: app.log,
      });
      if (report.closed || report.credited || report.failed) {
        app.log.info(report, 'settled expired payments');
      }
    },
  });
}
