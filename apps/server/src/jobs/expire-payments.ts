import type { Db } from '@stratus/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PaymentChannels } from '../modules/payments/channels.ts';
import { claimDuePayments, markPaymentClosed } from '../modules/payments/repo.ts';
import { settleLockedPayment } from '../modules/payments/crediting.ts';

const EVERY_MINUTE_MS = 60_000;
/** Rows claimed per transaction: small, because each may wait on a provider query. */
const BATCH_SIZE = 10;
const MAX_BATCHES_PER_RUN = 50;
/** A payment whose provider cannot be asked is closed unasked this long after its expiry. */
const GIVE_UP_ASKING_MS = 24 * 3_600_000;

export interface ExpiryRunReport {
  closed: number;
  credited: number;
  /** Left pending for the next run (the provider could not be asked, or disagreed). */
  failed: number;
}

/**
 * One pass of the payment expiry job: settles every pending payment due at `now`. Safe on many
 * servers at once: rows are claimed with `FOR UPDATE SKIP LOCKED`, so each server takes payments
 * no other holds, and a notification arriving meanwhile waits for the row and then finds it
 * settled. Before closing, the channel is asked: a trade paid at the provider is credited.
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
  // Payments that failed this run are not claimed again until the next one.
  const attempted: string[] = [];
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
    const claimed = await db.transaction(async (tx) => {
      const due = await claimDuePayments(tx, { now, limit: batchSize, skipIds: attempted });
      for (const payment of due) {
        attempted.push(payment.id);
        try {
          // A savepoint per payment: one failure does not undo the others of the batch.
          const settled = await tx.transaction((savepoint) =>
            settleLockedPayment({ tx: savepoint, channels, payment, now }),
          );
          if (settled.status === 'paid') report.credited += 1;
          else report.closed += 1;
        } catch (error) {
          if (now.getTime() - payment.expiresAt.getTime() > GIVE_UP_ASKING_MS) {
            await tx.transaction((savepoint) =>
              markPaymentClosed(savepoint, { id: payment.id, closedAt: now }),
            );
            report.closed += 1;
            log.warn({ err: error, paymentId: payment.id }, 'closed payment without its provider');
          } else {
            report.failed += 1;
            log.warn({ err: error, paymentId: payment.id }, 'could not settle expired payment');
          }
        }
      }
      return due.length;
    });
    if (claimed < batchSize) break;
  }
  return report;
}

/** Runs `expireDuePayments` every minute while the app is up (on every server). */
export function startPaymentExpiry(app: FastifyInstance): void {
  let running: Promise<void> | undefined;
  const runOnce = async () => {
    try {
      const report = await expireDuePayments({
        db: app.db,
        channels: app.paymentChannels,
        log: app.log,
      });
      if (report.closed || report.credited || report.failed) {
        app.log.info(report, 'settled expired payments');
      }
    } catch (error) {
      app.log.warn({ err: error }, 'payment expiry run failed');
    }
  };
  const run = () => {
    // A slow provider must not stack runs on one server.
    running ??= runOnce().finally(() => {
      running = undefined;
    });
  };

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(run, EVERY_MINUTE_MS).unref();
    run();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // Let a run in progress finish before the database closes under it.
    await running;
  });
}
