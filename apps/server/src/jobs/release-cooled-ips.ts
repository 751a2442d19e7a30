import type { Db } from '@stratus/db';
import { releaseCooledIps as releaseCooledIpBatch } from '../modules/inventory/public.ts';
import { processInBatches } from './batches.ts';

const BATCH_SIZE = 500;

/**
 * One pass of the release job: IPs whose cool-down ended by `now` and whose instance was not
 * renewed meanwhile become `available` for sale again. Safe on many servers at once (rows are
 * claimed with `FOR UPDATE SKIP LOCKED`); a renewal holding the address's row wins, and the
 * address is then `allocated` again and left alone.
 */
export async function releaseCooledIps({
  db,
  now = new Date(),
  batchSize = BATCH_SIZE,
}: {
  db: Db;
  now?: Date;
  batchSize?: number;
}): Promise<{ released: number }> {
  let released = 0;
  await processInBatches({
    batchSize,
    claimBatch: async () => {
      const ids = await db.transaction((tx) => releaseCooledIpBatch(tx, { now, limit: batchSize }));
      released += ids.length;
      return ids.length;
    },
  });
  return { released };
}
