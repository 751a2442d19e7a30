import { describe, expect, it } from 'vitest';
import { formatMoney, formatSignedMoney, hasMoreThanTwoDecimals } from './money.ts';

describe('money formatting', () => {
  it('shows the symbol and two decimals', () => {
    expect(formatMoney(12.5)).toBe('¥12.50');
    expect(formatMoney(0)).toBe('¥0.00');
  });

  it('signs ledger amounts', () => {
    expect(formatSignedMoney(100)).toBe('+¥100.00');
    expect(formatSignedMoney(-35.2)).toBe('-¥35.20');
  });

  it('spots amounts with more than two decimals despite float noise', () => {
    expect(hasMoreThanTwoDecimals(0.1 + 0.2)).toBe(false);
    expect(hasMoreThanTwoDecimals(19.99)).toBe(false);
    expect(hasMoreThanTwoDecimals(1.005)).toBe(true);
    expect(hasMoreThanTwoDecimals(10.123)).toBe(true);
  });
});
