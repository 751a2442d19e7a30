// Fixtures for the operator-console suites: one signed-in member of each staff role, an access
// check that reads the contract's permission table, and the audit entries of a target.
import {
  hasPermission,
  staffRoles,
  type EndpointDefinition,
  type StaffRole,
} from '@stratus/contract';
import { asc, auditLog, eq } from '@stratus/db';
import { expect } from 'vitest';
import { registerStaff, registerUser, type TestApp } from '../../testing.ts';
import { callEndpoint, type CallOptions } from '../../testing/call-endpoint.ts';

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

/** The audit entries about one target, oldest first. */
export function auditEntriesOf(testApp: TestApp, targetId: string) {
  return testApp.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId))
    .orderBy(asc(auditLog.id));
}

/** A customer signed in, with their id. */
export async function registerCustomer(
  testApp: TestApp,
  options: { email?: string; name?: string } = {},
) {
  const registered = await registerUser(testApp.app, options);
  return { token: registered.token, id: registered.user.id, email: registered.email };
}
