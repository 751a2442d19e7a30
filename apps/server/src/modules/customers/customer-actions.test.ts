import { createHash } from 'node:crypto';
import {
  disableAdminCustomer,
  enableAdminCustomer,
  getInstance,
  getMe,
  getNodeCredentials,
  listAdminCustomers,
  listAdminCustomerSessions,
  login,
  resetAdminCustomerProxyPassword,
  signOutAdminCustomer,
  type NodeSnapshot,
} from '@stratus/contract';
import { eq, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testPassword, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { addTestNode, insertInstance } from '../../../test/usage.ts';
import { auditEntriesOf } from '../../../test/audit.ts';
import {
  expectAccessPerPermissionTable,
  registerCustomer,
  registerStaffTeam,
  type StaffTeam,
  sessionOf,
} from '../../../test/accounts.ts';

const english = { 'accept-language': 'en-US' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(testEngines)("support's actions on a customer on %s", (engine) => {
  let testApp: TestApp;
  let team: StaffTeam;
  let node: { id: string; apiKey: string };

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    team = await registerStaffTeam(testApp);
    node = await addTestNode(testApp.database.db);
  });
  afterAll(() => testApp?.close());

  const snapshot = async (): Promise<NodeSnapshot> => {
    const response = await callEndpoint(testApp.app, getNodeCredentials, { token: node.apiKey });
    const { snapshot: current } = response.data();
    if (!current) throw new Error('no snapshot');
    return current;
  };
  const servedInstanceIds = async () =>
    (await snapshot()).staticCredentials.map((credential) => credential.instanceId);
  const meStatus = async (token: string) =>
    (await callEndpoint(testApp.app, getMe, { token })).statusCode;

  it('disables a customer: sessions, API token and proxies stop at once', async () => {
    const registered = await registerCustomer(testApp, { email: 'mallory@example.com' });
    const customerId = registered.user.id;
    const apiToken = registered.user.apiToken;
    const instanceId = await insertInstance(testApp.database.db, {
      userId: customerId,
      nodeId: node.id,
    });
    expect(await servedInstanceIds()).toContain(instanceId);
    expect(await meStatus(registered.token)).toBe(200);
    expect(await meStatus(apiToken)).toBe(200);

    const response = await callEndpoint(testApp.app, disableAdminCustomer, {
      token: team.support.token,
      params: { id: customerId },
      body: { reason: '  Chargeback fraud  ' },
    });
    const detail = response.data();
    expect(detail).toMatchObject({ id: customerId, status: 'disabled', liveIps: 1 });
    expect(detail.disabledAt).not.toBeNull();

    expect(await meStatus(registered.token)).toBe(401);
    expect(await meStatus(apiToken)).toBe(401);
    const signIn = await callEndpoint(testApp.app, login, {
      body: { email: 'mallory@example.com', password: testPassword },
      headers: english,
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe(20003);
    // The node's next poll no longer serves the customer's proxy.
    expect(await servedInstanceIds()).not.toContain(instanceId);
    const sessions = await callEndpoint(testApp.app, listAdminCustomerSessions, {
      token: team.support.token,
      params: { id: customerId },
    });
    expect(sessions.data().items.map((session) => session.status)).toEqual(['revoked']);

    const entries = await auditEntriesOf(testApp, customerId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: team.support.id,
      actorEmail: team.support.email,
      actorRole: 'support',
      action: 'customer.disable',
      targetType: 'user',
      targetId: customerId,
      changes: {
        status: { before: 'active', after: 'disabled' },
        liveSessions: { before: 1, after: 0 },
      },
      reason: 'Chargeback fraud',
      sourceIp: '127.0.0.1',
    });

    const again = await callEndpoint(testApp.app, disableAdminCustomer, {
      token: team.owner.token,
      params: { id: customerId },
      body: { reason: 'twice' },
      headers: english,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 70102,
      message: 'This customer is already disabled',
      data: null,
    });
    expect(await auditEntriesOf(testApp, customerId)).toHaveLength(1);
    const disabledList = await callEndpoint(testApp.app, listAdminCustomers, {
      token: team.support.token,
      query: { status: 'disabled' },
    });
    expect(disabledList.data().items.map((item) => item.id)).toContain(customerId);

    // Enabled again: the account signs in, the API token and the proxy work; the old session
    // stays ended.
    const enabled = await callEndpoint(testApp.app, enableAdminCustomer, {
      token: team.owner.token,
      params: { id: customerId },
      body: {},
    });
    expect(enabled.data()).toMatchObject({ status: 'active', disabledAt: null });
    expect(await meStatus(apiToken)).toBe(200);
    expect(await meStatus(registered.token)).toBe(401);
    const back = await callEndpoint(testApp.app, login, {
      body: { email: 'mallory@example.com', password: testPassword },
    });
    expect(back.statusCode).toBe(200);
    expect(await servedInstanceIds()).toContain(instanceId);
    const [, enableEntry] = await auditEntriesOf(testApp, customerId);
    expect(enableEntry).toMatchObject({
      actorRole: 'owner',
      action: 'customer.enable',
      changes: { status: { before: 'disabled', after: 'active' } },
      reason: '',
    });
    const twice = await callEndpoint(testApp.app, enableAdminCustomer, {
      token: team.owner.token,
      params: { id: customerId },
      body: { reason: 'again' },
      headers: english,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This customer is not disabled');
    expect(await auditEntriesOf(testApp, customerId)).toHaveLength(2);
  });

  it('requires a reason to disable, and never disables staff', async () => {
    const customer = await registerCustomer(testApp);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(201) }, { reason: 'a\nb' }]) {
      const response = await callEndpoint(testApp.app, disableAdminCustomer, {
        token: team.owner.token,
        params: { id: customer.id },
        rawBody: body,
        headers: english,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().data.field).toBe('reason');
    }
    const blank = await callEndpoint(testApp.app, disableAdminCustomer, {
      token: team.owner.token,
      params: { id: customer.id },
      rawBody: { reason: ' ' },
      headers: english,
    });
    expect(blank.json().message).toBe('Invalid reason: is required');
    for (const member of [team.finance, team.owner]) {
      const response = await callEndpoint(testApp.app, disableAdminCustomer, {
        token: team.owner.token,
        params: { id: member.id },
        body: { reason: 'staff are managed on the staff page' },
        headers: english,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('No such customer');
      expect(await meStatus(member.token)).toBe(200);
      // A refused write leaves no audit entry.
      expect(await auditEntriesOf(testApp, member.id)).toEqual([]);
    }
    // The optional reasons of enable and sign-out are bounded alike.
    for (const endpoint of [enableAdminCustomer, signOutAdminCustomer]) {
      const response = await callEndpoint(testApp.app, endpoint, {
        token: team.owner.token,
        params: { id: customer.id },
        rawBody: { reason: 'x'.repeat(201) },
        headers: english,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Invalid reason: must be at most 200 characters');
    }
    expect(await auditEntriesOf(testApp, customer.id)).toEqual([]);
  });

  it('signs a customer out everywhere; the API token keeps working', async () => {
    const customer = await registerCustomer(testApp);
    const second = await callEndpoint(testApp.app, login, {
      body: { email: customer.email, password: testPassword },
    });
    const secondToken = sessionOf(second.data()).token;
    const response = await callEndpoint(testApp.app, signOutAdminCustomer, {
      token: team.support.token,
      params: { id: customer.user.id },
      body: { reason: 'Lost phone' },
    });
    expect(response.data()).toEqual({ revokedSessions: 2 });
    expect(await meStatus(customer.token)).toBe(401);
    expect(await meStatus(secondToken)).toBe(401);
    expect(await meStatus(customer.user.apiToken)).toBe(200);
    const entries = await auditEntriesOf(testApp, customer.user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'customer.sign_out',
      actorRole: 'support',
      changes: { liveSessions: { before: 2, after: 0 } },
      reason: 'Lost phone',
    });
    const staff = await callEndpoint(testApp.app, signOutAdminCustomer, {
      token: team.owner.token,
      params: { id: team.support.id },
      body: {},
    });
    expect(staff.statusCode).toBe(404);
    expect(await meStatus(team.support.token)).toBe(200);
    expect(await auditEntriesOf(testApp, team.support.id)).toEqual([]);
  });

  it("resets a customer's proxy password without recording it", async () => {
    const customer = await registerCustomer(testApp);
    const instanceId = await insertInstance(testApp.database.db, {
      userId: customer.id,
      nodeId: node.id,
    });
    const before = (
      await callEndpoint(testApp.app, getInstance, {
        token: customer.token,
        params: { id: instanceId },
      })
    ).data();
    const response = await callEndpoint(testApp.app, resetAdminCustomerProxyPassword, {
      token: team.support.token,
      params: { id: customer.id, instanceId },
    });
    const reset = response.data();
    expect(reset).toMatchObject({ id: instanceId, ip: before.ip, status: 'active' });
    expect(Object.keys(reset)).not.toContain('password');
    const after = (
      await callEndpoint(testApp.app, getInstance, {
        token: customer.token,
        params: { id: instanceId },
      })
    ).data();
    expect(after.password).not.toBe(before.password);
    expect(after.password.length).toBeGreaterThanOrEqual(before.password.length);
    const credential = (await snapshot()).staticCredentials.find(
      (item) => item.instanceId === instanceId,
    );
    expect(credential?.passwordSha256).toBe(sha256(after.password));

    const entries = await auditEntriesOf(testApp, instanceId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'customer.reset_proxy_password',
      actorRole: 'support',
      targetType: 'instance',
      changes: { password: { before: '[redacted]', after: '[redacted, new]' } },
    });
    const written = JSON.stringify(entries);
    expect(written).not.toContain(after.password);
    expect(written).not.toContain(before.password);
  });

  it("refuses another customer's instance and staff, leaving no audit entry", async () => {
    const owner = await registerCustomer(testApp);
    const other = await registerCustomer(testApp);
    const instanceId = await insertInstance(testApp.database.db, { userId: owner.id });
    const wrongOwner = await callEndpoint(testApp.app, resetAdminCustomerProxyPassword, {
      token: team.owner.token,
      params: { id: other.id, instanceId },
      headers: english,
    });
    expect(wrongOwner.statusCode).toBe(404);
    expect(wrongOwner.json().message).toBe('The IP instance does not exist');
    const staff = await callEndpoint(testApp.app, resetAdminCustomerProxyPassword, {
      token: team.owner.token,
      params: { id: team.ops.id, instanceId },
      headers: english,
    });
    expect(staff.json().code).toBe(70101);
    expect(await auditEntriesOf(testApp, instanceId)).toEqual([]);
    const malformed = await callEndpoint(testApp.app, resetAdminCustomerProxyPassword, {
      token: team.owner.token,
      rawParams: { id: owner.id, instanceId: 'not-a-uuid' },
      headers: english,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid instanceId: must be a valid UUID');
  });

  it('lets each role act per the permission table; customers are refused', async () => {
    const someone = await registerCustomer(testApp);
    const freshCustomer = async () => (await registerCustomer(testApp)).id;
    const freshDisabled = async () => {
      const id = await freshCustomer();
      await testApp.database.db
        .update(users)
        .set({ disabledAt: new Date() })
        .where(eq(users.id, id));
      return id;
    };
    await expectAccessPerPermissionTable(testApp, disableAdminCustomer, {
      team,
      customerToken: someone.token,
      call: async () => ({ params: { id: await freshCustomer() }, body: { reason: 'test' } }),
    });
    await expectAccessPerPermissionTable(testApp, enableAdminCustomer, {
      team,
      customerToken: someone.token,
      call: async () => ({ params: { id: await freshDisabled() }, body: {} }),
    });
    await expectAccessPerPermissionTable(testApp, signOutAdminCustomer, {
      team,
      customerToken: someone.token,
      call: async () => ({ params: { id: await freshCustomer() }, body: {} }),
    });
    await expectAccessPerPermissionTable(testApp, resetAdminCustomerProxyPassword, {
      team,
      customerToken: someone.token,
      call: async () => {
        const id = await freshCustomer();
        const instanceId = await insertInstance(testApp.database.db, { userId: id });
        return { params: { id, instanceId } };
      },
    });
  });
});
