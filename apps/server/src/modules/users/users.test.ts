import { testEngines } from '@stratus/db/testing';
import { eq, users } from '@stratus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changePassword,
  getMe,
  getWallet,
  login,
  logout,
  rotateApiToken,
  updateMe,
  type EndpointDefinition,
} from '@stratus/contract';
import { createTestApp, testPassword, type TestApp } from '../../../test/app.ts';
import { registerCustomer, sessionOf } from '../../../test/accounts.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';

describe.each(testEngines)('users on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const call = <E extends EndpointDefinition>(
    endpoint: E,
    token: string,
    options: CallOptions<E> = {},
  ) =>
    callEndpoint(testApp.app, endpoint, {
      token,
      headers: { 'accept-language': 'en-US' },
      ...options,
    });
  const signIn = (email: string, password: string) =>
    callEndpoint(testApp.app, login, { body: { email, password } });

  it('shows the profile', async () => {
    const { token, user, email } = await registerCustomer(testApp, { name: 'Bob' });
    const response = await call(getMe, token);
    expect(response.statusCode).toBe(200);
    const data = response.data();
    expect(Object.keys(data).sort()).toEqual(
      [
        'apiToken',
        'createdAt',
        'email',
        'emailVerification',
        'emailVerified',
        'id',
        'language',
        'lowBalanceThreshold',
        'name',
        'role',
        'tourCompleted',
        'twoStepRequiredBy',
      ].sort(),
    );
    expect(data).toMatchObject({
      id: user.id,
      email,
      name: 'Bob',
      role: 'customer',
      tourCompleted: false,
      twoStepRequiredBy: null,
      emailVerified: false,
      emailVerification: 'optional',
      lowBalanceThreshold: null,
    });
    expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);
  });

  it('edits name and language', async () => {
    const { token } = await registerCustomer(testApp);
    const response = await call(updateMe, token, {
      body: { name: '  Carol ', language: 'en-US' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.data()).toMatchObject({ name: 'Carol', language: 'en-US' });
    const unchanged = await call(updateMe, token, { body: {} });
    expect(unchanged.data()).toMatchObject({ name: 'Carol', language: 'en-US' });
    const again = await call(getMe, token);
    expect(again.data()).toMatchObject({ name: 'Carol', language: 'en-US' });
  });

  it('remembers on the account that the console tour was done', async () => {
    const { token, email } = await registerCustomer(testApp);
    const done = await call(updateMe, token, { body: { tourCompleted: true } });
    expect(done.statusCode).toBe(200);
    expect(done.data()).toMatchObject({ tourCompleted: true, name: '' });
    // Another browser signing in to the same account learns it too.
    const session = sessionOf((await signIn(email, testPassword)).data());
    expect(session.user.tourCompleted).toBe(true);
    expect((await call(getMe, session.token)).data().tourCompleted).toBe(true);
    expect((await call(updateMe, token, { body: { name: 'Dee' } })).data().tourCompleted).toBe(
      true,
    );
    // A finished tour cannot be undone.
    const undo = await call(updateMe, token, { rawBody: { tourCompleted: false } });
    expect(undo.statusCode).toBe(400);
    expect(undo.json().data.field).toBe('tourCompleted');
  });

  it('sets the low-balance mark in yuan, kept in fen, and switches it off with null', async () => {
    const { token, id } = await registerCustomer(testApp);
    const thresholdFen = async () =>
      (
        await testApp.database.db
          .select({ fen: users.lowBalanceThresholdFen })
          .from(users)
          .where(eq(users.id, id))
      )[0]?.fen;
    const set = await call(updateMe, token, { body: { lowBalanceThreshold: 50.5 } });
    expect(set.statusCode).toBe(200);
    expect(set.data().lowBalanceThreshold).toBe(50.5);
    expect(await thresholdFen()).toBe(5050n);
    expect((await call(getMe, token)).data().lowBalanceThreshold).toBe(50.5);
    // Another edit leaves it alone.
    await call(updateMe, token, { body: { name: 'Eve' } });
    expect(await thresholdFen()).toBe(5050n);

    for (const bad of [0, -1, 10.001, 1_000_001, '50', true]) {
      const refused = await call(updateMe, token, { rawBody: { lowBalanceThreshold: bad } });
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 10001, data: { field: 'lowBalanceThreshold' } });
      expect(await thresholdFen()).toBe(5050n);
    }
    const zh = await callEndpoint(testApp.app, updateMe, {
      token,
      headers: { 'accept-language': 'zh-CN' },
      rawBody: { lowBalanceThreshold: -1 },
    });
    expect(zh.json().message).toMatch(/[\u4e00-\u9fff]/);

    const off = await call(updateMe, token, { body: { lowBalanceThreshold: null } });
    expect(off.data().lowBalanceThreshold).toBeNull();
    expect(await thresholdFen()).toBeNull();
  });

  it('validates the profile edit', async () => {
    const { token } = await registerCustomer(testApp);
    const language = await call(updateMe, token, { rawBody: { language: 'fr-FR' } });
    expect(language.statusCode).toBe(400);
    expect(language.json()).toMatchObject({
      code: 10001,
      message: 'Invalid language: must be one of: zh-CN, en-US',
      data: { field: 'language' },
    });
    const email = await call(updateMe, token, { rawBody: { email: 'x@example.com' } });
    expect(email.statusCode).toBe(400);
    expect(email.json().data.field).toBe('email');
    const long = await call(updateMe, token, { body: { name: 'x'.repeat(65) } });
    expect(long.json().message).toBe('Invalid name: must be at most 64 characters');
  });

  it('changes the password, revoking every other session but this one', async () => {
    const { token, email } = await registerCustomer(testApp);
    const other = sessionOf((await signIn(email, testPassword)).data()).token;
    const response = await call(changePassword, token, {
      body: { currentPassword: testPassword, newPassword: 'a brand new secret 7' },
    });
    expect(response.json()).toEqual({ code: 0, message: 'ok', data: null });
    expect((await call(getMe, token)).statusCode).toBe(200);
    expect((await call(getMe, other)).statusCode).toBe(401);
    expect((await signIn(email, testPassword)).statusCode).toBe(400);
    expect((await signIn(email, 'a brand new secret 7')).statusCode).toBe(200);
  });

  it('refuses a wrong current password or a weak new one', async () => {
    const { token, email } = await registerCustomer(testApp);
    const wrong = await call(changePassword, token, {
      body: { currentPassword: 'not it at all', newPassword: 'a brand new secret 7' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 20004,
      message: 'The current password is incorrect',
      data: { field: 'currentPassword' },
    });
    // A wrong current password equal to the new one is still only "incorrect": the rule that
    // compares them must not tell a guesser that the guess was right.
    const guess = await call(changePassword, token, {
      body: { currentPassword: 'a guessed secret', newPassword: 'a guessed secret' },
    });
    expect(guess.json().code).toBe(20004);
    const refusals = [
      { newPassword: testPassword, code: 20009 },
      { newPassword: 'Sunshine', code: 20007 },
      { newPassword: `${email.split('@')[0]}!`, code: 20008 },
    ];
    for (const { newPassword, code } of refusals) {
      const refused = await call(changePassword, token, {
        body: { currentPassword: testPassword, newPassword },
      });
      expect(refused.statusCode, newPassword).toBe(400);
      expect(refused.json(), newPassword).toMatchObject({ code, data: { field: 'newPassword' } });
    }
    const weak = await call(changePassword, token, {
      body: { currentPassword: testPassword, newPassword: '12345678' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.field).toBe('newPassword');
    expect((await signIn(email, testPassword)).statusCode).toBe(200);
  });

  it('accepts the API token as a bearer token until it is rotated', async () => {
    const { token, user } = await registerCustomer(testApp);
    const oldApiToken = user.apiToken;
    const viaApiToken = await call(getMe, oldApiToken);
    expect(viaApiToken.statusCode).toBe(200);
    expect(viaApiToken.data().id).toBe(user.id);

    const rotated = await call(rotateApiToken, token);
    expect(rotated.statusCode).toBe(200);
    const newApiToken = rotated.data().apiToken;
    expect(newApiToken).toMatch(/^stk_/);
    expect(newApiToken).not.toBe(oldApiToken);

    const stale = await call(getMe, oldApiToken);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({
      code: 10102,
      message: 'This API token has been replaced; use the new token from your profile',
    });
    // Rotating again remembers the second token too; a signed-out session stays `unauthorized`.
    const again = (await call(rotateApiToken, token)).data().apiToken;
    expect((await call(getMe, newApiToken)).json().code).toBe(10102);
    expect((await call(getMe, again)).statusCode).toBe(200);
    expect((await call(logout, token)).statusCode).toBe(200);
    expect((await call(getMe, token)).json().code).toBe(10101);
    const profile = await call(getMe, again);
    expect(profile.statusCode).toBe(200);
    expect(profile.data().apiToken).toBe(again);
    // Signing out with an API token ends no session and leaves the token working.
    expect((await call(logout, again)).statusCode).toBe(200);
    expect((await call(getMe, again)).statusCode).toBe(200);
  });

  it('requires a token on every user route', async () => {
    for (const endpoint of [getMe, updateMe, changePassword, rotateApiToken, getWallet]) {
      const response = await callEndpoint(testApp.app, endpoint, { rawBody: {} });
      expect(response.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(401);
      expect(response.json().code).toBe(10101);
    }
  });
});
