import type { StaticIpPlan } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { lowestPrice, maxQuantity, perDaySavingPercent, stockState } from './plan-display.ts';

const plan: StaticIpPlan = {
  id: 'p',
  country: 'JP',
  countryName: '日本',
  city: '东京',
  lineType: 'datacenter',
  protocols: ['socks5'],
  unavailableProtocols: [],
  stock: 5,
  prices: [
    { durationDays: 90, price: 81 },
    { durationDays: 30, price: 30 },
    { durationDays: 365, price: 400 },
  ],
};

describe('plan display', () => {
  it('names the stock state at its boundaries', () => {
    expect(stockState(0)).toBe('soldOut');
    expect(stockState(1)).toBe('low');
    expect(stockState(20)).toBe('low');
    expect(stockState(21)).toBe('available');
  });

  it('caps the quantity at the stock and at 100', () => {
    expect(maxQuantity(5)).toBe(5);
    expect(maxQuantity(500)).toBe(100);
    expect(maxQuantity(0)).toBe(1);
  });

  it('finds the cheapest price and the per-day saving against the shortest duration', () => {
    expect(lowestPrice(plan)).toBe(30);
    expect(lowestPrice({ ...plan, prices: [] })).toBeNull();
    expect(perDaySavingPercent(plan, 30)).toBe(0);
    expect(perDaySavingPercent(plan, 90)).toBe(10);
    // 400/365 a day is dearer than 1 a day: no saving is claimed.
    expect(perDaySavingPercent(plan, 365)).toBe(0);
    expect(perDaySavingPercent(plan, 180)).toBe(0);
  });
});
