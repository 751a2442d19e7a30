// Many customers buying at once: the money and the stock must both add up afterwards, on
// PostgreSQL (real concurrency, SKIP LOCKED) and on PGlite (which serialises the transactions).
import { eq, ipAddresses, ledgerEntries, proxyInstances, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../testing.ts';
import { creditWallet, seedStaticIpPlan } from '../catalog/testing.ts';

const PRICE_FEN = 3_000n;
const STOCK = 30;
const USERS = 10;
const REQUESTS = 50;

describe.each(testEngines)('concurrent static-IP purchases on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  it('never oversells, never overdraws, and keeps every ledger equal to its balance', async () => {
    const db = testApp.database.db;
    const plan = await seedStaticIpPlan(db, { stock: STOCK, pricesFen: { 30: PRICE_FEN } });
    // Three users cannot pay at all, three can pay for 4 IPs, four for 10: the money covers 52
    // IPs and the requests ask for 100, so both stock and balance failures must happen.
    const topUpIps = [0, 0, 0, 4, 4, 4, 10, 10, 10, 10];
    const users: (Awaited<ReturnType<typeof registerUser>> & { topUpFen: bigint })[] = [];
    for (let index = 0; index < USERS; index += 1) {
      const registered = await registerUser(testApp.app);
      const topUpFen = PRICE_FEN * BigInt(topUpIps[index] ?? 0);
      if (topUpFen > 0n)
        await creditWallet(db, { userId: registered.user.id, amountFen: topUpFen });
      users.push({ ...registered, topUpFen });
    }

    const requests = Array.from({ length: REQUESTS }, (_, index) => ({
      user: users[index % USERS]!,
      quantity: 1 + (index % 3),
    }));
    const responses = await Promise.all(
      requests.map(({ user, quantity }) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/orders/static-ip',
          headers: bearer(user.token),
          payload: { planId: plan.planId, durationDays: 30, quantity },
        }),
      ),
    );

    const outcomes = responses.map((response, index) => ({
      ...requests[index]!,
      status: response.statusCode,
      code: response.json().code as number,
    }));
    for (const outcome of outcomes) {
      expect([
        [200, 0],
        [409, 40101],
        [422, 30101],
      ]).toContainEqual([outcome.status, outcome.code]);
    }
    const successes = outcomes.filter((outcome) => outcome.status === 200);
    const soldIps = successes.reduce((sum, outcome) => sum + outcome.quantity, 0);
    expect(successes.length).toBeGreaterThan(0);
    expect(outcomes.some((outcome) => outcome.status === 409)).toBe(true);
    expect(outcomes.some((outcome) => outcome.status === 422)).toBe(true);
    expect(soldIps).toBeLessThanOrEqual(STOCK);

    // Stock: exactly the sold IPs are allocated, each to exactly one active instance.
    const instances = await db.select().from(proxyInstances);
    const ips = await db.select().from(ipAddresses).where(eq(ipAddresses.regionId, plan.regionId));
    expect(instances).toHaveLength(soldIps);
    expect(new Set(instances.map((instance) => instance.ipAddressId)).size).toBe(soldIps);
    expect(ips.filter((ip) => ip.status === 'allocated')).toHaveLength(soldIps);
    expect(ips.filter((ip) => ip.status === 'available')).toHaveLength(STOCK - soldIps);

    // Money: per user, debits = what their successes cost ≤ their top-up, ledger sum = balance.
    for (const user of users) {
      const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, user.user.id));
      const ledger = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, user.user.id));
      const balance = wallet?.balanceFen ?? -1n;
      expect(balance).toBeGreaterThanOrEqual(0n);
      expect(ledger.reduce((sum, entry) => sum + entry.amountFen, 0n)).toBe(balance);
      const bought = successes
        .filter((outcome) => outcome.user === user)
        .reduce((sum, outcome) => sum + outcome.quantity, 0);
      expect(user.topUpFen - balance).toBe(PRICE_FEN * BigInt(bought));
      expect(user.topUpFen - balance).toBeLessThanOrEqual(user.topUpFen);
      expect(instances.filter((instance) => instance.userId === user.user.id)).toHaveLength(bought);
      // Balances only fall, so a refusal for money still holds at the end.
      for (const refused of outcomes.filter(
        (outcome) => outcome.user === user && outcome.status === 422,
      )) {
        expect(balance).toBeLessThan(PRICE_FEN * BigInt(refused.quantity));
      }
    }
  });
});
