import { cancelTopUp, getOrder, login, updateMe } from '@stratus/contract';
import { testEngines } from '@stratus/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.ts';
import { registerCustomer } from '../../test/accounts.ts';
import { callEndpoint } from '../../test/call-endpoint.ts';

/** The answer is the error envelope with the API's security headers, and reflects no long input. */
function expectEnvelope(response: LightMyRequestResponse, status: number, code: number) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ code, message: expect.any(String), data: null });
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  expect(response.headers['cache-control']).toBe('no-store');
}

describe.each(testEngines)('answers Fastify makes itself, on %s', (engine) => {
  let testApp: TestApp;
  let token: string;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    token = (await registerCustomer(testApp)).token;
  });
  afterAll(() => testApp?.close());

  it('refuse a malformed percent-escape with the envelope, not the URL', async () => {
    // Literal paths: a malformed percent-escape cannot be built from an endpoint object.
    for (const url of ['/api/orders/%E0%A4%A', '/api/proxy/instances/%zz/renew']) {
      const response = await testApp.app.inject({
        url,
        headers: { ...bearer(token), 'accept-language': 'en-US' },
      });
      expectEnvelope(response, 400, 10002);
      expect(response.json().message).toBe('The request is malformed');
      expect(response.body).not.toContain('%');
    }
    const chinese = await testApp.app.inject({ url: '/api/orders/%E0%A4%A' });
    expect(chinese.json().message).toBe('请求格式不正确');
  });

  it('refuse a 3000-character path parameter with 414 in the envelope, echoing nothing', async () => {
    const long = 'a'.repeat(3000);
    const response = await callEndpoint(testApp.app, cancelTopUp, {
      token,
      params: { id: long },
      headers: { 'accept-language': 'en-US' },
    });
    expectEnvelope(response, 414, 10005);
    expect(response.json().message).toBe('The request URL is too long');
    expect(response.body.length).toBeLessThan(200);
    // A GET falls through to the web app's catch-all route, which answers /api as not found.
    const get = await callEndpoint(testApp.app, getOrder, { token, params: { id: long } });
    expectEnvelope(get, 404, 10401);
    expect(get.body.length).toBeLessThan(400);
  });

  it('answer unknown, too large and wrongly typed requests in the envelope with the headers', async () => {
    // Literal path: no endpoint has it (routing of an unknown address).
    const unknown = await testApp.app.inject({ url: `/api/${'x'.repeat(3000)}` });
    expectEnvelope(unknown, 404, 10401);
    expect(unknown.body.length).toBeLessThan(400);
    const tooLarge = await callEndpoint(testApp.app, login, {
      body: { email: 'a@example.com', password: 'x'.repeat(70 * 1024) },
    });
    expectEnvelope(tooLarge, 413, 10003);
    const wrongType = await callEndpoint(testApp.app, login, {
      rawBody: 'email=a@example.com',
      headers: { 'content-type': 'text/plain' },
    });
    expectEnvelope(wrongType, 415, 10004);
  });

  it('name an unknown field without reflecting a long field name', async () => {
    const response = await callEndpoint(testApp.app, updateMe, {
      token,
      rawBody: { ['k'.repeat(3000)]: 1 },
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(400);
    const { message, data } = response.json();
    expect(message).toMatch(/^Invalid k{100}…: is not an accepted field$/);
    expect(data.field).toHaveLength(101);
    expect(response.body.length).toBeLessThan(600);
  });
});
