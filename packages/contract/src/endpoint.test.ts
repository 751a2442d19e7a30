import { describe, expect, it } from 'vitest';
import { fillPath } from './endpoint.ts';

describe('fillPath', () => {
  it('fills and encodes named segments', () => {
    expect(fillPath('/orders/:id', { id: 7 })).toBe('/orders/7');
    expect(fillPath('/proxy/instances/export/:type', { type: 'a b' })).toBe(
      '/proxy/instances/export/a%20b',
    );
  });

  it('refuses to build a path with a missing parameter', () => {
    expect(() => fillPath('/orders/:id')).toThrow(/id/);
  });
});
