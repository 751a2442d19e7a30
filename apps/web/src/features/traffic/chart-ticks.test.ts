import { describe, expect, it } from 'vitest';
import { roundTicks } from './chart-ticks.ts';

describe('round axis ticks', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten and reaches the maximum', () => {
    expect(roundTicks(2.5)).toEqual([0, 1, 2, 3]);
    expect(roundTicks(2.6)).toEqual([0, 1, 2, 3]);
    expect(roundTicks(1.8)).toEqual([0, 0.5, 1, 1.5, 2]);
    expect(roundTicks(512)).toEqual([0, 200, 400, 600]);
    expect(roundTicks(1000)).toEqual([0, 250, 500, 750, 1000]);
    expect(roundTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(roundTicks(7)).toEqual([0, 2, 4, 6, 8]);
  });

  it('draws 0 to 4 when there is nothing to show', () => {
    expect(roundTicks(0)).toEqual([0, 1, 2, 3, 4]);
  });
});
