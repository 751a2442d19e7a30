import {
  createStaticIpOrder,
  createTrafficOrder,
  type EndpointBody,
  type EndpointDefinition,
} from '@stratus/contract';
import { eq, orders, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { seedTrafficPlan } from '../../../test/traffic.ts';

describe.each(testEngines)('Idempotency-Key of purchases on %s', (engine) => {
  let testApp: TestApp;
  let staticBody: EndpointBody<typeof createStaticIpOrder>;
  let trafficBody: EndpointBody<typeof createTrafficOrder>;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    const db = testApp.database.db;
    const plan = await seedStaticIpPlan(db, { stock: 10 });
    staticBody = { planId: plan.planId, durationDays: 30, quantity: 1 };
    trafficBody = { planId: (await seedTrafficPlan(db)).id, quantity: 1 };
  });
  afterAll(() => testApp?.close());

  const customer = async () => {
    const registered = await registerCustomer(testApp);
    await creditWallet(testApp.database.db, { userId: registered.user.id, amountFen: 100_000n });
    return registered;
  };
  const post = <E extends EndpointDefinition>(
    token: string,
    endpoint: E,
    body: EndpointBody<E>,
    key: string,
  ) =>
    callEndpoint(testApp.app, endpoint, {
      token,
      body,
      headers: { 'accept-language': 'en-US', 'idempotency-key': key },
    });
  const ordersOf = (userId: string) =>
    testApp.database.db.select().from(orders).where(eq(orders.userId, userId));
  const balanceOf = async (userId: string) =>
    (await testApp.database.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]
      ?.balanceFen;

  it('refuses a blank key with 400 and buys nothing, however often it is sent', async () => {
    const { token, user } = await customer();
    for (const buy of [
      (key: string) => post(token, createStaticIpOrder, staticBody, key),
      (key: string) => post(token, createTrafficOrder, trafficBody, key),
    ]) {
      for (const key of ['', ' ', '   ', '\t']) {
        const response = await buy(key);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 10001,
          message: 'Invalid idempotency-key: is required',
          data: { field: 'idempotency-key' },
        });
      }
    }
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await balanceOf(user.id)).toBe(100_000n);
  });

  it('refuses a key with control characters and takes a padded key as the same key', async () => {
    const { token, user } = await customer();
    const control = await post(token, createStaticIpOrder, staticBody, 'key\u007fone');
    expect(control.statusCode).toBe(400);
    const first = await post(token, createStaticIpOrder, staticBody, 'key-one');
    const padded = await post(token, createStaticIpOrder, staticBody, '  key-one ');
    expect(first.statusCode).toBe(200);
    expect(padded.data().order.id).toBe(first.data().order.id);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });
});
