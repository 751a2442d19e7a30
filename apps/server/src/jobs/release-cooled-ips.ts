import type { Db } from '@stratus/db';
import { releaseCooledIps as releaseCooledIpBatch } from '../modules/inventory/lifecycle-repo.ts';

const BATCH_SIZE = 500;
const MAX_BATCHES_PER_RUN = 50;

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
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
    const ids = await db.transaction((tx) => releaseCooledIpBatch(tx, { now, limit: batchSize }));
    released += ids.length;
    if (ids.length < batchSize) break;
  }
  return { released };
}
