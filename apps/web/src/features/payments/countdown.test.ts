import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown.ts';

describe('formatCountdown', () => {
  it.each([
    [15 * 60_000, '15:00'],
    [65_000, '01:05'],
    [59_001, '01:00'],
    [1, '00:01'],
    [0, '00:00'],
    [-5_000, '00:00'],
    [120 * 60_000, '120:00'],
  ])('%i ms → %s', (remainingMs, text) => {
    expect(formatCountdown(remainingMs)).toBe(text);
  });
});
