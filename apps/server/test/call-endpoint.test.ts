import { defineEndpoint } from '@stratus/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callEndpoint, fetchEndpoint } from './call-endpoint.ts';

// Plain routes answer whatever the test wants, so the client's own checks are what is tested;
// their literal `/api/…` addresses are what the client must build.
const echo = defineEndpoint({
  method: 'POST',
  path: '/test/echo/:id',
  summary: 'test',
  tag: 'test',
  access: 'user',
  errors: [],
  params: z.object({ id: z.string() }),
  query: z.object({ page: z.number().optional() }),
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.string(), url: z.string(), body: z.unknown(), auth: z.string() }),
});
const wrongShape = defineEndpoint({
  method: 'GET',
  path: '/test/wrong-shape',
  summary: 'test',
  tag: 'test',
  access: 'public',
  errors: [],
  response: z.object({ count: z.number() }),
});

describe('callEndpoint and fetchEndpoint', () => {
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    app = Fastify();
    app.post<{ Params: { id: string } }>('/api/test/echo/:id', async (request) => ({
      code: 0,
      message: 'ok',
      data: {
        id: request.params.id,
        url: request.url,
        body: request.body,
        auth: request.headers.authorization ?? '',
      },
    }));
    app.get('/api/test/wrong-shape', async () => ({
      code: 0,
      message: 'ok',
      data: { count: '1' },
    }));
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app?.close());

  it('builds the address from the endpoint and parses the data', async () => {
    const options = {
      token: 't0k',
      params: { id: 'a b' },
      query: { page: 2 },
      body: { name: 'x' },
    };
    const injected = await callEndpoint(app, echo, options);
    const fetched = await fetchEndpoint(origin, echo, options);
    for (const response of [injected, fetched]) {
      expect(response.data()).toEqual({
        id: 'a b',
        url: '/api/test/echo/a%20b?page=2',
        body: { name: 'x' },
        auth: 'Bearer t0k',
      });
    }
  });

  it('sends deliberately wrong input only through the raw options', async () => {
    const response = await callEndpoint(app, echo, {
      rawParams: { id: 7 },
      rawQuery: 'page=%zz',
      rawBody: { name: 1 },
    });
    expect(response.data()).toMatchObject({
      url: '/api/test/echo/7?page=%zz',
      body: { name: 1 },
    });
  });

  it('fails the test on an answer that contradicts the contract or is no success', async () => {
    const wrong = await callEndpoint(app, wrongShape);
    expect(() => wrong.data()).toThrow(/GET \/api\/test\/wrong-shape contradicts its contract/);
    const fetchedWrong = await fetchEndpoint(origin, wrongShape);
    expect(() => fetchedWrong.data()).toThrow(/contradicts its contract/);
    const missing = await callEndpoint(app, echo, { params: { id: 'x' }, rawBody: 'not json' });
    expect(missing.statusCode).toBe(415);
    expect(() => missing.data()).toThrow(/answered 415/);
  });
});
