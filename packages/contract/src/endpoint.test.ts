import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_PREFIX, buildEndpointUrl, defineEndpoint, fillPath } from './endpoint.ts';

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

describe('buildEndpointUrl', () => {
  const endpoint = defineEndpoint({
    method: 'GET',
    path: '/things/:id/parts',
    summary: 'parts',
    tag: 'things',
    access: 'user',
    params: z.object({ id: z.string() }),
    query: z.object({
      kind: z.string().optional(),
      page: z.number().optional(),
      tags: z.array(z.string()).optional(),
    }),
    response: z.null(),
  });

  it('prefixes the filled path and appends the defined query values', () => {
    expect(
      buildEndpointUrl(endpoint, {
        params: { id: 'a/b' },
        query: { kind: 'x y', page: 2, tags: ['p', 'q'] },
      }),
    ).toBe(`${API_PREFIX}/things/a%2Fb/parts?kind=x+y&page=2&tags=p&tags=q`);
  });

  it('leaves out undefined values and an empty query string', () => {
    expect(buildEndpointUrl(endpoint, { params: { id: '7' }, query: { kind: undefined } })).toBe(
      `${API_PREFIX}/things/7/parts`,
    );
  });
});
