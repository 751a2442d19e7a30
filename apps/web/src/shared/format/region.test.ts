import { describe, expect, it } from 'vitest';
import { regionLabel } from './region.ts';

describe('regionLabel', () => {
  it('joins a country and a city of its own', () => {
    expect(regionLabel('日本', '东京')).toBe('日本 · 东京');
    expect(regionLabel('United States', 'Los Angeles')).toBe('United States · Los Angeles');
  });

  it('says a city once when the country already names it', () => {
    expect(regionLabel('新加坡', '新加坡')).toBe('新加坡');
    expect(regionLabel('Singapore', 'Singapore')).toBe('Singapore');
    expect(regionLabel('中国香港', '香港')).toBe('中国香港');
    expect(regionLabel('Hong Kong', 'hong kong')).toBe('Hong Kong');
  });

  it('keeps a city that only shares some letters with its country', () => {
    expect(regionLabel('Japan', 'Nara')).toBe('Japan · Nara');
    expect(regionLabel('Mexico', 'Mexico City')).toBe('Mexico · Mexico City');
  });

  it('is the country alone when there is no city', () => {
    expect(regionLabel('日本')).toBe('日本');
    expect(regionLabel('日本', '')).toBe('日本');
    expect(regionLabel('日本', null)).toBe('日本');
  });
});
