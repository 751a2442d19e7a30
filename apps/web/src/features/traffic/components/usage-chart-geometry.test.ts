import { describe, expect, it } from 'vitest';
import {
  areaPath,
  bucketXs,
  nearestIndex,
  spacedLabelIndexes,
  stackBuckets,
  valueY,
} from './usage-chart-geometry.ts';

const plot = { left: 80, right: 480, top: 8, bottom: 208 };

describe('the usage chart geometry', () => {
  it('stacks upload on download, so the upper edge is the whole bucket', () => {
    const stacks = stackBuckets(
      [
        { at: '2026-11-21T10:00:00.000Z', bytesUp: 1024, bytesDown: 3072 },
        { at: '2026-11-21T11:00:00.000Z', bytesUp: 0, bytesDown: 0 },
      ],
      1024,
    );
    expect(stacks).toEqual([
      { downloadTop: 3, uploadTop: 4 },
      { downloadTop: 0, uploadTop: 0 },
    ]);
  });

  it('spreads buckets over the plot, one bucket in its middle', () => {
    expect(bucketXs(3, plot)).toEqual([80, 280, 480]);
    expect(bucketXs(1, plot)).toEqual([280]);
    expect(bucketXs(0, plot)).toEqual([]);
  });

  it('maps 0 to the bottom and the top tick to the top', () => {
    expect(valueY(0, 4, plot)).toBe(208);
    expect(valueY(4, 4, plot)).toBe(8);
    expect(valueY(1, 4, plot)).toBe(158);
  });

  it('finds the bucket nearest a pointer', () => {
    expect(nearestIndex([80, 280, 480], 200)).toBe(1);
    expect(nearestIndex([80, 280, 480], 0)).toBe(0);
    expect(nearestIndex([], 10)).toBeUndefined();
  });

  it('keeps the last label and skips those that would come nearer than the gap', () => {
    const xs = [0, 30, 60, 90, 120];
    // 35 px labels need 35 + 24 = 59 px between centres: every other one fits.
    expect(
      spacedLabelIndexes(
        xs,
        xs.map(() => 35),
        24,
      ),
    ).toEqual([0, 2, 4]);
    // Narrow ones all fit.
    expect(
      spacedLabelIndexes(
        xs,
        xs.map(() => 4),
        24,
      ),
    ).toEqual([0, 1, 2, 3, 4]);
    // Wide ones leave only the last.
    expect(
      spacedLabelIndexes(
        xs,
        xs.map(() => 300),
        24,
      ),
    ).toEqual([4]);
    expect(spacedLabelIndexes([], [], 24)).toEqual([]);
  });

  it('closes an area along its lower edge, right to left', () => {
    expect(
      areaPath(
        [
          [0, 1],
          [10, 2],
        ],
        [
          [0, 5],
          [10, 5],
        ],
      ),
    ).toBe('M0,1L10,2L10,5L0,5Z');
    expect(areaPath([], [])).toBe('');
  });
});
