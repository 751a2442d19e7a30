import { describe, expect, it } from 'vitest';
import {
  describeFailures,
  describePaced,
  failureCount,
  floorGoal,
  formatTable,
  goalLine,
  median,
  percentile,
  offeredRateGoal,
  ratio,
  summarise,
  type PacedFigures,
  type Round,
} from './api-report.ts';

const round = (overrides: Partial<Round> = {}): Round => ({
  perSecond: 100,
  p50: 1,
  p99: 10,
  ok: 1000,
  failed: {},
  errors: 0,
  ...overrides,
});

describe('percentile', () => {
  it('takes the nearest rank, whatever order the values come in', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 0.5)).toBe(5);
    expect(percentile(values, 0.99)).toBe(10);
    expect(percentile(values, 0.1)).toBe(1);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile(values, 1)).toBe(10);
  });

  it('refuses no values rather than answering undefined', () => {
    expect(() => percentile([], 0.5)).toThrow('no values');
  });
});

describe('median', () => {
  it('is the middle of an odd count and the mean of the middle two of an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(() => median([])).toThrow('no values');
  });
});

describe('ratio', () => {
  it('divides by the floor, and is NaN without a floor to compare with', () => {
    expect(ratio(800, 1000)).toBe(0.8);
    expect(ratio(800, 0)).toBeNaN();
  });
});

describe('summarise', () => {
  it('takes the median of each figure and sums the counts over the rounds', () => {
    const summary = summarise([
      round({ perSecond: 300, p50: 3, p99: 30, ok: 10, failed: { '409': 1 } }),
      round({ perSecond: 100, p50: 9, p99: 10, ok: 20, failed: { '409': 2, '500': 1 } }),
      round({ perSecond: 200, p50: 1, p99: 90, ok: 30, errors: 4 }),
    ]);
    expect(summary).toEqual({
      perSecond: 200,
      p50: 3,
      p99: 30,
      ok: 60,
      failed: { '409': 3, '500': 1 },
      errors: 4,
      rounds: 3,
    });
    expect(failureCount(summary)).toBe(8);
    expect(describeFailures(summary)).toBe('409×3 500×1 errors×4');
  });

  it('describes a clean run as 0', () => {
    expect(describeFailures(summarise([round()]))).toBe('0');
    expect(failureCount(summarise([round()]))).toBe(0);
  });

  it("takes paced rounds' median p90 and largest max, sums their counts, and words them", () => {
    const paced = (overrides: Partial<PacedFigures>): PacedFigures => ({
      offered: 2500,
      sent: 2500,
      unsent: 0,
      p90: 10,
      max: 50,
      generatorLate: 0,
      connectionWaits: 0,
      abandoned: 0,
      ...overrides,
    });
    const summary = summarise([
      round({ paced: paced({ p90: 30, max: 400, generatorLate: 7, sent: 2490, unsent: 10 }) }),
      round({ paced: paced({ p90: 10, max: 90, connectionWaits: 12, abandoned: 1 }) }),
      round({ paced: paced({ p90: 20, max: 60, generatorLate: 3, connectionWaits: 2 }) }),
    ]);
    expect(summary.paced).toEqual({
      offered: 7500,
      sent: 7490,
      unsent: 10,
      p90: 20,
      max: 400,
      generatorLate: 10,
      connectionWaits: 14,
      abandoned: 1,
    });
    expect(describePaced(summary.paced!)).toBe(
      'p90 20.0 ms, max 400.0 ms; of 7500 due: 10 sent over 10 ms late (the generator' +
        "'s lag), 14 waited for a free connection, 10 never sent, 1 unanswered when it stopped waiting",
    );
    expect(summarise([round()]).paced).toBeUndefined();
  });
});

describe('goals', () => {
  it('passes a floor goal at the factor exactly and fails just below it', () => {
    expect(floorGoal('wallet', { measured: 800, floor: 1000, factor: 0.8 }).passed).toBe(true);
    expect(floorGoal('wallet', { measured: 799, floor: 1000, factor: 0.8 }).passed).toBe(false);
    expect(floorGoal('wallet', { measured: 800, floor: 0, factor: 0.8 }).passed).toBe(false);
  });

  it('needs 98% of the offered rate answered and the p99 for purchases', () => {
    const wanted = { offeredPerSecond: 500, maxP99Ms: 50 };
    expect(offeredRateGoal('buy', { perSecond: 490, p99: 49.9 }, wanted).passed).toBe(true);
    expect(offeredRateGoal('buy', { perSecond: 489.9, p99: 10 }, wanted).passed).toBe(false);
    expect(offeredRateGoal('buy', { perSecond: 500, p99: 50 }, wanted).passed).toBe(false);
    expect(
      offeredRateGoal('buy', { perSecond: 480, p99: 10 }, { ...wanted, share: 0.96 }).passed,
    ).toBe(true);
    expect(
      goalLine(offeredRateGoal('purchases at 500/s', { perSecond: 493.2, p99: 61.25 }, wanted)),
    ).toBe(
      'FAIL  purchases at 500/s: 493/s of 500/s offered, p99 61.3 ms (wanted ≥ 490/s and p99 < 50 ms)',
    );
  });

  it('words the verdict first', () => {
    const goal = floorGoal('catalog ≥ 1 × one-query floor', {
      measured: 500,
      floor: 1000,
      factor: 1,
    });
    expect(goalLine(goal)).toBe(
      'FAIL  catalog ≥ 1 × one-query floor: 0.50 × the one-query floor (wanted ≥ 1.0)',
    );
  });
});

describe('formatTable', () => {
  it('pads the first column to the left and the others to the right', () => {
    expect(
      formatTable(
        ['target', 'req/s'],
        [
          ['wallet', '12'],
          ['floor: hello', '3456'],
        ],
      ),
    ).toEqual([
      'target        req/s',
      '------------  -----',
      'wallet           12',
      'floor: hello   3456',
    ]);
  });
});
