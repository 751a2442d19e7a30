// Passkeys on both engines, answered by an independent software authenticator: registering,
// naming and removing them, signing in with one (without a password, or as the second factor),
// stepping up with one, and every refusal: a replayed answer, a wrong origin or site, an expired
// ceremony, another account's passkey, a counter going backwards, a disabled account, API keys.
import {
  createApiKey,
  errors,
  finishPasskeyRegistration,
  finishPasskeySignIn,
  getTwoStepStatus,
  listPasskeys,
  listSecuritySessions,
  listSignInHistory,
  login,
  loginSecondFactor,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
  startPasskeySignIn,
  startPasskeyStepUp,
  STEP_UP_FRESH_SECONDS,
  stepUp,
  type EndpointBody,
  type ErrorName,
} from '@stratus/contract';
import { eq, sessions, users, webauthnChallenges } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testPassword, type TestApp } from '../../../test/app.ts';
import { registerConfirmedCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';
import { hashToken } from '../../tokens.ts';

/** The page's origin: without PUBLIC_URL the server takes the request's. */
const ORIGIN = 'http://localhost:5173';
const headers = { origin: ORIGIN };

describe.each(testEngines)('passkeys on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const expectError = (
    response: { statusCode: number; json: () => { code: number } },
    name: ErrorName,
  ) => {
    expect(response.json().code, JSON.stringify(response.json())).toBe(errors[name].code);
    expect(response.statusCode).toBe(errors[name].status);
  };

  /** Adds a passkey made by `authenticator` to the account of `token`; answers the call. */
  const addPasskey = async (token: string, authenticator: SoftAuthenticator, name = 'Laptop') => {
    const options = (
      await callEndpoint(testApp.app, startPasskeyRegistration, { token, headers })
    ).data();
    return callEndpoint(testApp.app, finishPasskeyRegistration, {
      token,
      headers,
      body: { name, response: authenticator.register(options) },
    });
  };

  /** A customer with one passkey. */
  const customerWithPasskey = async () => {
    const customer = await registerConfirmedCustomer(testApp);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const added = await addPasskey(customer.token, authenticator);
    expect(added.statusCode, added.body).toBe(200);
    return { customer, authenticator, added: added.data() };
  };

  const passwordlessOptions = async () =>
    (await callEndpoint(testApp.app, startPasskeySignIn, { headers, body: {} })).data().options;

  const signIn = (body: EndpointBody<typeof finishPasskeySignIn>) =>
    callEndpoint(testApp.app, finishPasskeySignIn, {
      headers: { ...headers, 'user-agent': 'Mozilla/5.0 (Macintosh) Chrome/140.0' },
      body,
    });

  it('registers two, lists, renames and removes them (removal needs a fresh factor)', async () => {
    const customer = await registerConfirmedCustomer(testApp);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const first = await addPasskey(customer.token, authenticator, 'MacBook');
    expect(first.statusCode, first.body).toBe(200);
    // The account's first factor comes with recovery codes; the second does not.
    expect(first.data().recoveryCodes).toHaveLength(10);
    const second = await addPasskey(customer.token, new SoftAuthenticator(ORIGIN), 'Phone');
    expect(second.data().recoveryCodes).toBeUndefined();
    const listed = (
      await callEndpoint(testApp.app, listPasskeys, { token: customer.token })
    ).data();
    expect(listed.items.map((passkey) => passkey.name)).toEqual(['MacBook', 'Phone']);
    expect(listed.items[0]).toMatchObject({
      lastUsedAt: null,
      deviceType: 'singleDevice',
      backedUp: false,
    });
    const status = (
      await callEndpoint(testApp.app, getTwoStepStatus, { token: customer.token })
    ).data();
    expect(status).toEqual({ enabled: false, factors: ['passkey'], recoveryCodesLeft: 10 });

    const renamed = await callEndpoint(testApp.app, renamePasskey, {
      token: customer.token,
      params: { id: second.data().passkey.id },
      body: { name: 'Pixel' },
    });
    expect(renamed.data().name).toBe('Pixel');

    // Adding another excludes both: an authenticator holding one says so instead of a copy.
    const options = (
      await callEndpoint(testApp.app, startPasskeyRegistration, { token: customer.token, headers })
    ).data();
    expect((options.excludeCredentials as unknown[]).length).toBe(2);

    await testApp.database.db
      .update(sessions)
      .set({ steppedUpAt: new Date(Date.now() - (STEP_UP_FRESH_SECONDS + 1) * 1000) })
      .where(eq(sessions.tokenHash, hashToken(customer.token)));
    const remove = () =>
      callEndpoint(testApp.app, removePasskey, {
        token: customer.token,
        params: { id: first.data().passkey.id },
      });
    expectError(await remove(), 'stepUpRequired');
    // Stepping up with the other passkey (the password is refused: the account has a factor).
    expectError(
      await callEndpoint(testApp.app, stepUp, {
        token: customer.token,
        body: { password: testPassword },
      }),
      'stepUpPasskeyRequired',
    );
    const stepUpOptions = (
      await callEndpoint(testApp.app, startPasskeyStepUp, { token: customer.token, headers })
    ).data();
    const steppedUp = await callEndpoint(testApp.app, stepUp, {
      token: customer.token,
      headers,
      body: { passkey: authenticator.authenticate(stepUpOptions) },
    });
    expect(steppedUp.statusCode, steppedUp.body).toBe(200);
    expect((await remove()).statusCode).toBe(200);
    expectError(await remove(), 'passkeyNotFound');
    const left = (await callEndpoint(testApp.app, listPasskeys, { token: customer.token })).data();
    expect(left.items.map((passkey) => passkey.name)).toEqual(['Pixel']);
  });

  it('signs in without a password, the session and the history recording the passkey', async () => {
    const { customer, authenticator } = await customerWithPasskey();
    const options = await passwordlessOptions();
    expect(options.allowCredentials).toEqual([]);
    expect(options.userVerification).toBe('required');
    const answer = authenticator.authenticate(options);
    const signedIn = await signIn({ response: answer });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.data();
    expect(session.user.id).toBe(customer.id);
    const listed = (
      await callEndpoint(testApp.app, listSecuritySessions, { token: session.token })
    ).data();
    expect(listed.items.find((item) => item.current)?.secondFactor).toBe('passkey');
    const history = (
      await callEndpoint(testApp.app, listSignInHistory, { token: session.token, query: {} })
    ).data();
    expect(history.items[0]).toMatchObject({ outcome: 'succeeded', secondFactor: 'passkey' });
    const passkeys = (
      await callEndpoint(testApp.app, listPasskeys, { token: session.token })
    ).data();
    expect(passkeys.items[0]?.lastUsedAt).not.toBeNull();

    // The same answer again: its ceremony was used.
    expectError(await signIn({ response: answer }), 'passkeyCeremonyExpired');
  });

  it('refuses a passwordless answer without user verification', async () => {
    const { authenticator } = await customerWithPasskey();
    const answer = authenticator.authenticate(await passwordlessOptions(), { userVerified: false });
    expectError(await signIn({ response: answer }), 'passkeyVerificationFailed');
  });

  it('answers a challenge to a passkey-only account, then takes the passkey as the second factor', async () => {
    const { customer, authenticator } = await customerWithPasskey();
    const answered = (
      await callEndpoint(testApp.app, login, {
        body: { email: customer.email, password: testPassword },
      })
    ).data();
    expect(answered).toEqual({
      secondFactorRequired: true,
      challenge: expect.any(String),
      factors: ['passkey'],
    });
    if (!('challenge' in answered)) throw new Error('no challenge');
    const { options } = (
      await callEndpoint(testApp.app, startPasskeySignIn, {
        headers,
        body: { challenge: answered.challenge },
      })
    ).data();
    expect(options.allowCredentials).toHaveLength(1);
    const signedIn = await signIn({
      challenge: answered.challenge,
      response: authenticator.authenticate(options, { userVerified: false }),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // The sign-in challenge went with it.
    const again = await callEndpoint(testApp.app, startPasskeySignIn, {
      headers,
      body: { challenge: answered.challenge },
    });
    expectError(again, 'signInChallengeInvalid');
    // A 6-digit code proves nothing on an account without an app.
    const next = (
      await callEndpoint(testApp.app, login, {
        body: { email: customer.email, password: testPassword },
      })
    ).data();
    if (!('challenge' in next)) throw new Error('no challenge');
    const code = await callEndpoint(testApp.app, loginSecondFactor, {
      body: { challenge: next.challenge, code: '123456' },
    });
    expectError(code, 'secondFactorIncorrect');
  });

  it("refuses another account's passkey for a second-factor challenge", async () => {
    const victim = await customerWithPasskey();
    const intruder = await customerWithPasskey();
    const answered = (
      await callEndpoint(testApp.app, login, {
        body: { email: victim.customer.email, password: testPassword },
      })
    ).data();
    if (!('challenge' in answered)) throw new Error('no challenge');
    const { options } = (
      await callEndpoint(testApp.app, startPasskeySignIn, {
        headers,
        body: { challenge: answered.challenge },
      })
    ).data();
    const refused = await signIn({
      challenge: answered.challenge,
      response: intruder.authenticator.authenticate(options),
    });
    expectError(refused, 'passkeyVerificationFailed');
  });

  it('refuses a wrong origin, a wrong site, a counter going backwards and an expired ceremony', async () => {
    const { authenticator } = await customerWithPasskey();
    expectError(
      await signIn({
        response: authenticator.authenticate(await passwordlessOptions(), {
          origin: 'https://evil.example',
        }),
      }),
      'passkeyVerificationFailed',
    );
    expectError(
      await signIn({
        response: authenticator.authenticate(await passwordlessOptions(), {
          rpId: 'evil.example',
        }),
      }),
      'passkeyVerificationFailed',
    );
    // A good one moves the counter to 10; a clone still at 5 is refused.
    const good = await signIn({
      response: authenticator.authenticate(await passwordlessOptions(), { counter: 10 }),
    });
    expect(good.statusCode, good.body).toBe(200);
    expectError(
      await signIn({
        response: authenticator.authenticate(await passwordlessOptions(), { counter: 5 }),
      }),
      'passkeyVerificationFailed',
    );
    const options = await passwordlessOptions();
    await testApp.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challengeHash, hashToken(options.challenge)));
    expectError(
      await signIn({ response: authenticator.authenticate(options) }),
      'passkeyCeremonyExpired',
    );
  });

  it('refuses a disabled account', async () => {
    const { customer, authenticator } = await customerWithPasskey();
    await testApp.database.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.id, customer.id));
    expectError(
      await signIn({ response: authenticator.authenticate(await passwordlessOptions()) }),
      'accountDisabled',
    );
  });

  it('keeps API keys away from every passkey endpoint', async () => {
    const { customer, added } = await customerWithPasskey();
    const key = (
      await callEndpoint(testApp.app, createApiKey, {
        token: customer.token,
        body: { name: 'script', scopes: ['read', 'purchase', 'manage'] },
      })
    ).data().key;
    const calls = [
      callEndpoint(testApp.app, listPasskeys, { token: key }),
      callEndpoint(testApp.app, startPasskeyRegistration, { token: key, headers }),
      callEndpoint(testApp.app, renamePasskey, {
        token: key,
        params: { id: added.passkey.id },
        body: { name: 'x' },
      }),
      callEndpoint(testApp.app, removePasskey, { token: key, params: { id: added.passkey.id } }),
      callEndpoint(testApp.app, startPasskeyStepUp, { token: key, headers }),
    ];
    for (const response of await Promise.all(calls)) expectError(response, 'apiKeyNotAllowed');
  });

  it('takes PUBLIC_URL as the site when set, refusing other origins', async () => {
    const pinned = await createTestApp(engine, {
      env: { PUBLIC_URL: 'https://proxy.example.com' },
    });
    try {
      const customer = await registerConfirmedCustomer(pinned);
      const options = (
        await callEndpoint(pinned.app, startPasskeyRegistration, { token: customer.token, headers })
      ).data();
      expect(options.rp).toMatchObject({ id: 'proxy.example.com' });
      // The request said localhost: an answer from there is not this site's.
      const refused = await callEndpoint(pinned.app, finishPasskeyRegistration, {
        token: customer.token,
        headers,
        body: { name: 'x', response: new SoftAuthenticator(ORIGIN).register(options) },
      });
      expectError(refused, 'passkeyVerificationFailed');
      const accepted = await callEndpoint(pinned.app, finishPasskeyRegistration, {
        token: customer.token,
        body: {
          name: 'x',
          response: new SoftAuthenticator('https://proxy.example.com').register(
            (
              await callEndpoint(pinned.app, startPasskeyRegistration, { token: customer.token })
            ).data(),
          ),
        },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    } finally {
      await pinned.close();
    }
  });
});
