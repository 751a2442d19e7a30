import type { Db } from '@stratus/db';
import type { FastifyInstance } from 'fastify';
import { expireDueTrafficPackages } from '../modules/traffic/public.ts';
import { processInBatches } from './batches.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

const BATCH_SIZE = 500;

/**
 * One pass of the traffic expiry job: every active package whose expiry is at or before `now`
 * becomes `expired` (its remaining bytes can no longer be drawn). Readers already see such a
 * package as expired; this makes the stored status agree. Safe on many servers at once: packages
 * are claimed with `FOR UPDATE SKIP LOCKED` in small transactions.
 */
export async function expireTrafficPackages({
  db,
  now = new Date(),
  batchSize = BATCH_SIZE,
}: {
  db: Db;
  now?: Date;
  batchSize?: number;
}): Promise<{ expired: number }> {
  let expired = 0;
  await processInBatches({
    batchSize,
    claimBatch: async () => {
      const ids = await db.transaction((tx) =>
        expireDueTrafficPackages(tx, { now, limit: batchSize }),
      );
      expired += ids.length;
      return ids.length;
    },
  });
  return { expired };
}

/** Runs `expireTrafficPackages` every `intervalMs` (on every server) until stopped. */
export function startTrafficPackageExpiry(
  app: FastifyInstance,
  { intervalMs }: { intervalMs: number },
): PeriodicJob {
  return startPeriodicJob({
    name: 'traffic-package-expiry',
    intervalMs,
    log: app.log,
    run: async () => {
      const { expired } = await expireTrafficPackages({ db: app.db });
      if (expired) app.log.info({ expired }, 'expired traffic packages');
    },
  });
}
