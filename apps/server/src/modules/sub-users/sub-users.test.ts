import { randomUUID } from 'node:crypto';
import {
  createSubUser,
  deleteSubUser,
  errors,
  getDynamicAccount,
  listSubUsers,
  MAX_SUB_USERS,
  updateSubUser,
  type EndpointBody,
} from '@stratus/contract';
import { eq, subUsers } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

describe.each(testEngines)('sub-users on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine, {
      env: { DYNAMIC_PROXY_HOST: 'dyn.example.com', DYNAMIC_PROXY_PORT: '7777' },
    });
  });
  afterAll(() => testApp?.close());

  const create = (token: string, body: EndpointBody<typeof createSubUser>) =>
    callEndpoint(testApp.app, createSubUser, {
      token,
      body,
      headers: { 'accept-language': 'en-US' },
    });
  const update = (token: string, id: string, body: EndpointBody<typeof updateSubUser>) =>
    callEndpoint(testApp.app, updateSubUser, {
      token,
      params: { id },
      body,
      headers: { 'accept-language': 'en-US' },
    });
  const list = async (token: string) => {
    const response = await callEndpoint(testApp.app, listSubUsers, { token });
    expect(response.statusCode).toBe(200);
    return response.data();
  };

  it('creates a sub-user with generated credentials, creating the dynamic account first', async () => {
    const { token } = await registerCustomer(testApp);
    const created = await create(token, { name: ' Scraper A ', capGb: 1.5 });
    expect(created.statusCode).toBe(200);
    const subUser = created.data();
    expect(subUser).toEqual({
      id: expect.any(String),
      name: 'Scraper A',
      username: expect.stringMatching(/^u[a-z0-9]{9}$/),
      password: expect.stringMatching(/^[A-Za-z0-9]{16}$/),
      capGb: 1.5,
      usedBytes: 0,
      enabled: true,
      createdAt: expect.any(String),
      host: 'dyn.example.com',
      port: 7777,
    });
    const [row] = await testApp.database.db
      .select()
      .from(subUsers)
      .where(eq(subUsers.id, subUser.id));
    expect(row?.capBytes).toBe(1_610_612_736n);
    // The account exists now, under its own name (one login namespace).
    const account = (await callEndpoint(testApp.app, getDynamicAccount, { token })).data();
    expect(account.account).not.toBe(subUser.username);

    const uncapped = (await create(token, { name: 'Team' })).data();
    expect(uncapped.capGb).toBeNull();
    expect(await list(token)).toEqual({ items: [subUser, uncapped], max: MAX_SUB_USERS });
  });

  it('edits name, cap, enabled flag and password', async () => {
    const { token } = await registerCustomer(testApp);
    const subUser = (await create(token, { name: 'one', capGb: 2 })).data();
    const edited = await update(token, subUser.id, {
      name: 'renamed',
      capGb: 0.25,
      enabled: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.data()).toMatchObject({
      name: 'renamed',
      capGb: 0.25,
      enabled: false,
      username: subUser.username,
      password: subUser.password,
    });
    const uncapped = (await update(token, subUser.id, { capGb: null })).data();
    expect(uncapped).toMatchObject({ capGb: null, name: 'renamed', enabled: false });
    const reset = (await update(token, subUser.id, { resetPassword: true })).data();
    expect(reset.password).not.toBe(subUser.password);
    expect(reset.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect((await list(token)).items).toEqual([reset]);
  });

  it('refuses a name used by another of the caller’s sub-users, on create and on rename', async () => {
    const { token } = await registerCustomer(testApp);
    const first = (await create(token, { name: 'alpha' })).data();
    const second = (await create(token, { name: 'beta' })).data();
    const clash = await create(token, { name: 'alpha' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: errors.subUserNameTaken.code,
      message: 'A sub-user named "alpha" already exists; choose another name',
    });
    const rename = await update(token, second.id, { name: 'alpha' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().code).toBe(errors.subUserNameTaken.code);
    expect((await list(token)).items.map((item) => item.name)).toEqual(['alpha', 'beta']);
    // Another customer may use the same name.
    const other = await registerCustomer(testApp);
    expect((await create(other.token, { name: 'alpha' })).statusCode).toBe(200);
    expect(first.name).toBe('alpha');
  });

  it('refuses bad names and caps', async () => {
    const { token } = await registerCustomer(testApp);
    const bad: EndpointBody<typeof createSubUser>[] = [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(41) },
      { name: 'two\nlines' },
      { name: 'ok', capGb: 0 },
      { name: 'ok', capGb: -1 },
      { name: 'ok', capGb: 1.234 },
      { name: 'ok', capGb: 2_000_000 },
    ];
    for (const body of bad) {
      const response = await create(token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe(errors.validationFailed.code);
    }
    expect((await list(token)).items).toEqual([]);
    expect((await create(token, { name: 'x'.repeat(40), capGb: 0.01 })).statusCode).toBe(200);
  });

  it('answers 404 for another customer’s sub-user and leaves it alone', async () => {
    const owner = await registerCustomer(testApp);
    const stranger = await registerCustomer(testApp);
    const subUser = (await create(owner.token, { name: 'mine' })).data();
    for (const id of [subUser.id, randomUUID()]) {
      const edit = await update(stranger.token, id, { enabled: false });
      expect(edit.statusCode).toBe(404);
      expect(edit.json().code).toBe(errors.subUserNotFound.code);
      const removed = await callEndpoint(testApp.app, deleteSubUser, {
        token: stranger.token,
        params: { id },
      });
      expect(removed.statusCode).toBe(404);
    }
    expect((await list(owner.token)).items).toEqual([subUser]);
    expect((await list(stranger.token)).items).toEqual([]);

    const removed = await callEndpoint(testApp.app, deleteSubUser, {
      token: owner.token,
      params: { id: subUser.id },
    });
    expect(removed.statusCode).toBe(200);
    expect((await list(owner.token)).items).toEqual([]);
  });

  it(`holds ${MAX_SUB_USERS} sub-users even when creations race`, async () => {
    const { token, user } = await registerCustomer(testApp);
    const db = testApp.database.db;
    await create(token, { name: 'first' });
    // Fill up to two free places directly, then race six creations for them.
    const account = (await callEndpoint(testApp.app, getDynamicAccount, { token })).data();
    await db.insert(subUsers).values(
      Array.from({ length: MAX_SUB_USERS - 3 }, (_, index) => ({
        userId: user.id,
        name: `bulk ${index}`,
        username: `b${account.account.slice(1, 6)}${String(index).padStart(3, '0')}`,
        password: 'test-password',
      })),
    );
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) => create(token, { name: `race ${index}` })),
    );
    expect(results.map((response) => response.statusCode).sort()).toEqual([
      200, 200, 422, 422, 422, 422,
    ]);
    const refused = results.find((response) => response.statusCode === 422)!;
    expect(refused.json()).toMatchObject({
      code: errors.subUserLimitReached.code,
      message: 'You can have at most 50 sub-users; delete one first',
    });
    expect((await list(token)).items).toHaveLength(MAX_SUB_USERS);
  });

  it('refuses two concurrent creations of one name: one wins', async () => {
    const { token } = await registerCustomer(testApp);
    await callEndpoint(testApp.app, getDynamicAccount, { token });
    const results = await Promise.all([
      create(token, { name: 'same' }),
      create(token, { name: 'same' }),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });

  it('needs a session', async () => {
    expect((await callEndpoint(testApp.app, listSubUsers)).statusCode).toBe(401);
  });
});
