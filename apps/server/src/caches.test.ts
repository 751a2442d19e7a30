// The in-memory caches on the serving server: revocations take effect on the very next request,
// catalog writes and stock changes show at once, and a dropped listener makes everything stale.
import {
  changePassword,
  createStaticIpOrder,
  getWallet,
  listStaticIpCatalog,
  login,
  logout,
  rotateApiToken,
} from '@stratus/contract';
import { queryRows, sql } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditWallet } from '../test/wallet.ts';
import { seedStaticIpPlan } from '../test/catalog.ts';
import { createTestApp, testPassword, type TestApp } from '../test/app.ts';
import { registerCustomer, sessionOf } from '../test/accounts.ts';
import { callEndpoint } from '../test/call-endpoint.ts';

/** Both caches on, as in production (the other suites switch them off). */
const cachesOn = { SESSION_CACHE_MS: '1000', CATALOG_CACHE_SECONDS: '60' };

describe.each(testEngines)('caches on the serving server on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine, { env: cachesOn });
  });
  afterAll(() => testApp.close());

  const walletStatus = async (token: string) =>
    (await callEndpoint(testApp.app, getWallet, { token })).statusCode;

  it('refuses a session on the request right after its logout', async () => {
    const { token } = await registerCustomer(testApp);
    expect(await walletStatus(token)).toBe(200);
    expect(await walletStatus(token)).toBe(200);
    expect(testApp.app.sessionCache.size).toBeGreaterThan(0);
    expect((await callEndpoint(testApp.app, logout, { token })).statusCode).toBe(200);
    expect(await walletStatus(token)).toBe(401);
  });

  it('refuses the other sessions on the request right after a password change', async () => {
    const { token, email } = await registerCustomer(testApp);
    const other = sessionOf(
      (await callEndpoint(testApp.app, login, { body: { email, password: testPassword } })).data(),
    ).token;
    expect(await walletStatus(other)).toBe(200);
    const changed = await callEndpoint(testApp.app, changePassword, {
      token,
      body: { currentPassword: testPassword, newPassword: 'another horse 77 battery' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await walletStatus(other)).toBe(401);
    expect(await walletStatus(token)).toBe(200);
  });

  it('refuses a replaced API token on the request right after the rotation', async () => {
    const { token, user } = await registerCustomer(testApp);
    expect(await walletStatus(user.apiToken)).toBe(200);
    const rotated = await callEndpoint(testApp.app, rotateApiToken, { token });
    expect(rotated.statusCode).toBe(200);
    expect(await walletStatus(user.apiToken)).toBe(401);
    expect(await walletStatus(rotated.data().apiToken)).toBe(200);
  });

  it('confirms with its heartbeat that changes arrive, so sessions stay cached past a second', async () => {
    const before = performance.now();
    await expect
      .poll(() => testApp.app.changeBus.deliveredUpTo > before, { timeout: 20_000 })
      .toBe(true);
  });

  it('shows a purchase in the stock on the next catalog read', async () => {
    const { token, user } = await registerCustomer(testApp);
    await creditWallet(testApp.database.db, { userId: user.id, amountFen: 100_000n });
    const plan = await seedStaticIpPlan(testApp.database.db, {
      stock: 3,
      pricesFen: { 30: 3000n },
    });
    const stockOf = async () => {
      const catalog = await callEndpoint(testApp.app, listStaticIpCatalog, { token });
      return catalog.data().items.find((item) => item.id === plan.planId)?.stock;
    };
    expect(await stockOf()).toBe(3);
    const bought = await callEndpoint(testApp.app, createStaticIpOrder, {
      token,
      body: { planId: plan.planId, durationDays: 30, quantity: 1 },
    });
    expect(bought.statusCode).toBe(200);
    expect(await stockOf()).toBe(2);
  });
});

describe.skipIf(!testEngines.includes('postgres'))('the change bus on postgres', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('postgres', { env: cachesOn });
  });
  afterAll(() => testApp.close());

  it('treats every cache as stale when its listening connection drops, and listens again', async () => {
    const { token } = await registerCustomer(testApp);
    const seen: string[] = [];
    testApp.app.changeBus.subscribe((change) =>
      seen.push(change === 'everything' ? change : change.topic),
    );
    expect((await callEndpoint(testApp.app, getWallet, { token })).statusCode).toBe(200);
    expect(testApp.app.sessionCache.size).toBeGreaterThan(0);
    expect(testApp.app.changeBus.listening).toBe(true);

    const [terminated] = await queryRows<{ count: number }>(
      testApp.database.db,
      sql`select count(pg_terminate_backend(pid))::int as count from pg_stat_activity
          where datname = current_database() and query ilike 'listen %'`,
    );
    expect(terminated?.count).toBe(1);

    // Reported once at the drop and once after the reconnect.
    await expect
      .poll(() => seen.filter((change) => change === 'everything').length, {
        timeout: 20_000,
      })
      .toBe(2);
    expect(testApp.app.sessionCache.size).toBe(0);
    expect(testApp.app.changeBus.listening).toBe(true);

    // Listening again: a change announced by any writer arrives.
    await testApp.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('stratus_changes', 'catalog')`);
    });
    await expect.poll(() => seen.at(-1), { timeout: 20_000 }).toBe('catalog');
  });
});
