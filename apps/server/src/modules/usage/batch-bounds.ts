// What one usage batch may claim. Each record is bounded by the contract, but a node key must not
// be able to claim more bytes than its machine can physically move: the batch's bytes are held
// to the node's line rate over the batch's interval, so totals grow no faster than real traffic
// could make them and stay far inside bigint and JSON-safe integers.
import type { UsageRecord } from '@stratus/contract';
import { AppError } from '../../errors.ts';

/**
 * The shortest interval a batch is allowed for: gateways drain every few seconds, their clocks
 * drift and their timers run late, and a batch without an interval (gateways before `from`/`to`)
 * gets this much.
 */
export const MIN_BATCH_INTERVAL_MS = 60_000;
/**
 * The longest interval counted: a longer one (a gateway that could not spool for days, or a
 * forged `from`) is allowed no more than this, so one batch never claims more than a day of line
 * rate.
 */
export const MAX_BATCH_INTERVAL_MS = 86_400_000;
/** How far a record's `at` may lie outside the batch's interval (clock granularity, rounding). */
export const RECORD_TIME_TOLERANCE_MS = 60_000;

/** Bytes per second of a line rate in Gbit/s (decimal, as line rates are sold). */
export function lineRateBytesPerSecond(gbits: number): bigint {
  return BigInt(Math.round(gbits * 125_000_000));
}

export interface UsageBatchClaim {
  from?: string;
  to?: string;
  records: UsageRecord[];
}

/**
 * The most bytes a batch over `from`..`to` may claim: the line rate times the interval, clamped to
 * [MIN_BATCH_INTERVAL_MS, MAX_BATCH_INTERVAL_MS], and never beyond Number.MAX_SAFE_INTEGER.
 */
export function maxBatchBytes({
  intervalMs,
  bytesPerSecond,
}: {
  /** Null when the batch carries no interval. */
  intervalMs: number | null;
  bytesPerSecond: bigint;
}): bigint {
  const counted = Math.min(
    MAX_BATCH_INTERVAL_MS,
    Math.max(MIN_BATCH_INTERVAL_MS, intervalMs ?? MIN_BATCH_INTERVAL_MS),
  );
  const bytes = (bytesPerSecond * BigInt(counted)) / 1000n;
  const safe = BigInt(Number.MAX_SAFE_INTEGER);
  return bytes < safe ? bytes : safe;
}

/** What a batch claims once checked: its bytes and the interval it covers. */
export interface BatchClaimed {
  bytes: bigint;
  /** Its `from`/`to`, or the minute before `now` when it names none. */
  from: Date;
  to: Date;
}

/**
 * Refuses a batch whose interval is inconsistent (`usageBatchIntervalInvalid`) or whose bytes,
 * up plus down over all records, exceed what the node moves in it (`usageBatchTooLarge`). Up and
 * down both count against the one rate: a proxy receives every byte it forwards, whichever way.
 * Answers the batch's bytes and interval, for the bound over overlapping batches.
 */
export function assertBatchPossible(
  { from, to, records }: UsageBatchClaim,
  { bytesPerSecond, now = new Date() }: { bytesPerSecond: bigint; now?: Date },
): BatchClaimed {
  if ((from === undefined) !== (to === undefined)) throw new AppError('usageBatchIntervalInvalid');
  let intervalMs: number | null = null;
  let covered = { from: new Date(now.getTime() - MIN_BATCH_INTERVAL_MS), to: now };
  if (from !== undefined && to !== undefined) {
    const start = Date.parse(from);
    const end = Date.parse(to);
    if (start > end) throw new AppError('usageBatchIntervalInvalid');
    const outside = records.some((record) => {
      const at = Date.parse(record.at);
      return at < start - RECORD_TIME_TOLERANCE_MS || at > end + RECORD_TIME_TOLERANCE_MS;
    });
    if (outside) throw new AppError('usageBatchIntervalInvalid');
    intervalMs = end - start;
    covered = { from: new Date(start), to: new Date(end) };
  }
  const bytes = records.reduce(
    (sum, record) => sum + BigInt(record.bytesUp) + BigInt(record.bytesDown),
    0n,
  );
  assertWithinRate({ bytes, intervalMs, bytesPerSecond });
  return { bytes, ...covered };
}

/**
 * Refuses when batches whose intervals overlap (this one among them) claim together more than
 * the node moves over the time they span: a node key cannot multiply its allowance by sending
 * many batches over one interval. Batches that only touch (one's `to` is the next one's `from`,
 * as a gateway sends them) do not overlap.
 */
export function assertOverlappingWithinRate(
  overlapping: { bytes: bigint; from: Date; to: Date },
  { bytesPerSecond }: { bytesPerSecond: bigint },
): void {
  assertWithinRate({
    bytes: overlapping.bytes,
    intervalMs: overlapping.to.getTime() - overlapping.from.getTime(),
    bytesPerSecond,
  });
}

function assertWithinRate({
  bytes,
  intervalMs,
  bytesPerSecond,
}: {
  bytes: bigint;
  intervalMs: number | null;
  bytesPerSecond: bigint;
}): void {
  const maxBytes = maxBatchBytes({ intervalMs, bytesPerSecond });
  if (bytes > maxBytes) {
    throw new AppError('usageBatchTooLarge', {
      bytes: bytes.toString(),
      maxBytes: maxBytes.toString(),
    });
  }
}
