// The contract's bounds as the API applies them: numbers beyond their column and text PostgreSQL
// cannot store (NUL) are refused with the validation envelope before any SQL runs, where they
// once failed as 500.
import { eq, orders, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestNode } from '../modules/usage/testing.ts';
import { creditWallet, seedStaticIpPlan } from '../modules/catalog/testing.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../testing.ts';

describe.each(testEngines)('bounded input on %s', (engine) => {
  let testApp: TestApp;
  let user: { token: string; id: string };
  let operatorToken: string;
  let nodeKey: string;
  let planId: string;
  let instanceId: string;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    const db = testApp.database.db;
    const registered = await registerUser(testApp.app);
    user = { token: registered.token, id: registered.user.id };
    await creditWallet(db, { userId: user.id, amountFen: 1_000_000n });
    planId = (await seedStaticIpPlan(db, { stock: 3 })).planId;
    const bought = await send('POST', '/api/orders/static-ip', {
      planId,
      durationDays: 30,
      quantity: 1,
    });
    expect(bought.statusCode).toBe(200);
    instanceId = bought.json().data.instances[0].id;
    const operator = await registerUser(testApp.app);
    await db.update(users).set({ role: 'operator' }).where(eq(users.id, operator.user.id));
    operatorToken = operator.token;
    nodeKey = (await addTestNode(db)).apiKey;
  });
  afterAll(() => testApp?.close());

  function send(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token?: string) {
    return testApp.app.inject({
      method,
      url,
      headers: { ...bearer(token ?? user.token), 'accept-language': 'en-US' },
      ...(payload ? { payload } : {}),
    });
  }

  async function expectRefused(
    response: Awaited<ReturnType<typeof send>>,
    field: string,
    reason: string,
  ) {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 10001,
      message: `Invalid ${field}: ${reason}`,
      data: { field },
    });
  }

  const orderCount = async () =>
    (await testApp.database.db.select().from(orders).where(eq(orders.userId, user.id))).length;

  it('refuses durationDays of 2^31 on quotes, purchases and renewals, buying nothing', async () => {
    const before = await orderCount();
    const tooLong = { durationDays: 2 ** 31 };
    const purchase = { planId, quantity: 1, ...tooLong };
    const renewal = { ids: [instanceId], ...tooLong };
    const calls: [string, object][] = [
      ['/api/orders/static-ip/quote', purchase],
      ['/api/orders/static-ip', purchase],
      [`/api/proxy/instances/${instanceId}/renew`, tooLong],
      ['/api/proxy/instances/renew', renewal],
      ['/api/proxy/instances/renew/quote', renewal],
    ];
    for (const [url, payload] of calls) {
      await expectRefused(await send('POST', url, payload), 'durationDays', 'must be at most 3650');
    }
    await expectRefused(
      await send('POST', '/api/orders/static-ip/quote', { ...purchase, durationDays: 3651 }),
      'durationDays',
      'must be at most 3650',
    );
    expect(await orderCount()).toBe(before);
    const offered = await send('POST', '/api/orders/static-ip/quote', {
      ...purchase,
      durationDays: 30,
    });
    expect(offered.statusCode).toBe(200);
  });

  it('refuses pages beyond a PostgreSQL integer and amounts beyond exact fen', async () => {
    await expectRefused(
      await send('GET', '/api/orders?page=2147483648'),
      'page',
      'must be at most 2147483647',
    );
    expect((await send('GET', '/api/orders?page=2147483647')).json().data.items).toEqual([]);
    await expectRefused(
      await send('POST', '/api/user/wallet/topup', { amount: 1e300, channel: 'sandbox' }),
      'amount',
      'must be at most 90000000000000',
    );
  });

  const singleLine = 'must not contain line breaks or other control characters';

  it('refuses NUL in names, remarks, keywords and batch ids', async () => {
    const register = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'en-US' },
      payload: { email: 'nul@example.com', password: 'abc12345', name: 'Al\u0000ice' },
    });
    await expectRefused(register, 'name', singleLine);
    await expectRefused(
      await send('PATCH', '/api/user/me', { name: 'a\u0000' }),
      'name',
      singleLine,
    );
    await expectRefused(
      await send('PATCH', `/api/proxy/instances/${instanceId}`, { remark: 'x\u0000y' }),
      'remark',
      singleLine,
    );
    await expectRefused(
      await send('GET', '/api/proxy/instances?keyword=%00'),
      'keyword',
      singleLine,
    );
    await expectRefused(
      await send('GET', '/api/admin/users?keyword=a%00', undefined, operatorToken),
      'keyword',
      singleLine,
    );
    const usage = await testApp.app.inject({
      method: 'POST',
      url: '/api/node/usage',
      headers: { ...bearer(nodeKey), 'accept-language': 'en-US' },
      payload: { batchId: 'batch\u0000', records: [] },
    });
    await expectRefused(usage, 'batchId', singleLine);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'en-US' },
      payload: { email: 'nul@example.com', password: 'pass\u0000word' },
    });
    await expectRefused(login, 'password', 'must not contain NUL characters');
  });

  it('keeps single-line fields free of line breaks and terminal escapes', async () => {
    for (const remark of ['two\nlines', '\u001b[31mred', 'tab\there']) {
      await expectRefused(
        await send('PATCH', `/api/proxy/instances/${instanceId}`, { remark }),
        'remark',
        singleLine,
      );
    }
    await expectRefused(
      await send('GET', '/api/proxy/instances?country=J%00'),
      'country',
      'has an invalid format',
    );
    const saved = await send('PATCH', `/api/proxy/instances/${instanceId}`, {
      remark: ' 东京 #1 ',
    });
    expect(saved.json().data.remark).toBe('东京 #1');
  });

  it('answers in Chinese by default', async () => {
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/user/me',
      headers: bearer(user.token),
      payload: { name: 'a\u0000' },
    });
    expect(response.json().message).toBe('参数 name 不正确：不能包含换行符或其他控制字符');
  });
});
