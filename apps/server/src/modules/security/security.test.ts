// Two-step verification on both engines: enrolling an authenticator app (codes computed here from
// the returned secret, as the app would), the recovery codes replaced by a new set, switching off,
// and the notices mailed for each change. The codes' window and single use: auth/second-factor-codes.test.ts.
import {
  confirmTotpEnrolment,
  disableTotp,
  getTwoStepStatus,
  regenerateRecoveryCodes,
  startTotpEnrolment,
  type EndpointDefinition,
} from '@stratus/contract';
import { and, eq, messages, recoveryCodes, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerConfirmedCustomer } from '../../../test/accounts.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';
import { codeAt, enrolTotp, waitForFreshStep } from '../../../test/two-step.ts';

describe.each(testEngines)('two-step verification on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());
  // Each test's codes sit well inside one 30 s step, so the window does not move under them.
  beforeEach(() => waitForFreshStep());
  const db = () => testApp.database.db;
  const call = <E extends EndpointDefinition>(
    endpoint: E,
    token: string,
    options?: CallOptions<E>,
  ) => callEndpoint(testApp.app, endpoint, { token, ...options });
  const noticesTo = async (userId: string) =>
    (
      await db()
        .select({ data: messages.data })
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.event, 'security.changed')))
    ).map((row) => row.data.change);

  it('enrols with a code of the returned secret, keeping the secret encrypted', async () => {
    const customer = await registerConfirmedCustomer(testApp);
    expect((await call(getTwoStepStatus, customer.token)).data()).toEqual({
      enabled: false,
      factors: [],
      recoveryCodesLeft: 0,
    });
    const started = await call(startTotpEnrolment, customer.token);
    expect(started.statusCode, started.body).toBe(200);
    const { secret, otpauthUrl } = started.data();
    const parsed = OTPAuth.URI.parse(otpauthUrl);
    expect(parsed).toBeInstanceOf(OTPAuth.TOTP);
    expect(parsed.issuer).toBe(testApp.app.config.brandName);
    expect(parsed.label).toBe(customer.email);
    expect(parsed.secret.base32).toBe(secret);
    const [row] = await db().select().from(users).where(eq(users.id, customer.id));
    expect(row?.totpSecretCiphertext).toMatch(/^v1\./);
    expect(row?.totpSecretCiphertext).not.toContain(secret);
    expect(row?.totpConfirmedAt).toBeNull();

    // Not on until confirmed: a wrong code leaves it off.
    const wrong = await call(confirmTotpEnrolment, customer.token, {
      body: { code: codeAt(secret, Date.now() + 5 * 60_000) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('验证码错误或已使用，请输入验证器应用中当前的 6 位验证码');
    const confirmed = await call(confirmTotpEnrolment, customer.token, {
      body: { code: codeAt(secret, Date.now()) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes: codes } = confirmed.data();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await db()
      .select({ codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, customer.id));
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) {
      expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.some((code) => codeHash.includes(code))).toBe(false);
    }
    expect((await call(getTwoStepStatus, customer.token)).data()).toEqual({
      enabled: true,
      factors: ['totp'],
      recoveryCodesLeft: 10,
    });
    expect(await noticesTo(customer.id)).toEqual(['totp_enabled']);
    // A second enrolment is refused while it is on.
    const again = await call(startTotpEnrolment, customer.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(20303);
  });

  it('refuses to confirm before enrolment started', async () => {
    const customer = await registerConfirmedCustomer(testApp);
    const response = await call(confirmTotpEnrolment, customer.token, {
      body: { code: '123456' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe(20304);
  });

  it('regenerates the recovery codes by a code, voiding the old set', async () => {
    const { customer, secret, recoveryCodes: old } = await enrolTotp(testApp);
    const refused = await call(regenerateRecoveryCodes, customer.token, {
      body: { code: 'abcde-fghjk' },
    });
    expect(refused.statusCode).toBe(400);
    const response = await call(regenerateRecoveryCodes, customer.token, {
      body: { code: codeAt(secret, Date.now() + 30_000) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const fresh = response.data().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    // An old code no longer proves anything; a new one does (and regenerates again).
    const withOld = await call(regenerateRecoveryCodes, customer.token, {
      body: { code: old[0]! },
    });
    expect(withOld.statusCode).toBe(400);
    expect(withOld.json().code).toBe(20301);
    const withNew = await call(regenerateRecoveryCodes, customer.token, {
      body: { code: fresh[0]! },
    });
    expect(withNew.statusCode, withNew.body).toBe(200);
    expect(await noticesTo(customer.id)).toEqual([
      'totp_enabled',
      'recovery_codes',
      'recovery_codes',
    ]);
  });

  it('switches off with a recovery code or a current code, and not with a wrong one', async () => {
    const first = await enrolTotp(testApp);
    const wrong = await call(disableTotp, first.customer.token, { body: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    const off = await call(disableTotp, first.customer.token, {
      body: { code: first.recoveryCodes[3]! },
    });
    expect(off.statusCode, off.body).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, first.customer.id));
    expect(row).toMatchObject({ totpSecretCiphertext: null, totpConfirmedAt: null });
    expect(
      await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, first.customer.id)),
    ).toEqual([]);
    expect(await noticesTo(first.customer.id)).toEqual(['totp_enabled', 'totp_disabled']);
    const offAgain = await call(disableTotp, first.customer.token, { body: { code: '123456' } });
    expect(offAgain.statusCode).toBe(409);

    const second = await enrolTotp(testApp);
    const byCode = await call(disableTotp, second.customer.token, {
      body: { code: codeAt(second.secret, Date.now() + 30_000) },
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect((await call(getTwoStepStatus, second.customer.token)).data().enabled).toBe(false);
  });

  it('refuses malformed codes with a 400 naming the field', async () => {
    const { customer } = await enrolTotp(testApp);
    const response = await call(disableTotp, customer.token, { rawBody: { code: 'x' } });
    expect(response.statusCode).toBe(400);
    const confirm = await call(confirmTotpEnrolment, customer.token, {
      rawBody: { code: '12345' },
    });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.body).toContain('6');
  });
});
