// Every write a signed-in customer can make says which API key scope it needs: a new endpoint
// without one would otherwise be refused to every key (`account`) without anyone deciding it.
import { describe, expect, it } from 'vitest';
import { endpointScopeOf, type EndpointDefinition } from './endpoint.ts';
import * as contract from './index.ts';

const endpoints = Object.entries(contract).flatMap(([name, value]) =>
  typeof value === 'object' && value !== null && 'method' in value && 'access' in value
    ? [{ name, endpoint: value as EndpointDefinition }]
    : [],
);

describe('API key scopes of endpoints', () => {
  it('declares a scope on every user endpoint but a GET', () => {
    const undeclared = endpoints
      .filter(({ endpoint }) => endpoint.access === 'user' && endpoint.method !== 'GET')
      .filter(({ endpoint }) => endpoint.scope === undefined)
      .map(({ name }) => name);
    expect(undeclared).toEqual([]);
  });

  it('declares scopes only where keys are taken (user endpoints)', () => {
    const misplaced = endpoints
      .filter(({ endpoint }) => endpoint.access !== 'user' && endpoint.scope !== undefined)
      .map(({ name }) => name);
    expect(misplaced).toEqual([]);
  });

  it('reads GETs as `read` and keeps the account out of every key', () => {
    expect(endpointScopeOf(contract.listOrders)).toBe('read');
    expect(endpointScopeOf(contract.createStaticIpOrder)).toBe('purchase');
    expect(endpointScopeOf(contract.createTopUp)).toBe('purchase');
    expect(endpointScopeOf(contract.addIpAllowlistEntry)).toBe('manage');
    expect(endpointScopeOf(contract.createWebhookEndpoint)).toBe('manage');
    for (const endpoint of [
      contract.changePassword,
      contract.changeEmail,
      contract.rotateApiToken,
      contract.listApiKeys,
      contract.createApiKey,
      contract.revokeApiKey,
    ]) {
      expect(endpointScopeOf(endpoint), endpoint.path).toBe('account');
    }
  });
});
