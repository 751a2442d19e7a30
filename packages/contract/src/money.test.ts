import { describe, expect, it } from 'vitest';
import { fenToYuan, MAX_YUAN, yuanToFen } from './money.ts';
import { yuanSchema } from './validation.ts';

describe('money', () => {
  it('converts yuan to fen without float drift', () => {
    expect(yuanToFen(0.1 + 0.2)).toBe(30n);
    expect(yuanToFen(19.99)).toBe(1999n);
    expect(yuanToFen(50_000)).toBe(5_000_000n);
    expect(yuanToFen(0)).toBe(0n);
    expect(() => yuanToFen(Number.NaN)).toThrow(RangeError);
  });

  it('converts fen to yuan', () => {
    expect(fenToYuan(1999n)).toBe(19.99);
    expect(fenToYuan(1n)).toBe(0.01);
    expect(fenToYuan(-250n)).toBe(-2.5);
  });

  it('accepts at most two decimals at the edge', () => {
    expect(yuanSchema.safeParse(12.34).success).toBe(true);
    expect(yuanSchema.safeParse(0.1 + 0.2).success).toBe(true);
    expect(yuanSchema.safeParse(12.345).success).toBe(false);
    expect(yuanSchema.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });

  it('takes no amount whose fen would lose precision', () => {
    expect(yuanSchema.safeParse(MAX_YUAN).success).toBe(true);
    expect(Number.isSafeInteger(MAX_YUAN * 100)).toBe(true);
    expect(yuanSchema.safeParse(MAX_YUAN + 1).success).toBe(false);
    expect(yuanSchema.safeParse(-MAX_YUAN - 1).success).toBe(false);
    expect(yuanSchema.safeParse(1e300).success).toBe(false);
  });
});
