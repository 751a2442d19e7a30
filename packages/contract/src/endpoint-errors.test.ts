import { describe, expect, it } from 'vitest';
import { answerableErrorsByStatus, answerableErrorsOf, commonErrorsOf } from './endpoint-errors.ts';
import { errors } from './errors.ts';
import * as contract from './index.ts';

const endpoints = Object.entries(contract).filter(
  ([, value]) => typeof value === 'object' && value !== null && 'response' in value,
) as [string, contract.EndpointDefinition][];

describe('the errors an endpoint can answer', () => {
  it('derives the common ones from the method, the path parameters and the access', () => {
    const publicGet = commonErrorsOf({ method: 'GET', path: '/health', access: 'public' });
    expect(publicGet).toContain('validationFailed');
    expect(publicGet).toContain('internalError');
    expect(publicGet).not.toContain('payloadTooLarge');
    expect(publicGet).not.toContain('urlTooLong');
    expect(publicGet).not.toContain('unauthorized');

    const staffPost = commonErrorsOf({ method: 'POST', path: '/admin/x/:id', access: 'staff' });
    expect(staffPost).toEqual(
      expect.arrayContaining([
        'payloadTooLarge',
        'unsupportedMediaType',
        'urlTooLong',
        'unauthorized',
        'apiTokenReplaced',
        'forbidden',
        'staffPermissionMissing',
      ]),
    );
    expect(staffPost).not.toContain('nodeKeyInvalid');

    const nodePost = commonErrorsOf({ method: 'POST', path: '/node/usage', access: 'node' });
    expect(nodePost).toContain('nodeKeyInvalid');
    expect(nodePost).not.toContain('unauthorized');
  });

  it('adds the declared ones and groups them all by status, by code within a status', () => {
    const endpoint = {
      method: 'GET',
      path: '/orders/:id',
      access: 'user',
      errors: ['orderNotFound', 'resourceNotFound'],
    } as const;
    const names = answerableErrorsOf(endpoint);
    expect(names).toEqual(expect.arrayContaining(['orderNotFound', 'unauthorized', 'urlTooLong']));
    const codes = names.map((name) => errors[name].code);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    const byStatus = answerableErrorsByStatus(endpoint);
    expect([...byStatus.keys()]).toEqual([...byStatus.keys()].sort((a, b) => a - b));
    expect(byStatus.get(404)).toEqual(['resourceNotFound', 'orderNotFound']);
    expect(byStatus.get(401)).toEqual(['unauthorized', 'apiTokenReplaced']);
    for (const [status, group] of byStatus) {
      for (const name of group) expect(errors[name].status).toBe(status);
    }
  });

  it.each(endpoints)(
    '%s declares each of its own errors once, none of the common ones',
    (_name, endpoint) => {
      const common = new Set(commonErrorsOf(endpoint));
      expect(new Set(endpoint.errors).size).toBe(endpoint.errors.length);
      expect(endpoint.errors.filter((name) => common.has(name))).toEqual([]);
      for (const name of endpoint.errors) expect(errors).toHaveProperty(name);
    },
  );
});
