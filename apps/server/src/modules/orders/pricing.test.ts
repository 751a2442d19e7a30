import { describe, expect, it } from 'vitest';
import { generateOrderNo, lineAmountFen, renewedExpiry } from './pricing.ts';

const DAY_MS = 86_400_000;

describe('order pricing', () => {
  it('multiplies in integer fen, exactly beyond 2^53', () => {
    expect(lineAmountFen({ unitPriceFen: 3050n, quantity: 3 })).toBe(9150n);
    expect(lineAmountFen({ unitPriceFen: 2n ** 60n, quantity: 100 })).toBe(2n ** 60n * 100n);
    expect(() => lineAmountFen({ unitPriceFen: 100n, quantity: 0 })).toThrow(RangeError);
    expect(() => lineAmountFen({ unitPriceFen: 100n, quantity: 1.5 })).toThrow(RangeError);
  });

  it('renews from the later of now and the current expiry', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    const future = new Date('2026-01-20T00:00:00Z');
    const past = new Date('2026-01-01T00:00:00Z');
    expect(renewedExpiry({ expiresAt: future, durationDays: 30, now }).getTime()).toBe(
      future.getTime() + 30 * DAY_MS,
    );
    expect(renewedExpiry({ expiresAt: past, durationDays: 30, now }).getTime()).toBe(
      now.getTime() + 30 * DAY_MS,
    );
    expect(renewedExpiry({ expiresAt: now, durationDays: 1, now }).getTime()).toBe(
      now.getTime() + DAY_MS,
    );
  });

  it('numbers orders by type and China-time day', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in China.
    const now = new Date('2025-12-31T23:30:00Z');
    expect(generateOrderNo({ type: 'static_ip', now })).toMatch(/^SI20260101\d{10}$/);
    expect(generateOrderNo({ type: 'renewal', now })).toMatch(/^RN20260101\d{10}$/);
  });
});
