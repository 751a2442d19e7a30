import { randomUUID } from 'node:crypto';
import {
  addStaffMember,
  changeStaffRole,
  errors,
  getMe,
  listAdminCustomers,
  listAuditLog,
  listStaff,
  login,
  removeStaffMember,
  staffRoles,
  type EndpointDefinition,
  type StaffRole,
} from '@stratus/contract';
import { and, auditLog, eq, sql, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../audit/public.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerStaff, registerCustomer, sessionOf } from '../../../test/accounts.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';
import * as staff from './service.ts';

const english = { 'accept-language': 'en-US' };

describe.each(testEngines)('the staff API on %s', (engine) => {
  let testApp: TestApp;
  let owner: Awaited<ReturnType<typeof registerStaff>>;
  let customerToken: string;
  const tokens = {} as Record<StaffRole, string>;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    owner = await registerStaff(testApp, 'owner', { email: 'boss@example.com', name: 'Boss' });
    tokens.owner = owner.token;
    for (const role of staffRoles.filter((name) => name !== 'owner')) {
      tokens[role] = (await registerStaff(testApp, role, { email: `${role}@example.com` })).token;
    }
    customerToken = (await registerCustomer(testApp)).token;
  });
  afterAll(() => testApp?.close());

  function call<E extends EndpointDefinition>(
    endpoint: E,
    options: CallOptions<E> = {},
    /** null: anonymous. */
    token: string | null = owner.token,
  ) {
    return callEndpoint(testApp.app, endpoint, {
      token: token ?? undefined,
      headers: english,
      ...options,
    });
  }

  const entriesAbout = (userId: string) =>
    testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)));

  const roleOf = async (userId: string) =>
    (await testApp.database.db.select().from(users).where(eq(users.id, userId)))[0]?.role;

  it('is for owners only: other staff, customers and anonymous callers are refused', async () => {
    const someone = randomUUID();
    const calls = [
      (token: string | null) => call(listStaff, {}, token),
      (token: string | null) =>
        call(addStaffMember, { body: { email: 'x@example.com', role: 'ops' } }, token),
      (token: string | null) =>
        call(changeStaffRole, { params: { id: someone }, body: { role: 'ops' } }, token),
      (token: string | null) => call(removeStaffMember, { params: { id: someone } }, token),
    ];
    for (const send of calls) {
      for (const role of ['finance', 'support', 'ops'] as const) {
        const refused = await send(tokens[role]);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          code: errors.staffPermissionMissing.code,
          message: `Your staff role (${role}) does not allow this`,
          data: null,
        });
      }
      const customer = await send(customerToken);
      expect(customer.statusCode).toBe(403);
      expect(customer.json().code).toBe(errors.forbidden.code);
      expect((await send(null)).statusCode).toBe(401);
    }
    const { total } = (await call(listAuditLog)).data();
    expect(total).toBe(0);
  });

  it('lists the staff with their role and last sign-in, not the customers', async () => {
    const { items } = (await call(listStaff)).data();
    expect(items.map((member) => [member.email, member.role])).toEqual([
      ['boss@example.com', 'owner'],
      ['finance@example.com', 'finance'],
      ['support@example.com', 'support'],
      ['ops@example.com', 'ops'],
    ]);
    const [boss] = items;
    expect(boss).toEqual({
      id: owner.user.id,
      email: 'boss@example.com',
      name: 'Boss',
      role: 'owner',
      createdAt: expect.any(String),
      lastSignInAt: expect.any(String),
      disabledAt: null,
      twoStepEnabled: false,
    });
    // Signing in again moves the last sign-in to the newest session.
    const before = Date.parse(boss!.lastSignInAt!);
    await callEndpoint(testApp.app, login, {
      body: { email: 'boss@example.com', password: owner.password },
    });
    const after = (await call(listStaff)).data().items[0]!.lastSignInAt!;
    expect(Date.parse(after)).toBeGreaterThan(before);
  });

  it('gives an existing customer the role, at once, and records who did it', async () => {
    const customer = await registerCustomer(testApp, { email: 'helper@example.com' });
    expect((await call(listAdminCustomers, {}, customer.token)).statusCode).toBe(403);
    const response = await call(
      addStaffMember,
      { body: { email: ' Helper@Example.com ', role: 'support' } },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.data()).toEqual({
      member: expect.objectContaining({
        id: customer.user.id,
        email: 'helper@example.com',
        role: 'support',
        lastSignInAt: expect.any(String),
      }),
      accountCreated: false,
      generatedPassword: null,
    });
    // The role is read per request: the customer's session works as staff straight away.
    expect((await call(listAdminCustomers, {}, customer.token)).statusCode).toBe(200);
    expect(await entriesAbout(customer.user.id)).toEqual([
      expect.objectContaining({
        actorId: owner.user.id,
        actorEmail: 'boss@example.com',
        actorRole: 'owner',
        action: 'staff.create',
        changes: { role: { before: 'customer', after: 'support' } },
        sourceIp: '127.0.0.1',
      }),
    ]);
  });

  it('creates an account for an unknown email with a password answered once', async () => {
    const response = await call(addStaffMember, {
      body: { email: 'new-books@example.com', role: 'finance' },
    });
    const { member, accountCreated, generatedPassword } = response.data();
    expect({ accountCreated, role: member.role, lastSignInAt: member.lastSignInAt }).toEqual({
      accountCreated: true,
      role: 'finance',
      lastSignInAt: null,
    });
    expect(generatedPassword?.length).toBeGreaterThanOrEqual(20);
    const signIn = await callEndpoint(testApp.app, login, {
      body: { email: 'new-books@example.com', password: generatedPassword! },
    });
    expect(sessionOf(signIn.data()).user.role).toBe('finance');
    // The owner vouches for the address: no verification link is mailed, nothing waits for one.
    expect(sessionOf(signIn.data()).user.emailVerified).toBe(true);
    expect(await entriesAbout(member.id)).toEqual([
      expect.objectContaining({
        action: 'staff.create',
        changes: {
          email: { before: null, after: 'new-books@example.com' },
          role: { before: null, after: 'finance' },
        },
      }),
    ]);
    // The list now shows the sign-in; the password is never answered again.
    const listed = (await call(listStaff)).data().items.find((item) => item.id === member.id);
    expect(listed?.lastSignInAt).not.toBeNull();
    expect(JSON.stringify((await call(listStaff)).data())).not.toContain(generatedPassword);
  });

  it('refuses an email that is already staff, recording nothing', async () => {
    const entries = (await testApp.database.db.select().from(auditLog)).length;
    const response = await call(addStaffMember, {
      body: { email: 'finance@example.com', role: 'ops' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: errors.staffAlreadyStaff.code,
      message: 'finance@example.com is already staff (finance); change their role instead',
      data: null,
    });
    expect(await testApp.database.db.select().from(auditLog)).toHaveLength(entries);
  });

  it('refuses bad input with the field named', async () => {
    const badEmail = await call(addStaffMember, {
      rawBody: { email: 'not-an-email', role: 'ops' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().data.field).toBe('email');
    const badRole = await call(addStaffMember, {
      rawBody: { email: 'x@example.com', role: 'operator' },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toMatch(/^Invalid role: /);
    const badId = await call(changeStaffRole, {
      rawParams: { id: 'not-a-uuid' },
      body: { role: 'ops' },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().data.field).toBe('id');
    const noRole = await call(changeStaffRole, { params: { id: owner.user.id }, rawBody: {} });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().data.field).toBe('role');
    const removeBadId = await call(removeStaffMember, { rawParams: { id: '42' } });
    expect(removeBadId.statusCode).toBe(400);
  });

  it('changes a role, and the new role applies to the next request', async () => {
    const member = await registerStaff(testApp, 'finance');
    expect((await call(listAuditLog, {}, member.token)).statusCode).toBe(200);
    const response = await call(changeStaffRole, {
      params: { id: member.user.id },
      body: { role: 'ops' },
    });
    expect(response.data()).toMatchObject({ id: member.user.id, role: 'ops' });
    const refused = await call(listAuditLog, {}, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your staff role (ops) does not allow this');
    expect(await entriesAbout(member.user.id)).toEqual([
      expect.objectContaining({
        action: 'staff.update',
        actorId: owner.user.id,
        changes: { role: { before: 'finance', after: 'ops' } },
      }),
    ]);
    // The same role again changes nothing and records nothing.
    await call(changeStaffRole, { params: { id: member.user.id }, body: { role: 'ops' } });
    expect(await entriesAbout(member.user.id)).toHaveLength(1);
  });

  it('removes a member: the account stays as a customer and loses the console at once', async () => {
    const member = await registerStaff(testApp, 'support');
    expect((await call(listAdminCustomers, {}, member.token)).statusCode).toBe(200);
    const response = await call(removeStaffMember, { params: { id: member.user.id } });
    expect(response.statusCode).toBe(200);
    expect(await roleOf(member.user.id)).toBe('customer');
    const refused = await call(listAdminCustomers, {}, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(errors.forbidden.code);
    expect((await call(getMe, {}, member.token)).data().role).toBe('customer');
    expect(await entriesAbout(member.user.id)).toEqual([
      expect.objectContaining({
        action: 'staff.remove',
        changes: { role: { before: 'support', after: 'customer' } },
      }),
    ]);
    expect((await call(listStaff)).data().items.map((item) => item.id)).not.toContain(
      member.user.id,
    );
  });

  it('refuses changing or removing your own role, and accounts that are not staff', async () => {
    const entries = (await testApp.database.db.select().from(auditLog)).length;
    const own = await call(changeStaffRole, {
      params: { id: owner.user.id },
      body: { role: 'finance' },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('You cannot change or remove your own role; ask another owner');
    const ownRemoval = await call(removeStaffMember, { params: { id: owner.user.id } });
    expect(ownRemoval.json().code).toBe(errors.staffOwnRoleChange.code);
    const customer = await registerCustomer(testApp);
    for (const id of [customer.user.id, randomUUID()]) {
      const missing = await call(changeStaffRole, { params: { id }, body: { role: 'ops' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('No such member of staff');
      const missingRemoval = await call(removeStaffMember, { params: { id } });
      expect(missingRemoval.json().code).toBe(errors.staffMemberNotFound.code);
    }
    expect(await roleOf(owner.user.id)).toBe('owner');
    expect(await roleOf(customer.user.id)).toBe('customer');
    expect(await testApp.database.db.select().from(auditLog)).toHaveLength(entries);
  });
});

describe.each(testEngines)('one owner always stays, on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const owners = async () =>
    testApp.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'owner'));

  const staffEntries = async () =>
    testApp.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} in ('staff.update', 'staff.remove')`);

  it('lets only one of two owners demoting each other at once through', async () => {
    for (let round = 0; round < 3; round += 1) {
      // These two are the only owners of the round.
      await testApp.database.db
        .update(users)
        .set({ role: 'support' })
        .where(eq(users.role, 'owner'));
      const first = await registerStaff(testApp, 'owner');
      const second = await registerStaff(testApp, 'owner');
      const entriesBefore = (await staffEntries()).length;
      const answers = await Promise.all([
        callEndpoint(testApp.app, changeStaffRole, {
          token: first.token,
          params: { id: second.user.id },
          body: { role: 'finance' },
        }),
        callEndpoint(testApp.app, removeStaffMember, {
          token: second.token,
          params: { id: first.user.id },
        }),
      ]);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      // The loser waited for the winner's locks and found one owner left, or (when it came in
      // after the winner committed) was refused by the guard as no longer an owner.
      const refused = answers.find((answer) => answer.statusCode !== 200)!;
      expect([errors.staffLastOwner.code, errors.staffPermissionMissing.code]).toContain(
        refused.json().code,
      );
      const remaining = await owners();
      expect(remaining).toHaveLength(1);
      expect([first.user.id, second.user.id]).toContain(remaining[0]!.id);
      // Only the write that went through left an entry.
      expect(await staffEntries()).toHaveLength(entriesBefore + 1);
    }
  });

  it('refuses to demote the last owner, whoever asks', async () => {
    await testApp.database.db.update(users).set({ role: 'support' }).where(eq(users.role, 'owner'));
    const last = await registerStaff(testApp, 'owner');
    for (const demote of [
      () =>
        staff.changeStaffRole({
          db: testApp.database.db,
          actor: CLI_ACTOR,
          userId: last.user.id,
          role: 'ops',
        }),
      () =>
        staff.removeStaffMember({
          db: testApp.database.db,
          actor: CLI_ACTOR,
          userId: last.user.id,
        }),
    ]) {
      await expect(demote()).rejects.toMatchObject({ kind: 'staffLastOwner' });
    }
    expect((await owners()).map((row) => row.id)).toEqual([last.user.id]);
  });

  it('rolls the role change back when its audit entry cannot be written', async () => {
    const owner = (await owners())[0]!;
    const member = await registerStaff(testApp, 'support');
    // A stand-in for any failure after the change: the entry's insert itself fails.
    const statements = [
      `create function fail_audit_for_test() returns trigger language plpgsql as $$
        begin raise exception 'audit unavailable'; end $$`,
      `create trigger fail_audit_for_test before insert on audit_log for each row
        when (new.target_id = '${member.user.id}') execute function fail_audit_for_test()`,
    ];
    for (const statement of statements) await testApp.database.db.execute(sql.raw(statement));
    try {
      await expect(
        staff.changeStaffRole({
          db: testApp.database.db,
          actor: { kind: 'staff', userId: owner.id, role: 'owner', sourceIp: null },
          userId: member.user.id,
          role: 'finance',
        }),
      ).rejects.toThrow();
    } finally {
      await testApp.database.db.execute(sql`drop trigger fail_audit_for_test on audit_log`);
      await testApp.database.db.execute(sql`drop function fail_audit_for_test()`);
    }
    const [row] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.id, member.user.id));
    expect(row?.role).toBe('support');
    expect(
      await testApp.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, member.user.id)),
    ).toHaveLength(0);
  });
});
