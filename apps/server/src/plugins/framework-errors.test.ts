import { testEngines } from '@stratus/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../testing.ts';

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
    token = (await registerUser(testApp.app)).token;
  });
  afterAll(() => testApp?.close());

  it('refuse a malformed percent-escape with the envelope, not the URL', async () => {
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
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/user/wallet/topups/${long}/cancel`,
      headers: { ...bearer(token), 'accept-language': 'en-US' },
    });
    expectEnvelope(response, 414, 10005);
    expect(response.json().message).toBe('The request URL is too long');
    expect(response.body.length).toBeLessThan(200);
    // A GET falls through to the web app's catch-all route, which answers /api as not found.
    const get = await testApp.app.inject({ url: `/api/orders/${long}`, headers: bearer(token) });
    expectEnvelope(get, 404, 10401);
    expect(get.body.length).toBeLessThan(400);
  });

  it('answer unknown, too large and wrongly typed requests in the envelope with the headers', async () => {
    const unknown = await testApp.app.inject({ url: `/api/${'x'.repeat(3000)}` });
    expectEnvelope(unknown, 404, 10401);
    expect(unknown.body.length).toBeLessThan(400);
    const tooLarge = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'x'.repeat(70 * 1024) },
    });
    expectEnvelope(tooLarge, 413, 10003);
    const wrongType = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@example.com',
    });
    expectEnvelope(wrongType, 415, 10004);
  });

  it('name an unknown field without reflecting a long field name', async () => {
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/user/me',
      headers: { ...bearer(token), 'accept-language': 'en-US' },
      payload: { ['k'.repeat(3000)]: 1 },
    });
    expect(response.statusCode).toBe(400);
    const { message, data } = response.json();
    expect(message).toMatch(/^Invalid k{100}…: is not an accepted field$/);
    expect(data.field).toHaveLength(101);
    expect(response.body.length).toBeLessThan(600);
  });
});
