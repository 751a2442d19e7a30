// Staff must use two-step verification (STAFF_2FA_ROLES, STAFF_2FA_REQUIRED_FROM), on both
// engines: the 7 days of grace, the console refused after them (but the profile and enrolling
// not), a role that need not, and an owner's reset of a member's factor.
import {
  confirmTotpEnrolment,
  errors,
  finishPasskeyRegistration,
  getMe,
  listAdminCustomers,
  listAuditLog,
  listStaff,
  resetStaffTwoStep,
  startPasskeyRegistration,
  startTotpEnrolment,
  STAFF_TWO_STEP_GRACE_DAYS,
  type EndpointDefinition,
  type StaffRole,
} from '@stratus/contract';
import { and, auditLog, eq, messages, passkeys, recoveryCodes, sql, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer, registerStaff } from '../../../test/accounts.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';
import { codeAt, waitForFreshStep } from '../../../test/two-step.ts';

const english = { 'accept-language': 'en-US' };
const DAY_MS = 24 * 3600 * 1000;

describe.each(testEngines)('staff two-step verification on %s', (engine) => {
  let testApp: TestApp;
  let owner: Awaited<ReturnType<typeof registerStaff>>;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    owner = await registerStaff(testApp, 'owner');
  });
  afterAll(() => testApp?.close());
  beforeEach(() => waitForFreshStep());

  const db = () => testApp.database.db;
  const call = <E extends EndpointDefinition>(
    endpoint: E,
    token: string,
    options: CallOptions<E> = {},
  ) => callEndpoint(testApp.app, endpoint, { token, headers: english, ...options });

  /** Moves the account's creation `days` into the past. */
  const joinedDaysAgo = (userId: string, days: number) =>
    db()
      .update(users)
      .set({ createdAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(users.id, userId));

  /** Switches two-step verification on through the API, as the profile does. */
  async function enrol(token: string) {
    const started = await call(startTotpEnrolment, token);
    expect(started.statusCode, started.body).toBe(200);
    const confirmed = await call(confirmTotpEnrolment, token, {
      body: { code: codeAt(started.data().secret, Date.now()) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }

  it('lets a new member use the console within the grace, and tells the deadline', async () => {
    const member = await registerStaff(testApp, 'finance');
    expect((await call(listAdminCustomers, member.token)).statusCode).toBe(200);
    const me = (await call(getMe, member.token)).data();
    const deadline = Date.parse(me.twoStepRequiredBy ?? '');
    expect(deadline - Date.parse(me.createdAt)).toBe(STAFF_TWO_STEP_GRACE_DAYS * DAY_MS);
    const customer = await registerCustomer(testApp);
    expect((await call(getMe, customer.token)).data().twoStepRequiredBy).toBeNull();
  });

  it('refuses the console after the grace, but not the profile or enrolling; enrolled, it opens', async () => {
    const member = await registerStaff(testApp, 'support');
    await joinedDaysAgo(member.user.id, STAFF_TWO_STEP_GRACE_DAYS + 1);
    const refused = await call(listAdminCustomers, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: errors.staffTwoStepRequired.code,
      message: 'Switch on two-step verification in your profile to use the operator console',
      data: null,
    });
    const chinese = await callEndpoint(testApp.app, listAdminCustomers, { token: member.token });
    expect(chinese.json().message).toBe('请先在个人资料中启用两步验证，然后才能使用运营后台');
    const me = await call(getMe, member.token);
    expect(me.statusCode).toBe(200);
    expect(Date.parse(me.data().twoStepRequiredBy ?? '')).toBeLessThan(Date.now());

    await enrol(member.token);
    expect((await call(listAdminCustomers, member.token)).statusCode).toBe(200);
    expect((await call(getMe, member.token)).data().twoStepRequiredBy).toBeNull();
  });

  it('takes a passkey as the factor: the console opens, the staff list says so, a reset removes it', async () => {
    const member = await registerStaff(testApp, 'finance');
    await joinedDaysAgo(member.user.id, STAFF_TWO_STEP_GRACE_DAYS + 1);
    expect((await call(listAdminCustomers, member.token)).statusCode).toBe(403);

    // Without PUBLIC_URL the server takes the page's origin as the site's.
    const origin = { origin: 'http://localhost:5173' };
    const options = await call(startPasskeyRegistration, member.token, { headers: origin });
    expect(options.statusCode, options.body).toBe(200);
    const authenticator = new SoftAuthenticator('http://localhost:5173');
    const added = await call(finishPasskeyRegistration, member.token, {
      headers: origin,
      body: { name: 'Work laptop', response: authenticator.register(options.data()) },
    });
    expect(added.statusCode, added.body).toBe(200);

    expect((await call(listAdminCustomers, member.token)).statusCode).toBe(200);
    expect((await call(getMe, member.token)).data().twoStepRequiredBy).toBeNull();
    const listed = (await call(listStaff, owner.token)).data().items;
    expect(listed.find((row) => row.id === member.user.id)?.twoStepEnabled).toBe(true);

    const reset = await call(resetStaffTwoStep, owner.token, { params: { id: member.user.id } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.data().twoStepEnabled).toBe(false);
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, member.user.id))).toEqual(
      [],
    );
  });

  it('lets an owner reset a member’s factor: signed out, audited, mailed', async () => {
    const member = await registerStaff(testApp, 'ops');
    await enrol(member.token);
    const reset = await call(resetStaffTwoStep, owner.token, { params: { id: member.user.id } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.data()).toMatchObject({ id: member.user.id, role: 'ops', twoStepEnabled: false });

    const [row] = await db().select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({
      totpSecretCiphertext: null,
      totpConfirmedAt: null,
      totpLastStep: null,
    });
    const codesLeft = await db()
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, member.user.id));
    expect(codesLeft).toEqual([]);
    // Signed out everywhere: the session that enrolled is refused.
    expect((await call(getMe, member.token)).statusCode).toBe(401);

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, member.user.id), eq(auditLog.action, 'staff.reset_2fa')));
    expect(entry).toMatchObject({
      actorId: owner.user.id,
      actorRole: 'owner',
      targetType: 'user',
      changes: {
        twoStepEnabled: { before: true, after: false },
        sessions: { before: 1, after: 0 },
      },
    });
    const audited = (await call(listAuditLog, owner.token)).data();
    expect(audited.items.map((item) => item.action)).toContain('staff.reset_2fa');

    const notices = await db()
      .select({ data: messages.data, to: messages.toAddress })
      .from(messages)
      .where(and(eq(messages.userId, member.user.id), eq(messages.event, 'security.changed')));
    expect(notices.map((notice) => [notice.to, notice.data.change])).toEqual([
      [member.email, 'totp_enabled'],
      [member.email, 'two_step_reset'],
    ]);
  });

  it('refuses a reset of one’s own factor, by another role, and of someone not staff', async () => {
    const own = await call(resetStaffTwoStep, owner.token, { params: { id: owner.user.id } });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe(errors.staffOwnTwoStepReset.code);
    const member = await registerStaff(testApp, 'finance');
    const other = await registerStaff(testApp, 'support');
    const byFinance = await call(resetStaffTwoStep, member.token, {
      params: { id: other.user.id },
    });
    expect(byFinance.statusCode).toBe(403);
    expect(byFinance.json().code).toBe(errors.staffPermissionMissing.code);
    const customer = await registerCustomer(testApp);
    const notStaff = await call(resetStaffTwoStep, owner.token, {
      params: { id: customer.user.id },
    });
    expect(notStaff.statusCode).toBe(404);
    expect(notStaff.json().code).toBe(errors.staffMemberNotFound.code);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'staff.reset_2fa'),
          sql`${auditLog.targetId} in (${owner.user.id}, ${other.user.id}, ${customer.user.id})`,
        ),
      );
    expect(audited).toEqual([]);
  });
});

