import type { UsageRecord } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import {
  assertBatchPossible,
  lineRateBytesPerSecond,
  MAX_BATCH_INTERVAL_MS,
  maxBatchBytes,
  MIN_BATCH_INTERVAL_MS,
  RECORD_TIME_TOLERANCE_MS,
} from './batch-bounds.ts';
import { toJsonBytes } from '../../json-bytes.ts';

const SUBJECT = '00000000-0000-4000-8000-00000000000a';
/** 100 Gbit/s. */
const RATE = lineRateBytesPerSecond(100);

const at = (ms: number) => new Date(Date.UTC(2026, 0, 10) + ms).toISOString();
const record = (bytesUp: number, bytesDown = 0, time = at(0)): UsageRecord => ({
  kind: 'static',
  subject: SUBJECT,
  bytesUp,
  bytesDown,
  at: time,
});

function refusal(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.kind;
    throw error;
  }
}

describe('what one usage batch may claim', () => {
  it('converts a line rate in decimal Gbit/s to bytes per second', () => {
    expect(lineRateBytesPerSecond(100)).toBe(12_500_000_000n);
    expect(lineRateBytesPerSecond(0.5)).toBe(62_500_000n);
  });

  it('holds the interval counted between a minute and a day', () => {
    const minute = 750_000_000_000n;
    expect(maxBatchBytes({ intervalMs: null, bytesPerSecond: RATE })).toBe(minute);
    expect(maxBatchBytes({ intervalMs: 0, bytesPerSecond: RATE })).toBe(minute);
    expect(maxBatchBytes({ intervalMs: MIN_BATCH_INTERVAL_MS + 1000, bytesPerSecond: RATE })).toBe(
      minute + 12_500_000_000n,
    );
    const day = 12_500_000_000n * 86_400n;
    expect(maxBatchBytes({ intervalMs: MAX_BATCH_INTERVAL_MS, bytesPerSecond: RATE })).toBe(day);
    expect(maxBatchBytes({ intervalMs: 10 * MAX_BATCH_INTERVAL_MS, bytesPerSecond: RATE })).toBe(
      day,
    );
  });

  it('never allows a batch beyond the exact JSON range, whatever the configured rate', () => {
    const fast = lineRateBytesPerSecond(1_000_000);
    expect(maxBatchBytes({ intervalMs: MAX_BATCH_INTERVAL_MS, bytesPerSecond: fast })).toBe(
      BigInt(Number.MAX_SAFE_INTEGER),
    );
  });

  it('counts up and down of every record against the rate, to the byte', () => {
    const interval = { from: at(0), to: at(5000) };
    const half = 375_000_000_000;
    const fits = { ...interval, records: [record(half), record(0, half, at(5000))] };
    expect(refusal(() => assertBatchPossible(fits, { bytesPerSecond: RATE }))).toBeNull();
    const over = { ...interval, records: [record(half), record(1, half)] };
    expect(refusal(() => assertBatchPossible(over, { bytesPerSecond: RATE }))).toBe(
      'usageBatchTooLarge',
    );
    // Nine records at the per-record maximum, the audit's case, in bigint: no rounding lets it by.
    const nine = { records: Array.from({ length: 9 }, () => record(2 ** 50)) };
    expect(refusal(() => assertBatchPossible(nine, { bytesPerSecond: RATE }))).toBe(
      'usageBatchTooLarge',
    );
  });

  it('refuses an interval that is half given, reversed, or does not hold its records', () => {
    const records = [record(1)];
    const cases: [Parameters<typeof assertBatchPossible>[0], string | null][] = [
      [{ from: at(0), records }, 'usageBatchIntervalInvalid'],
      [{ to: at(0), records }, 'usageBatchIntervalInvalid'],
      [{ from: at(1), to: at(0), records }, 'usageBatchIntervalInvalid'],
      [{ from: at(0), to: at(0), records }, null],
      [
        { from: at(RECORD_TIME_TOLERANCE_MS), to: at(RECORD_TIME_TOLERANCE_MS + 5000), records },
        null,
      ],
      [
        {
          from: at(RECORD_TIME_TOLERANCE_MS + 1),
          to: at(RECORD_TIME_TOLERANCE_MS + 5000),
          records,
        },
        'usageBatchIntervalInvalid',
      ],
      [
        { from: at(-5000 - RECORD_TIME_TOLERANCE_MS), to: at(-RECORD_TIME_TOLERANCE_MS), records },
        null,
      ],
      [
        {
          from: at(-5000 - RECORD_TIME_TOLERANCE_MS),
          to: at(-RECORD_TIME_TOLERANCE_MS - 1),
          records,
        },
        'usageBatchIntervalInvalid',
      ],
    ];
    for (const [batch, expected] of cases) {
      expect(refusal(() => assertBatchPossible(batch, { bytesPerSecond: RATE }))).toBe(expected);
    }
  });
});

describe('byte counts as JSON numbers', () => {
  it('are exact up to Number.MAX_SAFE_INTEGER and clamped beyond', () => {
    expect(toJsonBytes(0n)).toBe(0);
    expect(toJsonBytes(-5n)).toBe(0);
    expect(toJsonBytes(2n ** 50n)).toBe(2 ** 50);
    expect(toJsonBytes(BigInt(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(toJsonBytes(BigInt(Number.MAX_SAFE_INTEGER) + 1n)).toBe(Number.MAX_SAFE_INTEGER);
    expect(toJsonBytes(2n ** 70n)).toBe(Number.MAX_SAFE_INTEGER);
  });
});
