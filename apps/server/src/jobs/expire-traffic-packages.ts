import type { Db } from '@stratus/db';
import type { FastifyInstance } from 'fastify';
import { expireDueTrafficPackages } from '../modules/traffic/repo.ts';
import { startPeriodicJob } from './periodic.ts';

const EVERY_MINUTE_MS = 60_000;
const BATCH_SIZE = 500;
const MAX_BATCHES_PER_RUN = 50;

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
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
    const ids = await db.transaction((tx) =>
      expireDueTrafficPackages(tx, { now, limit: batchSize }),
    );
    expired += ids.length;
    if (ids.length < batchSize) break;
  }
  return { expired };
}

/** Runs `expireTrafficPackages` every minute on every server while the app is up. */
export function startTrafficPackageExpiry(
  app: FastifyInstance,
  { intervalMs = EVERY_MINUTE_MS }: { intervalMs?: number } = {},
): void {
  startPeriodicJob(app, {
    name: 'traffic-package-expiry',
    intervalMs,
    run: async () => {
      const { expired } = await expireTrafficPackages({ db: app.db });
      if (expired) app.log.info({ expired }, 'expired traffic packages');
    },
  });
}
