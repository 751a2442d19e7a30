import { describe, expect, it } from 'vitest';
import * as contract from './index.ts';
import { apiRoutes } from './routes.ts';

const endpoints = Object.entries(contract).filter(
  ([, value]) => typeof value === 'object' && value !== null && 'response' in value,
) as [string, contract.EndpointDefinition][];

describe('apiRoutes', () => {
  it('has every endpoint of the contract by its name, and nothing else', () => {
    expect(endpoints.length).toBeGreaterThan(100);
    expect(Object.keys(apiRoutes).sort()).toEqual(endpoints.map(([name]) => name).sort());
  });

  it("holds each endpoint's method, path, access and rawness, and no schema", () => {
    for (const [name, endpoint] of endpoints) {
      const route = apiRoutes[name as keyof typeof apiRoutes];
      expect(route).toEqual({
        method: endpoint.method,
        path: endpoint.path,
        access: endpoint.access,
        ...(endpoint.raw ? { raw: true } : {}),
      });
    }
  });
});
