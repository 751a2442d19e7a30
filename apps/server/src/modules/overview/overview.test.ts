import { getOverview } from '@stratus/contract';
import { randomUUID } from 'node:crypto';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDayOf, startOfBusinessDay } from '../../business-time.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { creditWallet } from '../../../test/wallet.ts';
import {
  addTestNode,
  insertDynamicAccount,
  insertInstance,
  insertOrder,
  insertTrafficPackage,
  sendUsage,
} from '../../../test/usage.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

describe.each(testEngines)('overview on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  it('adds up balance, live IPs, traffic, 30 days of usage and the newest orders', async () => {
    const db = testApp.database.db;
    const { token, user } = await registerCustomer(testApp);
    const userId = user.id;
    await creditWallet(db, { userId, amountFen: 12_345n });
    // The node that reports the usage below serves the instance and has a dynamic pool.
    const node = await addTestNode(db);
    await insertDynamicAccount(db, userId);
    const instance = await insertInstance(db, { userId, nodeId: node.id, expiresAt: inDays(30) });
    await insertInstance(db, { userId, expiresAt: inDays(3) });
    // Still marked active but past its expiry (the expiry job has not run yet), and expired.
    await insertInstance(db, { userId, expiresAt: inDays(-1) });
    await insertInstance(db, { userId, expiresAt: inDays(-5), status: 'expired' });

    await insertTrafficPackage(db, {
      userId,
      totalBytes: 4000n,
      usedBytes: 1000n,
      expiresAt: inDays(10),
    });
    await insertTrafficPackage(db, { userId, totalBytes: 2000n, expiresAt: inDays(20) });
    await insertTrafficPackage(db, { userId, totalBytes: 9000n, expiresAt: inDays(-1) });
    await insertTrafficPackage(db, {
      userId,
      totalBytes: 500n,
      usedBytes: 500n,
      status: 'exhausted',
      expiresAt: inDays(5),
    });

    const now = Date.now();
    await sendUsage(testApp.app, node.apiKey, randomUUID(), [
      {
        kind: 'static',
        subject: instance,
        bytesUp: 10,
        bytesDown: 20,
        at: new Date(now).toISOString(),
      },
      {
        kind: 'dynamic',
        subject: userId,
        bytesUp: 100,
        bytesDown: 200,
        at: new Date(now - 3 * DAY_MS).toISOString(),
      },
      // Beyond the 30 days shown.
      {
        kind: 'dynamic',
        subject: userId,
        bytesUp: 7,
        bytesDown: 7,
        at: new Date(now - 40 * DAY_MS).toISOString(),
      },
    ]);

    const newest: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      newest.unshift(await insertOrder(db, { userId, createdAt: new Date(now - index * 60_000) }));
    }
    newest.reverse();

    const response = await callEndpoint(testApp.app, getOverview, { token });
    expect(response.statusCode).toBe(200);
    const overview = response.data();
    expect(overview).toMatchObject({
      balance: 123.45,
      activeInstances: 2,
      expiringWithin7Days: 1,
      // 5000 were left; both dynamic records (314 bytes) drew on them, whenever they were metered.
      traffic: { activePackages: 2, totalBytes: 6000, remainingBytes: 4686 },
    });
    expect(overview.usage.granularity).toBe('day');
    expect(overview.usage.buckets).toHaveLength(30);
    // The last bucket is today in the business time zone (China), whatever the server's clock.
    const today = businessDayOf(new Date(now));
    expect(overview.usage.buckets.at(-1)?.at).toBe(startOfBusinessDay(today).toISOString());
    expect(overview.usage.totals).toEqual({ bytesUp: 110, bytesDown: 220 });
    expect(overview.recentOrders.map((order: { id: string }) => order.id)).toEqual(
      newest.slice(0, 5),
    );

    const anonymous = await callEndpoint(testApp.app, getOverview);
    expect(anonymous.statusCode).toBe(401);
  });
});
