// Step-up on both engines: every endpoint marked `stepUp` refuses a session whose factor is older
// than 10 minutes (the sign-in's or the last step-up's, moved back in the database here) before
// its handler runs, and takes it again after a step-up with a code, a recovery code or (without
// two-step verification) the password. The personal token is never asked.
import * as contract from '@stratus/contract';
import {
  addIpAllowlistEntry,
  createApiKey,
  errors,
  login,
  STEP_UP_FRESH_SECONDS,
  stepUp,
  type EndpointDefinition,
} from '@stratus/contract';
import { eq, sessions } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testPassword, type TestApp } from '../../../test/app.ts';
import { registerConfirmedCustomer, registerStaff, sessionOf } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { codeAt, enrolTotp, waitForFreshStep } from '../../../test/two-step.ts';
import { hashToken } from '../../tokens.ts';

const markedEndpoints = (Object.values(contract) as unknown[]).filter(
  (value): value is EndpointDefinition =>
    typeof value === 'object' && value !== null && 'stepUp' in value && value.stepUp === true,
);

/** Any value for each path parameter: the guard answers before the parameters are validated. */
function anyParamsOf(endpoint: EndpointDefinition): Record<string, string> {
  return Object.fromEntries(
    [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => [
      match[1],
      '00000000-0000-4000-8000-000000000001',
    ]),
  );
}

