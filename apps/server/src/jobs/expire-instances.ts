import type { Db } from '@stratus/db';
import { expireDueInstances } from '../modules/inventory/public.ts';
import { mailInstancesExpired } from '../modules/reminders/public.ts';
import { processInBatches } from './batches.ts';

const HOUR_MS = 3_600_000;
const BATCH_SIZE = 200;

/**
 * One pass of the expiry job: every active instance whose expiry is at or before `now` becomes
 * `expired` (the gateway stops serving it), and its IP goes into cool-down for `cooldownHours`,
 * during which only its last owner can get it back by renewing; its owner gets `instance.expired`
 * in the same transaction. Safe on many servers at once:
 * instances are claimed with `FOR UPDATE SKIP LOCKED` in small transactions.
 */
export async function expireInstances({
  db,
  now = new Date(),
  cooldownHours,
  batchSize = BATCH_SIZE,
}: {
  db: Db;
  now?: Date;
  cooldownHours: number;
  batchSize?: number;
}): Promise<{ expired: number }> {
  const coolingUntil = new Date(now.getTime() + cooldownHours * HOUR_MS);
  let expired = 0;
  await processInBatches({
    batchSize,
    claimBatch: async () => {
      const ids = await db.transaction(async (tx) => {
        const ended = await expireDueInstances(tx, { now, coolingUntil, limit: batchSize });
        // Each owner is told in the same transaction: expired and mailed, or neither.
        await mailInstancesExpired(tx, ended);
        return ended;
      });
      expired += ids.length;
      return ids.length;
    },
  });
  return { expired };
}
