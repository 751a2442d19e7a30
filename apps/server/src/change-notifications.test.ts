// How changes reach the other servers on PostgreSQL: a catalog edit notifies inside its own
// transaction; the stock a purchase takes is announced after its commit, coalesced, outside any
// transaction (a notifying transaction holds PostgreSQL's notify lock through its commit, so
// notifying purchases committed one at a time).
import { createStaticIpOrder, updateStaticIpPlan } from '@stratus/contract';
import { createDatabase, sql, type Database } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChangeBus, catalogChanged, type Change } from './change-notifications.ts';
import { creditWallet } from '../test/wallet.ts';
import { seedStaticIpPlan } from '../test/catalog.ts';
import { purchaseStaticIps } from './modules/orders/public.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { registerStaff, registerCustomer } from '../test/accounts.ts';
import { callEndpoint } from '../test/call-endpoint.ts';
import { recordStatements } from '../test/record-statements.ts';

const cachesOn = { SESSION_CACHE_MS: '1000', CATALOG_CACHE_SECONDS: '60' };
/** Generous: the machine running the tests may be very busy. */
const DEADLINE_MS = 20_000;

/** A change's notification (the buses' own heartbeats, `… as heartbeat`, run all the time). */
const notifies = /^(?!.*\bas heartbeat\b).*pg_notify/s;

describe.skipIf(!testEngines.includes('postgres'))('change announcements on postgres', () => {
  let testApp: TestApp;
  /** Another server's bus: its own pool and listening connection on the same database. */
  let other: Database;
  let otherBus: ChangeBus;
  const heard: string[] = [];
  let recording: ReturnType<typeof recordStatements> | undefined;

  beforeAll(async () => {
    testApp = await createTestApp('postgres', { env: cachesOn });
    other = await createDatabase({ url: testApp.database.url! });
    otherBus = new ChangeBus();
    await otherBus.start(other);
    otherBus.subscribe((change: Change | 'everything') =>
      heard.push(
        change === 'everything'
          ? change
          : change.topic === 'auth'
            ? `auth:${change.userId}`
            : change.topic,
      ),
    );
  });
  afterEach(() => recording?.stop());
  afterAll(async () => {
    await otherBus?.close();
    await other?.close();
    await testApp?.close();
  });

  let sentinels = 0;
  /**
   * Waits until the other server has heard everything announced so far (what is owed sent, then
   * a marker notification behind it), then forgets what it heard.
   */
  const drain = async () => {
    await testApp.app.changeBus.flushAnnouncements();
    const sentinel = `auth:sentinel-${(sentinels += 1)}`;
    await testApp.database.db.execute(sql`select pg_notify('stratus_changes', ${sentinel})`);
    await expect.poll(() => heard.includes(sentinel), { timeout: DEADLINE_MS }).toBe(true);
    const before = heard.splice(0);
    return before.slice(0, before.indexOf(sentinel));
  };

  const fundedBuyer = async () => {
    const { token, user } = await registerCustomer(testApp);
    await creditWallet(testApp.database.db, { userId: user.id, amountFen: 100_000n });
    return { token, userId: user.id };
  };

  it('tells another server of a purchase after its commit, from outside its transaction', async () => {
    const { token } = await fundedBuyer();
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 3 });
    await drain();

    recording = recordStatements();
    const bought = await callEndpoint(testApp.app, createStaticIpOrder, {
      token,
      body: { planId: plan.planId, durationDays: 30, quantity: 1 },
    });
    expect(bought.statusCode).toBe(200);
    await expect.poll(() => heard.includes('catalog'), { timeout: DEADLINE_MS }).toBe(true);
    recording.stop();

    // The purchase is ONE autocommit statement (orders/repo.ts): committed when it answers, and
    // the notification is sent afterwards, on its own.
    expect(recording.transactionsWith(/insert into "proxy_instances"/)).toEqual([]);
    const [purchase, ...others] = recording.outsideTransactions(/insert into "proxy_instances"/);
    expect(others).toEqual([]);
    expect(purchase).not.toMatch(notifies);
    expect(recording.outsideTransactions(notifies)).toHaveLength(1);
  });

  it('sends purchases announced together as one notification', async () => {
    await drain();
    for (let i = 0; i < 10; i += 1) testApp.app.changeBus.announceSoon(catalogChanged);
    expect(await drain()).toEqual(['catalog']);
  });

  it('announces a catalog edit inside its transaction, as before', async () => {
    const plan = await seedStaticIpPlan(testApp.database.db, { pricesFen: { 30: 3000n } });
    const owner = await registerStaff(testApp, 'owner');
    await drain();

    recording = recordStatements();
    const repriced = await callEndpoint(testApp.app, updateStaticIpPlan, {
      token: owner.token,
      params: { id: plan.planId },
      body: { prices: [{ durationDays: 30, price: 45 }] },
    });
    expect(repriced.statusCode).toBe(200);
    recording.stop();

    const [edit] = recording.transactionsWith(/"plan_prices"/);
    expect(edit?.at(-1)).toMatch(/^commit/i);
    expect(edit?.filter((statement) => notifies.test(statement))).toHaveLength(1);
    expect(recording.outsideTransactions(notifies)).toEqual([]);
    expect(await drain()).toContain('catalog');
  });

  it('announces in the transaction a caller holds, so a rollback announces nothing', async () => {
    const { userId } = await fundedBuyer();
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 3 });
    const purchase = { planId: plan.planId, durationDays: 30, quantity: 1, autoRenew: false };
    await drain();

    class Undo extends Error {}
    await expect(
      testApp.database.db.transaction(async (tx) => {
        await purchaseStaticIps({ db: tx, userId, locale: 'en-US', purchase });
        throw new Undo();
      }),
    ).rejects.toBeInstanceOf(Undo);
    expect(await drain()).toEqual([]);

    await testApp.database.db.transaction((tx) =>
      purchaseStaticIps({ db: tx, userId, locale: 'en-US', purchase }),
    );
    expect(await drain()).toEqual(['catalog']);
  });
});
