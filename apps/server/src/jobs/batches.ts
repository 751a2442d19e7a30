/** A run takes at most this many batches, so one run cannot hold a server's job for ever. */
const MAX_BATCHES_PER_RUN = 50;

/**
 * The loop every batch job shares: `claimBatch` claims up to `batchSize` due rows (with
 * `FOR UPDATE SKIP LOCKED`, so servers running the same job take different rows), processes them
 * and answers how many it claimed; the loop repeats until a batch comes back short, meaning
 * nothing due is left, or `maxBatches` were taken (the next run goes on).
 */
export async function processInBatches({
  batchSize,
  maxBatches = MAX_BATCHES_PER_RUN,
  claimBatch,
}: {
  batchSize: number;
  maxBatches?: number;
  claimBatch: () => Promise<number>;
}): Promise<void> {
  for (let batch = 0; batch < maxBatches; batch += 1) {
    if ((await claimBatch()) < batchSize) return;
  }
}
