import { describe, expect, it } from 'vitest';
import { byteUnitFor, formatBytes } from './bytes.ts';

const GB = 1024 ** 3;

describe('formatBytes', () => {
  it('keeps small amounts in bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1)).toBe('1 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('steps up by 1024 at each unit boundary', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1024 ** 2)).toBe('1 MB');
    expect(formatBytes(GB)).toBe('1 GB');
    expect(formatBytes(1024 * GB)).toBe('1 TB');
    expect(formatBytes(1024 ** 5)).toBe('1 PB');
    expect(formatBytes(1024 ** 6)).toBe('1024 PB');
  });

  it('shows up to two decimals without trailing zeros', () => {
    expect(formatBytes(1.5 * GB)).toBe('1.5 GB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1.234 * 1024 ** 2)).toBe('1.23 MB');
    expect(formatBytes(1.5 * GB, 0)).toBe('2 GB');
  });

  it('rounds up into the next unit instead of showing 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });

  it('signs negative amounts and refuses non-numbers', () => {
    expect(formatBytes(-2048)).toBe('-2 KB');
    expect(formatBytes(Number.NaN)).toBe('--');
  });
});

describe('byteUnitFor', () => {
  it('names the unit an amount is shown in, with its size', () => {
    expect(byteUnitFor(0)).toEqual({ label: 'B', size: 1 });
    expect(byteUnitFor(1023)).toEqual({ label: 'B', size: 1 });
    expect(byteUnitFor(1.5 * GB)).toEqual({ label: 'GB', size: GB });
    expect(byteUnitFor(1024 ** 2)).toEqual({ label: 'MB', size: 1024 ** 2 });
  });
});
