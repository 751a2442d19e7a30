import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, testPassword, type TestApp } from '../../testing.ts';

describe.each(testEngines)('users on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      headers: { ...bearer(token), 'accept-language': 'en-US' },
      ...(payload ? { payload } : {}),
    });
  const login = (email: string, password: string) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('shows the profile', async () => {
    const { token, user, email } = await registerUser(testApp.app, { name: 'Bob' });
    const response = await call('GET', '/api/user/me', token);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(Object.keys(data).sort()).toEqual(
      ['apiToken', 'createdAt', 'email', 'id', 'language', 'name', 'role'].sort(),
    );
    expect(data).toMatchObject({ id: user.id, email, name: 'Bob', role: 'customer' });
    expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);
  });

  it('edits name and language', async () => {
    const { token } = await registerUser(testApp.app);
    const response = await call('PATCH', '/api/user/me', token, {
      name: '  Carol ',
      language: 'en-US',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Carol', language: 'en-US' });
    const unchanged = await call('PATCH', '/api/user/me', token, {});
    expect(unchanged.json().data).toMatchObject({ name: 'Carol', language: 'en-US' });
    const again = await call('GET', '/api/user/me', token);
    expect(again.json().data).toMatchObject({ name: 'Carol', language: 'en-US' });
  });

  it('validates the profile edit', async () => {
    const { token } = await registerUser(testApp.app);
    const language = await call('PATCH', '/api/user/me', token, { language: 'fr-FR' });
    expect(language.statusCode).toBe(400);
    expect(language.json()).toMatchObject({
      code: 10001,
      message: 'Invalid language: must be one of: zh-CN, en-US',
      data: { field: 'language' },
    });
    const email = await call('PATCH', '/api/user/me', token, { email: 'x@example.com' });
    expect(email.statusCode).toBe(400);
    expect(email.json().data.field).toBe('email');
    const long = await call('PATCH', '/api/user/me', token, { name: 'x'.repeat(65) });
    expect(long.json().message).toBe('Invalid name: must be at most 64 characters');
  });

  it('changes the password, revoking every other session but this one', async () => {
    const { token, email } = await registerUser(testApp.app);
    const other = (await login(email, testPassword)).json().data.token as string;
    const response = await call('POST', '/api/user/password', token, {
      currentPassword: testPassword,
      newPassword: 'a brand new secret 7',
    });
    expect(response.json()).toEqual({ code: 0, message: 'ok', data: null });
    expect((await call('GET', '/api/user/me', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/me', other)).statusCode).toBe(401);
    expect((await login(email, testPassword)).statusCode).toBe(400);
    expect((await login(email, 'a brand new secret 7')).statusCode).toBe(200);
  });

  it('refuses a wrong current password or a weak new one', async () => {
    const { token, email } = await registerUser(testApp.app);
    const wrong = await call('POST', '/api/user/password', token, {
      currentPassword: 'not it at all',
      newPassword: 'a brand new secret 7',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 20004,
      message: 'The current password is incorrect',
      data: null,
    });
    const weak = await call('POST', '/api/user/password', token, {
      currentPassword: testPassword,
      newPassword: '12345678',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.field).toBe('newPassword');
    expect((await login(email, testPassword)).statusCode).toBe(200);
  });

  it('accepts the API token as a bearer token until it is rotated', async () => {
    const { token, user } = await registerUser(testApp.app);
    const oldApiToken = user.apiToken;
    const viaApiToken = await call('GET', '/api/user/me', oldApiToken);
    expect(viaApiToken.statusCode).toBe(200);
    expect(viaApiToken.json().data.id).toBe(user.id);

    const rotated = await call('POST', '/api/user/api-token/rotate', token);
    expect(rotated.statusCode).toBe(200);
    const newApiToken = rotated.json().data.apiToken as string;
    expect(newApiToken).toMatch(/^stk_/);
    expect(newApiToken).not.toBe(oldApiToken);

    expect((await call('GET', '/api/user/me', oldApiToken)).statusCode).toBe(401);
    const profile = await call('GET', '/api/user/me', newApiToken);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.apiToken).toBe(newApiToken);
    // Signing out with an API token ends no session and leaves the token working.
    expect((await call('POST', '/api/auth/logout', newApiToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/me', newApiToken)).statusCode).toBe(200);
  });

  it('requires a token on every user route', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/me'],
      ['PATCH', '/api/user/me'],
      ['POST', '/api/user/password'],
      ['POST', '/api/user/api-token/rotate'],
      ['GET', '/api/user/wallet'],
    ] as const) {
      const response = await testApp.app.inject({ method, url, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().code).toBe(10101);
    }
  });
});
