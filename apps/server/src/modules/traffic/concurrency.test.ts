// Many purchases at once from a wallet that covers exactly one: one wins, the rest are refused
// for money, and nothing is half-applied. PostgreSQL runs them truly concurrently (the guarded
// balance UPDATE queues them on the wallet row); PGlite serialises the transactions.
import { createTrafficOrder } from '@stratus/contract';
import { eq, ledgerEntries, orders, trafficPackages, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { seedTrafficPlan } from '../../../test/traffic.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

const PRICE_FEN = 12_000n;
const REQUESTS = 5;

describe.each(testEngines)('concurrent traffic purchases on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  it('sells exactly one package when the balance covers exactly one', async () => {
    const db = testApp.database.db;
    const plan = await seedTrafficPlan(db, { gb: 10, priceFen: PRICE_FEN });
    const { token, user } = await registerCustomer(testApp);
    await creditWallet(db, { userId: user.id, amountFen: PRICE_FEN });

    const responses = await Promise.all(
      Array.from({ length: REQUESTS }, () =>
        callEndpoint(testApp.app, createTrafficOrder, {
          token,
          body: { planId: plan.id, quantity: 1 },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422]);
    for (const response of responses.filter((response) => response.statusCode === 422)) {
      expect(response.json().code).toBe(30101);
    }

    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, user.id));
    expect(wallet?.balanceFen).toBe(0n);
    const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
    expect(ledger.map((entry) => entry.type).sort()).toEqual(['topup', 'traffic_purchase']);
    expect(ledger.every((entry) => entry.balanceAfterFen >= 0n)).toBe(true);
    expect(ledger.reduce((sum, entry) => sum + entry.amountFen, 0n)).toBe(0n);
    expect(await db.$count(orders, eq(orders.userId, user.id))).toBe(1);
    expect(await db.$count(trafficPackages, eq(trafficPackages.userId, user.id))).toBe(1);
  });
});
