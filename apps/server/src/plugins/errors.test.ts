import { Writable } from 'node:stream';
import { defineEndpoint, emailSchema, passwordSchema } from '@stratus/contract';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callEndpoint } from '../../test/call-endpoint.ts';
import { registerEndpoint } from './contract-routes.ts';
import { AppError } from '../errors.ts';

// Test-only endpoints, registered through the same helper as the real ones.
const echoProfile = defineEndpoint({
  method: 'POST',
  path: '/test/profile',
  summary: 'test',
  tag: 'test',
  access: 'public',
  errors: [],
  body: z
    .object({
      email: emailSchema,
      password: passwordSchema,
      age: z.number().int().min(18),
      address: z.object({ city: z.string().min(2) }).optional(),
    })
    .strict(),
  response: z.object({ email: z.string() }),
});
const search = defineEndpoint({
  method: 'GET',
  path: '/test/search',
  summary: 'test',
  tag: 'test',
  access: 'public',
  errors: [],
  query: z.object({ sort: z.enum(['asc', 'desc']) }),
  response: z.object({ sort: z.string() }),
});
const crash = defineEndpoint({
  method: 'GET',
  path: '/test/crash',
  summary: 'test',
  tag: 'test',
  access: 'public',
  errors: [],
  response: z.null(),
});
const missing = defineEndpoint({
  method: 'GET',
  path: '/test/missing',
  summary: 'test',
  tag: 'test',
  access: 'public',
  errors: ['resourceNotFound'],
  response: z.null(),
});

describe.each(testEngines)('error envelopes on %s', (engine) => {
  let testApp: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    testApp = await createTestApp(engine, { logger: { level: 'error', stream } });
    const { app } = testApp;
    registerEndpoint(app, echoProfile, async (request) => ({ email: request.body.email }));
    registerEndpoint(app, search, async (request) => ({ sort: request.query.sort }));
    registerEndpoint(app, crash, async () => {
      throw new Error('secret internal detail: connection string postgres://x');
    });
    registerEndpoint(app, missing, async () => {
      throw new AppError('resourceNotFound');
    });
  });
  afterAll(() => testApp?.close());

  const validProfile = { email: 'A@Example.com', password: 'abc12345', age: 20 };

  it('answers unknown API routes with routeNotFound in zh-CN by default', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      // Literal path: routing of an address no endpoint has.
      const response = await testApp.app.inject({ method, url: '/api/nope?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 10401,
        message: `接口不存在：${method} /api/nope`,
        data: null,
      });
    }
  });

  it('speaks English when asked', async () => {
    // Literal path: routing of an address no endpoint has.
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No such API endpoint: POST /api/nope');
  });

  it('passes valid input through, normalised by the contract', async () => {
    const response = await callEndpoint(testApp.app, echoProfile, { body: validProfile });
    expect(response.json()).toEqual({ code: 0, message: 'ok', data: { email: 'a@example.com' } });
  });

  async function failure(payload: unknown, locale = 'en-US') {
    const response = await callEndpoint(testApp.app, echoProfile, {
      rawBody: payload,
      headers: { 'accept-language': locale },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(10001);
    return body as { message: string; data: { field: string; issues: unknown[] } };
  }

  it('names the field at fault with a localised reason', async () => {
    const bad = await failure({ ...validProfile, email: 'not-an-email' });
    expect(bad.message).toBe('Invalid email: must be a valid email address');
    expect(bad.data.field).toBe('email');
    expect(bad.data.issues).toEqual([{ path: 'email', message: 'must be a valid email address' }]);
    const zh = await failure({ ...validProfile, email: 'not-an-email' }, 'zh-CN');
    expect(zh.message).toBe('参数 email 不正确：邮箱格式不正确');
  });

  it('explains missing, short, too small, nested and unknown fields', async () => {
    const { email: _email, ...withoutEmail } = validProfile;
    expect((await failure(withoutEmail)).message).toBe('Invalid email: is required');
    expect((await failure({ ...validProfile, password: 'abc' })).message).toBe(
      'Invalid password: must be at least 8 characters',
    );
    expect((await failure({ ...validProfile, age: 17 })).message).toBe(
      'Invalid age: must be at least 18',
    );
    expect((await failure({ ...validProfile, age: 'old' })).message).toBe(
      'Invalid age: must be a number',
    );
    expect((await failure({ ...validProfile, address: { city: 'X' } })).data.field).toBe(
      'address.city',
    );
    const unknown = await failure({ ...validProfile, admin: true });
    expect(unknown.message).toBe('Invalid admin: is not an accepted field');
    expect((await failure({ ...validProfile, age: 17 }, 'zh-CN')).message).toBe(
      '参数 age 不正确：不能小于 18',
    );
  });

  it('translates the contract’s own refinements', async () => {
    expect((await failure({ ...validProfile, password: '12345678' })).message).toBe(
      'Invalid password: must not consist of digits only',
    );
    expect((await failure({ ...validProfile, password: '12345678' }, 'zh-CN')).message).toBe(
      '参数 password 不正确：密码不能全为数字',
    );
  });

  it('validates query strings and names the parameter', async () => {
    const response = await callEndpoint(testApp.app, search, {
      rawQuery: { sort: 'sideways' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid sort: must be one of: asc, desc');
  });

  it('refuses malformed JSON', async () => {
    const response = await callEndpoint(testApp.app, echoProfile, {
      rawBody: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 10002, message: '请求格式不正确' });
  });

  it('treats an empty JSON body as no body', async () => {
    const response = await callEndpoint(testApp.app, echoProfile, {
      rawBody: '',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 10001, data: { field: 'body' } });
  });

  it('refuses bodies over 64 KiB with 413', async () => {
    const response = await callEndpoint(testApp.app, echoProfile, {
      rawBody: { ...validProfile, padding: 'x'.repeat(70 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(10003);
  });

  it('refuses content types other than JSON with 415', async () => {
    for (const contentType of ['application/xml', 'text/plain']) {
      const response = await callEndpoint(testApp.app, echoProfile, {
        rawBody: '<profile/>',
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe(10004);
    }
  });

  it('maps an AppError to its status and code', async () => {
    const response = await callEndpoint(testApp.app, missing);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 10402, message: '请求的数据不存在', data: null });
  });

  it('hides unexpected errors behind a generic 500 and logs the cause', async () => {
    const response = await callEndpoint(testApp.app, crash, {
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 10500,
      message: 'Internal server error, please try again later',
      data: null,
    });
    expect(response.body).not.toMatch(/secret|postgres|stack|at /);
    expect(logLines.join('')).toContain('secret internal detail');
  });

  it('redacts credentials from logs', async () => {
    testApp.app.log.error(
      { headers: { authorization: 'Bearer secret-token-1', cookie: 'token=secret-token-2' } },
      'headers for debugging',
    );
    const logged = logLines.join('');
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain('secret-token');
  });
});