describe.each(testEngines)('staff two-step verification, configured, on %s', (engine) => {
  let testApp: TestApp;
  const requiredFrom = new Date(Date.now() - 2 * DAY_MS);
  beforeAll(async () => {
    testApp = await createTestApp(engine, {
      env: {
        STAFF_2FA_ROLES: 'owner,finance',
        STAFF_2FA_REQUIRED_FROM: requiredFrom.toISOString(),
      },
    });
  });
  afterAll(() => testApp?.close());

  async function longServing(role: StaffRole) {
    const member = await registerStaff(testApp, role);
    await testApp.database.db
      .update(users)
      .set({ createdAt: sql`now() - make_interval(days => 400)` })
      .where(eq(users.id, member.user.id));
    return member;
  }

  it('never refuses a role not in STAFF_2FA_ROLES', async () => {
    const support = await longServing('support');
    expect(
      (await callEndpoint(testApp.app, listAdminCustomers, { token: support.token })).statusCode,
    ).toBe(200);
    const me = await callEndpoint(testApp.app, getMe, { token: support.token });
    expect(me.data().twoStepRequiredBy).toBeNull();
  });

  it('counts the grace from STAFF_2FA_REQUIRED_FROM for those who joined before it', async () => {
    const finance = await longServing('finance');
    expect(
      (await callEndpoint(testApp.app, listAdminCustomers, { token: finance.token })).statusCode,
    ).toBe(200);
    const me = await callEndpoint(testApp.app, getMe, { token: finance.token });
    expect(me.data().twoStepRequiredBy).toBe(
      new Date(requiredFrom.getTime() + STAFF_TWO_STEP_GRACE_DAYS * DAY_MS).toISOString(),
    );
  });
});
