import { describe, expect, it } from 'vitest';
import { drawDownPackages } from './draw-down.ts';

const balance = (id: string, totalBytes: bigint, usedBytes = 0n) => ({ id, totalBytes, usedBytes });

describe('drawDownPackages', () => {
  it('fills the first package to its total before touching the next', () => {
    const result = drawDownPackages(
      [balance('soon', 100n, 40n), balance('later', 100n)],
      [{ bytes: 60n }, { bytes: 1n }],
    );
    expect(result.packages).toEqual([
      { id: 'soon', usedBytes: 100n, exhausted: true },
      { id: 'later', usedBytes: 1n, exhausted: false },
    ]);
    expect(result.overage).toEqual([0n, 0n]);
    expect(result.draws).toEqual([
      { demand: 0, packageId: 'soon', bytes: 60n },
      { demand: 1, packageId: 'later', bytes: 1n },
    ]);
  });

  it('records a demand split over two packages as two draws', () => {
    const result = drawDownPackages(
      [balance('soon', 10n, 5n), balance('later', 100n)],
      [{ bytes: 12n }],
    );
    expect(result.draws).toEqual([
      { demand: 0, packageId: 'soon', bytes: 5n },
      { demand: 0, packageId: 'later', bytes: 7n },
    ]);
  });

  it('charges the uncovered rest to the hour that ran out, and later hours in full', () => {
    const result = drawDownPackages(
      [balance('only', 100n)],
      [{ bytes: 99n }, { bytes: 2n }, { bytes: 5n }],
    );
    expect(result.packages).toEqual([{ id: 'only', usedBytes: 100n, exhausted: true }]);
    expect(result.overage).toEqual([0n, 1n, 5n]);
  });

  it('leaves untouched packages out and handles zero demand and no packages', () => {
    expect(drawDownPackages([balance('a', 10n)], [{ bytes: 0n }])).toEqual({
      packages: [],
      overage: [0n],
      draws: [],
    });
    expect(drawDownPackages([], [{ bytes: 7n }])).toEqual({
      packages: [],
      overage: [7n],
      draws: [],
    });
    // Bytes beyond 2^53 stay exact.
    const huge = 2n ** 60n;
    expect(drawDownPackages([balance('big', huge)], [{ bytes: huge - 1n }]).packages).toEqual([
      { id: 'big', usedBytes: huge - 1n, exhausted: false },
    ]);
  });
});
