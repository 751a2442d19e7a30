// The people of a test: customers and staff signed in through the API (a customer with money in
// the wallet when asked), one member of each staff role, and an access check that reads the
// contract's permission table.
import {
  hasPermission,
  isSignInChallenge,
  register,
  staffRoles,
  type EndpointDefinition,
  type LoginAnswer,
  type Session,
  type StaffRole,
} from '@stratus/contract';
import { and, emailTokens, eq, messages, users, type Db } from '@stratus/db';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { testPassword, uniqueEmail, type TestApp } from './app.ts';
import { callEndpoint, type CallOptions } from './call-endpoint.ts';
import { creditWallet } from './wallet.ts';

export type StaffTeam = Record<StaffRole, { token: string; id: string; email: string }>;

/** One signed-in staff member per role. */
export async function registerStaffTeam(testApp: TestApp): Promise<StaffTeam> {
  const team: Partial<StaffTeam> = {};
  for (const role of staffRoles) {
    const member = await registerStaff(testApp, role);
    team[role] = { token: member.token, id: member.user.id, email: member.email };
  }
  return team as StaffTeam;
}

type CallWithoutToken<E extends EndpointDefinition> = Omit<CallOptions<E>, 'token'>;

/**
 * Calls `endpoint` as every staff role, as a customer and anonymously: roles the permission table
 * gives the endpoint's permission succeed (200), the others are refused naming their role, a
 * customer gets `forbidden` and no one signed in 401. `call` makes each role's request (a write
 * gets a fresh target per role); refused calls change nothing, so they may share one.
 */
export async function expectAccessPerPermissionTable<E extends EndpointDefinition>(
  testApp: TestApp,
  endpoint: E,
  {
    team,
    customerToken,
    call,
  }: {
    team: StaffTeam;
    customerToken: string;
    call: (role: StaffRole | 'customer' | 'anonymous') => Promise<CallWithoutToken<E>>;
  },
): Promise<void> {
  const permission = endpoint.permission;
  if (!permission) throw new Error(`${endpoint.path} is not a staff endpoint`);
  const english = { 'accept-language': 'en-US' };
  for (const role of staffRoles) {
    const response = await callEndpoint(testApp.app, endpoint, {
      ...(await call(role)),
      token: team[role].token,
      headers: english,
    });
    if (hasPermission(role, permission)) {
      expect(response.statusCode, `${role} ${endpoint.method} ${endpoint.path}`).toBe(200);
      response.data();
    } else {
      expect(response.json(), `${role} ${endpoint.method} ${endpoint.path}`).toEqual({
        code: 10302,
        message: `Your staff role (${role}) does not allow this`,
        data: null,
      });
      expect(response.statusCode).toBe(403);
    }
  }
  const customer = await callEndpoint(testApp.app, endpoint, {
    ...(await call('customer')),
    token: customerToken,
    headers: english,
  });
  expect(customer.statusCode).toBe(403);
  expect(customer.json()).toEqual({
    code: 10301,
    message: 'You do not have permission to do this',
    data: null,
  });
  const anonymous = await callEndpoint(testApp.app, endpoint, { ...(await call('anonymous')) });
  expect(anonymous.statusCode).toBe(401);
}

/**
 * A signed-in staff member of `role`: registered as a customer, then given the role directly in
 * the database (how staff are made is the staff module's own test). The role is read per request.
 */
export async function registerStaff(
  testApp: Pick<TestApp, 'app' | 'database'>,
  role: StaffRole,
  options: { email?: string; password?: string; name?: string } = {},
) {
  const registered = await registerCustomer(testApp, options);
  // As an owner's `create-operator` makes them: confirmed, no verification mail.
  await testApp.database.db
    .update(users)
    .set({ role, emailVerifiedAt: new Date() })
    .where(eq(users.id, registered.user.id));
  await forgetSignUpMail(testApp.database.db, registered.user.id);
  return { ...registered, user: { ...registered.user, role } };
}

/** The session of a sign-in answer; fails the test when the account asked for a second factor. */
export function sessionOf(answer: LoginAnswer): Session {
  if (isSignInChallenge(answer)) throw new Error('The sign-in asked for a second factor');
  return answer;
}

/**
 * A customer signed up through the API, signed in: the session token, the profile and its id, the
 * email and password; with `balanceFen` in the wallet when given (credited as a top-up would be).
 */
export async function registerCustomer(
  testApp: { app: FastifyInstance; database?: { db: Db } },
  {
    email = uniqueEmail(),
    password = testPassword,
    name,
    balanceFen = 0n,
  }: { email?: string; password?: string; name?: string; balanceFen?: bigint } = {},
) {
  const response = await callEndpoint(testApp.app, register, {
    body: { email, password, ...(name ? { name } : {}) },
  });
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.body}`);
  const registered = response.data();
  if (balanceFen > 0n) {
    if (!testApp.database) throw new Error('a balance needs the test database');
    await creditWallet(testApp.database.db, { userId: registered.user.id, amountFen: balanceFen });
  }
  return { ...registered, id: registered.user.id, email, password };
}

/**
 * Takes back the verification mail a sign-up queued, and its link, for suites that count other
 * mail or links.
 */
export async function forgetSignUpMail(db: Db, userId: string): Promise<void> {
  await db
    .delete(messages)
    .where(and(eq(messages.userId, userId), eq(messages.event, 'account.verify_email')));
  await db
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'email_verification')));
}

/**
 * A customer signed up whose verification mail is taken back, for suites that count the mail of
 * something else.
 */
export async function registerConfirmedCustomer(
  testApp: { app: FastifyInstance; database: { db: Db } },
  options: Parameters<typeof registerCustomer>[1] = {},
) {
  const customer = await registerCustomer(testApp, options);
  await forgetSignUpMail(testApp.database.db, customer.id);
  return customer;
}
