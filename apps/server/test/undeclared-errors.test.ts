import { defineEndpoint, errors } from '@stratus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/errors.ts';
import { registerEndpoint } from '../src/plugins/contract-routes.ts';
import { createTestApp, type TestApp } from './app.ts';
import { callEndpoint } from './call-endpoint.ts';
import { assertNoUndeclaredErrors, takeUndeclaredErrors } from './undeclared-errors.ts';

// Test-only endpoints, registered through the same helper as the real ones: each throws the
// error its query names, and declares one of them.
const findOrder = defineEndpoint({
  method: 'GET',
  path: '/test/orders/:id',
  summary: 'test',
  tag: 'test',
  access: 'public',
  errors: ['orderNotFound'],
  params: z.object({ id: z.string() }),
  query: z.object({ fail: z.enum(['orderNotFound', 'emailTaken']) }),
  response: z.null(),
});

describe('errors an endpoint does not declare', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('pglite');
    registerEndpoint(testApp.app, findOrder, async (request) => {
      throw new AppError(request.query.fail);
    });
  });
  afterAll(() => testApp?.close());

  it('are recorded with the route, while the client gets the answer unchanged', async () => {
    const answer = await callEndpoint(testApp.app, findOrder, {
      params: { id: '7' },
      query: { fail: 'emailTaken' },
    });
    expect(answer.statusCode).toBe(errors.emailTaken.status);
    expect(answer.json()).toMatchObject({ code: errors.emailTaken.code });
    expect(takeUndeclaredErrors()).toEqual([
      {
        route: 'GET /api/test/orders/:id',
        kind: 'emailTaken',
        code: errors.emailTaken.code,
        status: errors.emailTaken.status,
      },
    ]);
  });

  it('fail the test after which they were answered, naming the route and the error', async () => {
    await callEndpoint(testApp.app, findOrder, {
      params: { id: '7' },
      query: { fail: 'emailTaken' },
    });
    // What the setup file's afterEach runs (undeclared-errors-setup.ts); it forgets them.
    expect(assertNoUndeclaredErrors).toThrow(
      /^GET \/api\/test\/orders\/:id answered 409 emailTaken \(20002\), which its endpoint does not declare\n/,
    );
    expect(assertNoUndeclaredErrors).not.toThrow();
  });

  it('leave the declared errors, the common ones and unknown addresses alone', async () => {
    const declared = await callEndpoint(testApp.app, findOrder, {
      params: { id: '7' },
      query: { fail: 'orderNotFound' },
    });
    expect(declared.json()).toMatchObject({ code: errors.orderNotFound.code });
    // validationFailed: every endpoint can answer it.
    const invalid = await callEndpoint(testApp.app, findOrder, {
      params: { id: '7' },
      rawQuery: 'fail=other',
    });
    expect(invalid.json()).toMatchObject({ code: errors.validationFailed.code });
    // routeNotFound belongs to no endpoint.
    const unknown = await testApp.app.inject({ url: '/api/test/nothing-here' });
    expect(unknown.json()).toMatchObject({ code: errors.routeNotFound.code });
    expect(takeUndeclaredErrors()).toEqual([]);
  });
});
