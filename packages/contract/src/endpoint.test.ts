import { describe, expect, it } from 'vitest';
import { buildEndpointUrl, fillPath } from './endpoint.ts';

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

// Literal `/api/…` addresses: what the URL builder itself must produce.
describe('buildEndpointUrl', () => {
  it('prefixes the filled path and appends the query', () => {
    const endpoint = { path: '/orders/:id' };
    expect(buildEndpointUrl(endpoint, { params: { id: 'a/b' } })).toBe('/api/orders/a%2Fb');
    expect(
      buildEndpointUrl(endpoint, {
        params: { id: 7 },
        query: { page: 2, type: undefined, to: null, ids: ['x', 'y z'] },
      }),
    ).toBe('/api/orders/7?page=2&ids=x&ids=y+z');
    expect(buildEndpointUrl({ path: '/health' }, { query: {} })).toBe('/api/health');
  });

  it('keeps a string query as written', () => {
    expect(buildEndpointUrl({ path: '/health' }, { query: 'a=%E0%A4%A' })).toBe(
      '/api/health?a=%E0%A4%A',
    );
  });
});
