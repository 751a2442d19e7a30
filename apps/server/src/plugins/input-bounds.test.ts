// The contract's bounds as the API applies them: numbers beyond their column and text PostgreSQL
// cannot store (NUL) are refused with the validation envelope before any SQL runs, where they
// once failed as 500.
import {
  login as loginEndpoint,
  register as registerEndpoint,
  reportNodeUsage,
  updateMe,
  createStaticIpOrder,
  quoteStaticIpOrder,
  renewInstance,
  renewInstances,
  quoteRenewal,
  listOrders,
  createTopUp,
  updateInstance,
  listInstances,
  listAdminCustomers,
  type EndpointDefinition,
} from '@stratus/contract';
import { eq, orders, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestNode } from '../../test/usage.ts';
import { creditWallet } from '../../test/wallet.ts';
import { seedStaticIpPlan } from '../../test/catalog.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { registerCustomer } from '../../test/accounts.ts';
import { callEndpoint, type CallOptions } from '../../test/call-endpoint.ts';

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
    const registered = await registerCustomer(testApp);
    user = { token: registered.token, id: registered.user.id };
    await creditWallet(db, { userId: user.id, amountFen: 1_000_000n });
    planId = (await seedStaticIpPlan(db, { stock: 3 })).planId;
    const bought = await send(createStaticIpOrder, {
      body: { planId, durationDays: 30, quantity: 1 },
    });
    expect(bought.statusCode).toBe(200);
    instanceId = bought.data().instances[0]?.id ?? '';
    const operator = await registerCustomer(testApp);
    await db.update(users).set({ role: 'owner' }).where(eq(users.id, operator.user.id));
    operatorToken = operator.token;
    nodeKey = (await addTestNode(db)).apiKey;
  });
  afterAll(() => testApp?.close());

  function send<E extends EndpointDefinition>(
    endpoint: E,
    options: CallOptions<E>,
    token = user.token,
  ) {
    return callEndpoint(testApp.app, endpoint, {
      token,
      headers: { 'accept-language': 'en-US' },
      ...options,
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
    const calls = [
      () => send(quoteStaticIpOrder, { body: purchase }),
      () => send(createStaticIpOrder, { body: purchase }),
      () => send(renewInstance, { params: { id: instanceId }, body: tooLong }),
      () => send(renewInstances, { body: renewal }),
      () => send(quoteRenewal, { body: renewal }),
    ];
    for (const call of calls) {
      await expectRefused(await call(), 'durationDays', 'must be at most 3650');
    }
    await expectRefused(
      await send(quoteStaticIpOrder, { body: { ...purchase, durationDays: 3651 } }),
      'durationDays',
      'must be at most 3650',
    );
    expect(await orderCount()).toBe(before);
    const offered = await send(quoteStaticIpOrder, { body: { ...purchase, durationDays: 30 } });
    expect(offered.statusCode).toBe(200);
  });

  it('refuses pages beyond a PostgreSQL integer and amounts beyond exact fen', async () => {
    await expectRefused(
      await send(listOrders, { query: { page: 2147483648 } }),
      'page',
      'must be at most 2147483647',
    );
    expect((await send(listOrders, { query: { page: 2147483647 } })).data().items).toEqual([]);
    await expectRefused(
      await send(createTopUp, { body: { amount: 1e300, channel: 'sandbox' } }),
      'amount',
      'must be at most 90000000000000',
    );
  });

  const singleLine = 'must not contain line breaks or other control characters';

  it('refuses NUL in names, remarks, keywords and batch ids', async () => {
    const register = await callEndpoint(testApp.app, registerEndpoint, {
      body: { email: 'nul@example.com', password: 'abc12345', name: 'Al\u0000ice' },
      headers: { 'accept-language': 'en-US' },
    });
    await expectRefused(register, 'name', singleLine);
    await expectRefused(await send(updateMe, { body: { name: 'a\u0000' } }), 'name', singleLine);
    await expectRefused(
      await send(updateInstance, { params: { id: instanceId }, body: { remark: 'x\u0000y' } }),
      'remark',
      singleLine,
    );
    await expectRefused(
      await send(listInstances, { query: { keyword: '\u0000' } }),
      'keyword',
      singleLine,
    );
    await expectRefused(
      await send(listAdminCustomers, { query: { keyword: 'a\u0000' } }, operatorToken),
      'keyword',
      singleLine,
    );
    const usage = await callEndpoint(testApp.app, reportNodeUsage, {
      token: nodeKey,
      body: { batchId: 'batch\u0000', records: [] },
      headers: { 'accept-language': 'en-US' },
    });
    await expectRefused(usage, 'batchId', singleLine);
    const login = await callEndpoint(testApp.app, loginEndpoint, {
      body: { email: 'nul@example.com', password: 'pass\u0000word' },
      headers: { 'accept-language': 'en-US' },
    });
    await expectRefused(login, 'password', 'must not contain NUL characters');
  });

  it('keeps single-line fields free of line breaks and terminal escapes', async () => {
    for (const remark of ['two\nlines', '\u001b[31mred', 'tab\there']) {
      await expectRefused(
        await send(updateInstance, { params: { id: instanceId }, body: { remark } }),
        'remark',
        singleLine,
      );
    }
    await expectRefused(
      await send(listInstances, { query: { country: 'J\u0000' } }),
      'country',
      'has an invalid format',
    );
    const saved = await send(updateInstance, {
      params: { id: instanceId },
      body: { remark: ' 东京 #1 ' },
    });
    expect(saved.data().remark).toBe('东京 #1');
  });

  it('answers in Chinese by default', async () => {
    const response = await callEndpoint(testApp.app, updateMe, {
      token: user.token,
      body: { name: 'a\u0000' },
    });
    expect(response.json().message).toBe('参数 name 不正确：不能包含换行符或其他控制字符');
  });
});
