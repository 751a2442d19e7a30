import { describe, expect, it } from 'vitest';
import { generateOrderNo, lineAmountFen } from './pricing.ts';

describe('order pricing', () => {
  it('multiplies in integer fen, exactly beyond 2^53', () => {
    expect(lineAmountFen({ unitPriceFen: 3050n, quantity: 3 })).toBe(9150n);
    expect(lineAmountFen({ unitPriceFen: 2n ** 60n, quantity: 100 })).toBe(2n ** 60n * 100n);
    expect(() => lineAmountFen({ unitPriceFen: 100n, quantity: 0 })).toThrow(RangeError);
    expect(() => lineAmountFen({ unitPriceFen: 100n, quantity: 1.5 })).toThrow(RangeError);
  });

  it('numbers orders by type and China-time day', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in China.
    const now = new Date('2025-12-31T23:30:00Z');
    expect(generateOrderNo({ type: 'static_ip', now })).toMatch(/^SI20260101\d{10}$/);
    expect(generateOrderNo({ type: 'renewal', now })).toMatch(/^RN20260101\d{10}$/);
  });
});
