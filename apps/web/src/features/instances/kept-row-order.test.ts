import type { Instance } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { keepRowOrder } from './kept-row-order.ts';

function row(id: string, expiresAt = '2026-12-01T00:00:00.000Z'): Instance {
  return { id, expiresAt } as Instance;
}

describe('keepRowOrder', () => {
  it('keeps the rows where the customer saw them, with their fresh data', () => {
    const fresh = [row('b'), row('c'), row('a', '2027-03-01T00:00:00.000Z')];
    const kept = keepRowOrder(fresh, { ids: ['a', 'b', 'c'], renewed: [] });
    expect(kept.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(kept[0]!.expiresAt).toBe('2027-03-01T00:00:00.000Z');
  });

  it('keeps a renewed row that moved to another page, from the renewal answer', () => {
    const renewed = row('a', '2027-03-01T00:00:00.000Z');
    const kept = keepRowOrder([row('b'), row('d')], { ids: ['a', 'b'], renewed: [renewed] });
    expect(kept).toEqual([renewed, row('b'), row('d')]);
  });

  it('leaves out a row that left the page without being renewed', () => {
    const kept = keepRowOrder([row('b')], { ids: ['a', 'b'], renewed: [] });
    expect(kept.map((item) => item.id)).toEqual(['b']);
  });
});
