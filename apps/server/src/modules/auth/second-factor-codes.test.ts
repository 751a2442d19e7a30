// The second factor's codes on both engines: the ±1 step window, a TOTP code accepted once (also
// when two requests present it at once), and a recovery code taken once even by 20 simultaneous
// requests; case, spaces and the dash of a recovery code do not matter.
import { confirmTotpEnrolment, getTwoStepStatus, startTotpEnrolment } from '@stratus/contract';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerConfirmedCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { codeAt, enrolTotp, waitForFreshStep } from '../../../test/two-step.ts';
import { requireUser } from '../users/public.ts';
import { checkSecondFactor } from './second-factor.ts';

describe.each(testEngines)('second-factor codes on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());
  // Each test's codes sit well inside one 30 s step, so the window does not move under them.
  beforeEach(() => waitForFreshStep());
  const db = () => testApp.database.db;

  it('accepts one step either side, refuses two steps away, and never the same code twice', async () => {
    const customer = await registerConfirmedCustomer(testApp);
    const { secret } = (
      await callEndpoint(testApp.app, startTotpEnrolment, { token: customer.token })
    ).data();
    const now = Date.now();
    const check = (code: string) =>
      callEndpoint(testApp.app, confirmTotpEnrolment, {
        token: customer.token,
        body: { code },
      }).then((r) => r.statusCode);
    // Two steps behind or ahead: outside the window.
    expect(await check(codeAt(secret, now - 60_000))).toBe(400);
    expect(await check(codeAt(secret, now + 60_000))).toBe(400);
    // One step behind: inside; it confirms.
    expect(await check(codeAt(secret, now - 30_000))).toBe(200);
    const user = () => requireUser(db(), customer.id);
    const check2 = async (code: string) =>
      checkSecondFactor(db(), {
        user: await user(),
        cipher: testApp.app.tokenCipher,
        proof: { kind: 'totp', code },
      });
    // The same code again, or an older step, is refused; the current and next steps work once.
    expect(await check2(codeAt(secret, now - 30_000))).toBe(false);
    expect(await check2(codeAt(secret, now))).toBe(true);
    expect(await check2(codeAt(secret, now))).toBe(false);
    expect(await check2(codeAt(secret, now - 30_000))).toBe(false);
    expect(await check2(codeAt(secret, now + 30_000))).toBe(true);
    expect(await check2(codeAt(secret, now + 30_000))).toBe(false);
    expect(await check2(codeAt(secret, now + 60_000))).toBe(false);
  });

  it('lets exactly one of two simultaneous uses of one code through', async () => {
    const { customer, secret } = await enrolTotp(testApp, { confirmAt: Date.now() - 30_000 });
    const user = await requireUser(db(), customer.id);
    const code = codeAt(secret, Date.now());
    const results = await Promise.all(
      Array.from({ length: 2 }, () =>
        checkSecondFactor(db(), {
          user,
          cipher: testApp.app.tokenCipher,
          proof: { kind: 'totp', code },
        }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('takes each recovery code once, even from 20 requests at the same moment', async () => {
    const { customer, recoveryCodes: codes } = await enrolTotp(testApp);
    const user = await requireUser(db(), customer.id);
    const useCode = (code: string) =>
      checkSecondFactor(db(), {
        user,
        cipher: testApp.app.tokenCipher,
        proof: { kind: 'recovery_code', code },
      });
    const results = await Promise.all(Array.from({ length: 20 }, () => useCode(codes[0]!)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await useCode(codes[0]!)).toBe(false);
    // Case, spaces and the dash do not matter.
    expect(await useCode(` ${codes[1]!.toUpperCase().replace('-', ' ')} `)).toBe(true);
    expect(await useCode('abcde-fghjk')).toBe(false);
    expect(
      (await callEndpoint(testApp.app, getTwoStepStatus, { token: customer.token })).data()
        .recoveryCodesLeft,
    ).toBe(8);
  });
});
