import { getMe, getWallet, listAdminCustomers, login as loginEndpoint } from '@stratus/contract';
import { and, auditLog, eq, messages, recoveryCodes, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { registerCustomer, sessionOf } from '../../test/accounts.ts';
import { enrolTotp } from '../../test/two-step.ts';
import { runAdminCommand, runAdminCommands, THEN, usage } from './admin.ts';
import { callEndpoint } from '../../test/call-endpoint.ts';

describe.each(testEngines)('npm run admin on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  async function run(...args: string[]) {
    return runWith(runAdminCommand, args);
  }

  /** As `npm run admin` runs its arguments: commands joined by --then. */
  async function runJoined(...args: string[]) {
    return runWith(runAdminCommands, args);
  }

  async function runWith(runner: typeof runAdminCommand, args: string[]) {
    const lines: string[] = [];
    const code = await runner(args, {
      database: testApp.database,
      config: testApp.config,
      print: (line) => lines.push(line),
    });
    return { code, output: lines.join('') };
  }

  const login = (email: string, password: string) =>
    callEndpoint(testApp.app, loginEndpoint, { body: { email, password } });

  it('creates the first staff member as owner, whatever --role says, with a password shown once', async () => {
    const { code, output } = await run('create-operator', 'Boss@Example.com', '--role', 'ops');
    expect(code).toBe(0);
    expect(output).toContain('Created staff account boss@example.com (owner).');
    const password = /Password \(shown only this once\): (\S+)/.exec(output)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    const signIn = await login('boss@example.com', password);
    expect(signIn.statusCode).toBe(200);
    const { token, user } = sessionOf(signIn.data());
    expect(user.role).toBe('owner');
    const admin = await callEndpoint(testApp.app, listAdminCustomers, { token });
    expect(admin.statusCode).toBe(200);
    const wallet = await callEndpoint(testApp.app, getWallet, { token });
    expect(wallet.data().wallet.balance).toBe(0);
    const [entry] = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, user.id));
    expect(entry).toMatchObject({
      actorId: null,
      actorEmail: 'cli',
      actorRole: 'cli',
      action: 'staff.create',
      targetType: 'user',
      changes: { role: { before: null, after: 'owner' } },
    });
  });

  it('gives later staff the --role asked for, owner by default', async () => {
    expect(
      (await run('create-operator', 'books@example.com', '--role', 'finance')).output,
    ).toContain('(finance)');
    expect((await run('create-operator', 'second-owner@example.com')).output).toContain('(owner)');
    const badRole = await run('create-operator', 'x@example.com', '--role', 'operator');
    expect(badRole.code).toBe(2);
    expect(badRole.output).toContain('--role is one of owner, finance, support, ops');
  });

  it('creates an operator with a chosen password', async () => {
    const { code, output } = await run(
      'create-operator',
      'chosen@example.com',
      '--password',
      'my own pick 7',
    );
    expect(code).toBe(0);
    expect(output).not.toContain('Password');
    expect((await login('chosen@example.com', 'my own pick 7')).statusCode).toBe(200);
  });

  it('promotes an existing customer', async () => {
    const { email, token } = await registerCustomer(testApp);
    const customer = await callEndpoint(testApp.app, listAdminCustomers, { token });
    expect(customer.statusCode).toBe(403);
    expect(await run('create-operator', email, '--role', 'support')).toEqual({
      code: 0,
      output: `${email} is now staff (support).\n`,
    });
    const promoted = await callEndpoint(testApp.app, listAdminCustomers, { token });
    expect(promoted.statusCode).toBe(200);
    expect((await run('create-operator', email, '--role', 'support')).output).toContain(
      'already staff (support)',
    );
  });

  it('explains its usage on bad input', async () => {
    expect((await run()).code).toBe(0);
    expect((await run('destroy-everything')).code).toBe(2);
    const badEmail = await run('create-operator', 'not-an-email');
    expect(badEmail.code).toBe(2);
    expect(badEmail.output).toContain('A valid email is required');
    const weak = await run('create-operator', 'weak@example.com', '--password', '123');
    expect(weak.code).toBe(2);
    const common = await run('create-operator', 'common@example.com', '--password', 'Sunshine');
    expect(common).toEqual({
      code: 2,
      output: 'This password is too common and easy to guess; please choose another.\n',
    });
    const named = await run('create-operator', 'named@example.com', '--password', 'named pass 1');
    expect(named.code).toBe(2);
    expect(named.output).toContain('must not contain the name part of your email');
    expect((await login('common@example.com', 'Sunshine')).statusCode).toBe(400);
  });

  it('runs commands joined by --then in turn and stops at the first that does not succeed', async () => {
    const { code, output } = await runJoined(
      ...['create-operator', 'first@example.com', '--password', 'opening move 1', THEN],
      ...['create-operator', 'not-an-email', THEN],
      ...['create-operator', 'third@example.com', '--password', 'closing move 3'],
    );
    expect(code).toBe(2);
    expect(output).toContain('Created staff account first@example.com');
    expect(output).toContain('A valid email is required');
    expect(output).not.toContain('third@example.com');
    expect((await login('first@example.com', 'opening move 1')).statusCode).toBe(200);
    expect((await login('third@example.com', 'closing move 3')).statusCode).toBe(400);
  });

  it('runs none of the joined commands when one is unknown or empty', async () => {
    for (const last of [['bogus'], []]) {
      const { code, output } = await runJoined(
        ...['create-operator', 'never@example.com', '--password', 'unused move 9', THEN],
        ...last,
      );
      expect({ code, output }).toEqual({ code: 2, output: usage });
    }
    expect((await login('never@example.com', 'unused move 9')).statusCode).toBe(400);
    expect(await runJoined()).toEqual({ code: 0, output: usage });
    expect(await runJoined('help')).toEqual({ code: 0, output: usage });
  });

  it('resets the two-step verification of any account by email, audited, mailed and signed out', async () => {
    const { customer } = await enrolTotp(testApp);
    const db = testApp.database.db;
    await db.update(users).set({ role: 'owner' }).where(eq(users.id, customer.id));
    expect(await run('reset-2fa', customer.email.toUpperCase())).toEqual({
      code: 0,
      output:
        `Two-step verification of ${customer.email} is reset and its sessions are signed out.\n` +
        'Sign in with the password and switch it on again in the profile.\n',
    });
    const [row] = await db.select().from(users).where(eq(users.id, customer.id));
    expect(row).toMatchObject({ totpSecretCiphertext: null, totpConfirmedAt: null });
    expect(
      await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, customer.id)),
    ).toEqual([]);
    expect((await callEndpoint(testApp.app, getMe, { token: customer.token })).statusCode).toBe(
      401,
    );
    // The password alone signs in again, without a second step.
    const signIn = await login(customer.email, customer.password);
    expect(signIn.statusCode).toBe(200);
    expect(sessionOf(signIn.data()).user.id).toBe(customer.id);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, customer.id), eq(auditLog.action, 'staff.reset_2fa')));
    expect(entry).toMatchObject({
      actorId: null,
      actorRole: 'cli',
      changes: { twoStepEnabled: { before: true, after: false } },
    });
    const notices = await db
      .select({ data: messages.data })
      .from(messages)
      .where(and(eq(messages.userId, customer.id), eq(messages.event, 'security.changed')));
    expect(notices.map((notice) => notice.data.change)).toContain('two_step_reset');

    expect(await run('reset-2fa', 'nobody@example.com')).toEqual({
      code: 1,
      output: 'No account has the email nobody@example.com.\n',
    });
    const bad = await run('reset-2fa', 'not-an-email');
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('A valid email is required');
    expect((await run('reset-2fa')).code).toBe(2);
  });
});