describe.each(testEngines)('step-up on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    // With the session cache on: a refusal is cached, and a step-up must drop it.
    testApp = await createTestApp(engine, { env: { SESSION_CACHE_MS: '1000' } });
  });
  afterAll(() => testApp?.close());
  beforeEach(() => waitForFreshStep());

  /** Moves the session's last factor `seconds` into the past, as if that much time went by. */
  const ageSession = async (token: string, seconds: number) => {
    const moved = await testApp.database.db
      .update(sessions)
      .set({ steppedUpAt: new Date(Date.now() - seconds * 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)))
      .returning({ id: sessions.id });
    expect(moved).toHaveLength(1);
    // Time passing moves a cached answer's deadline too; a database edit does not.
    testApp.app.sessionCache.forgetAll();
  };
  const stale = (token: string) => ageSession(token, STEP_UP_FRESH_SECONDS + 1);
  const callMarked = (endpoint: EndpointDefinition, token: string) =>
    callEndpoint(testApp.app, endpoint, { token, rawParams: anyParamsOf(endpoint), rawBody: {} });
  const addAddress = (token: string, address: string) =>
    callEndpoint(testApp.app, addIpAllowlistEntry, { token, body: { address, note: '' } });
  const expectStepUpRequired = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: errors.stepUpRequired.code,
      message: errors.stepUpRequired.message['zh-CN'],
    });
  };

  it('marks money, staff, node keys and the account credentials, nothing else', () => {
    const marked = markedEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(marked.sort()).toEqual(
      [
        'POST /admin/customers/:id/balance-adjustments',
        'POST /admin/balance-adjustments/:id/approve',
        'POST /admin/orders/:id/refund',
        'POST /admin/payments/:id/mark-paid',
        'POST /admin/staff',
        'PATCH /admin/staff/:id',
        'DELETE /admin/staff/:id',
        'POST /admin/staff/:id/reset-2fa',
        'POST /admin/nodes',
        'POST /admin/nodes/:id/rotate-key',
        'POST /user/password',
        'POST /user/email',
        'POST /user/api-token/rotate',
        'POST /user/api-keys',
        'POST /user/webhooks',
        'PATCH /user/webhooks/:id',
        'POST /user/ip-allowlist',
        'DELETE /user/ip-allowlist/:id',
        'DELETE /user/security/passkeys/:id',
      ].sort(),
    );
  });

  it('refuses a stale session on every marked endpoint before its handler, and lets it through after a step-up with the password', async () => {
    const customer = await registerConfirmedCustomer(testApp);
    const owner = await registerStaff(testApp, 'owner');
    const tokenOf = (endpoint: EndpointDefinition) =>
      endpoint.access === 'staff' ? owner.token : customer.token;
    await stale(customer.token);
    await stale(owner.token);
    for (const endpoint of markedEndpoints) {
      const refused = await callMarked(endpoint, tokenOf(endpoint));
      expect(refused.statusCode, `${endpoint.method} ${endpoint.path}: ${refused.body}`).toBe(403);
      expectStepUpRequired(refused);
    }
    for (const token of [customer.token, owner.token]) {
      const steppedUp = await callEndpoint(testApp.app, stepUp, {
        token,
        body: { password: testPassword },
      });
      expect(steppedUp.statusCode, steppedUp.body).toBe(200);
    }
    for (const endpoint of markedEndpoints) {
      // Past the guard: the empty body or the made-up id is what is refused now.
      const passed = await callMarked(endpoint, tokenOf(endpoint));
      expect(passed.json().code, `${endpoint.method} ${endpoint.path}: ${passed.body}`).not.toBe(
        errors.stepUpRequired.code,
      );
      expect(passed.statusCode).not.toBe(403);
    }
  });

  it('takes a fresh sign-in as fresh for 10 minutes, then asks again', async () => {
    const customer = await registerConfirmedCustomer(testApp);
    expect((await addAddress(customer.token, '203.0.113.10')).statusCode).toBe(200);
    await ageSession(customer.token, STEP_UP_FRESH_SECONDS - 60);
    expect((await addAddress(customer.token, '203.0.113.11')).statusCode).toBe(200);
    await stale(customer.token);
    expectStepUpRequired(await addAddress(customer.token, '203.0.113.12'));
    // An unmarked write is not asked.
    const renamed = await callEndpoint(testApp.app, contract.updateMe, {
      token: customer.token,
      body: { name: 'Still here' },
    });
    expect(renamed.statusCode).toBe(200);
    // A new sign-in is a new proof; the stale session stays stale.
    const signedIn = await callEndpoint(testApp.app, login, {
      body: { email: customer.email, password: testPassword },
    });
    const fresh = sessionOf(signedIn.data()).token;
    expect((await addAddress(fresh, '203.0.113.12')).statusCode).toBe(200);
    expectStepUpRequired(await addAddress(customer.token, '203.0.113.13'));
  });

  it('steps up one session only, and its step-up expires after 10 minutes', async () => {
    const customer = await registerConfirmedCustomer(testApp);
    const other = sessionOf(
      (
        await callEndpoint(testApp.app, login, {
          body: { email: customer.email, password: testPassword },
        })
      ).data(),
    ).token;
    await stale(customer.token);
    await stale(other);
    // The refusal's authentication is cached now (well within the cache's second).
    expectStepUpRequired(await addAddress(customer.token, '203.0.113.20'));
    expect(testApp.app.sessionCache.size).toBeGreaterThan(0);
    const steppedUp = await callEndpoint(testApp.app, stepUp, {
      token: customer.token,
      body: { password: testPassword },
    });
    expect(steppedUp.statusCode, steppedUp.body).toBe(200);
    expect((await addAddress(customer.token, '203.0.113.20')).statusCode).toBe(200);
    expectStepUpRequired(await addAddress(other, '203.0.113.21'));
    await stale(customer.token);
    expectStepUpRequired(await addAddress(customer.token, '203.0.113.22'));
  });

  it('asks an account with two-step verification for a code, each code once', async () => {
    const { customer, secret, recoveryCodes } = await enrolTotp(testApp);
    await stale(customer.token);
    const byPassword = await callEndpoint(testApp.app, stepUp, {
      token: customer.token,
      body: { password: testPassword },
    });
    expect(byPassword.statusCode).toBe(400);
    expect(byPassword.json().code).toBe(errors.stepUpCodeRequired.code);
    const wrong = await callEndpoint(testApp.app, stepUp, {
      token: customer.token,
      body: { code: codeAt(secret, Date.now() + 5 * 60_000) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(errors.secondFactorIncorrect.code);
    expectStepUpRequired(await addAddress(customer.token, '203.0.113.30'));

    const code = codeAt(secret, Date.now());
    const byCode = await callEndpoint(testApp.app, stepUp, {
      token: customer.token,
      body: { code },
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect((await addAddress(customer.token, '203.0.113.30')).statusCode).toBe(200);

    await stale(customer.token);
    const replayed = await callEndpoint(testApp.app, stepUp, {
      token: customer.token,
      body: { code },
    });
    expect(replayed.json().code).toBe(errors.secondFactorIncorrect.code);
    const byRecovery = await callEndpoint(testApp.app, stepUp, {
      token: customer.token,
      body: { code: recoveryCodes[0]! },
    });
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    expect((await addAddress(customer.token, '203.0.113.31')).statusCode).toBe(200);
  });

  it('refuses a wrong password, and a code on an account without two-step verification', async () => {
    const customer = await registerConfirmedCustomer(testApp);
    await stale(customer.token);
    const wrong = await callEndpoint(testApp.app, stepUp, {
      token: customer.token,
      body: { password: `${testPassword}x` },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(errors.currentPasswordIncorrect.code);
    const byCode = await callEndpoint(testApp.app, stepUp, {
      token: customer.token,
      body: { code: '123456' },
    });
    expect(byCode.statusCode).toBe(409);
    expect(byCode.json().code).toBe(errors.twoStepNotEnabled.code);
    expectStepUpRequired(await addAddress(customer.token, '203.0.113.40'));
  });

  it('never asks the personal token, which cannot step up; no API key reaches step-up', async () => {
    const customer = await registerConfirmedCustomer(testApp);
    const key = await callEndpoint(testApp.app, createApiKey, {
      token: customer.token,
      body: { name: 'deploy', scopes: ['manage'] },
    });
    expect(key.statusCode, key.body).toBe(200);
    await stale(customer.token);
    const personal = customer.user.apiToken;
    expect((await addAddress(personal, '203.0.113.50')).statusCode).toBe(200);
    expect((await addAddress(key.data().key, '203.0.113.51')).statusCode).toBe(200);
    const byToken = await callEndpoint(testApp.app, stepUp, {
      token: personal,
      body: { password: testPassword },
    });
    expect(byToken.statusCode).toBe(409);
    expect(byToken.json().code).toBe(errors.stepUpNotNeeded.code);
    const byKey = await callEndpoint(testApp.app, stepUp, {
      token: key.data().key,
      body: { password: testPassword },
    });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().code).toBe(errors.apiKeyNotAllowed.code);
  });
});
