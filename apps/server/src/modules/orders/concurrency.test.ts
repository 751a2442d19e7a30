// Many customers buying at once: the money and the stock must both add up afterwards, and every
// refusal must still hold once all purchases have settled, on PostgreSQL (real concurrency, SKIP
// LOCKED) and on PGlite (which serialises the transactions).
import { createStaticIpOrder } from '@stratus/contract';
import {
  eq,
  idempotencyKeys,
  ipAddresses,
  ledgerEntries,
  orders,
  proxyInstances,
  wallets,
} from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

const PRICE_FEN = 3_000n;
const STOCK = 40;
const REQUESTS = 50;
// More than the whole stock: paid for, so it passes the debit and locks every IP it can before it
// is refused and rolls back, while the others are buying.
const WHALE_QUANTITY = STOCK + 1;

/** Per customer: the IPs each of their requests asks for, and how many such requests they can pay. */
const customers = [
  { quantity: 1, paidRequests: 0 },
  { quantity: 2, paidRequests: 0 },
  { quantity: WHALE_QUANTITY, paidRequests: 1 },
  { quantity: WHALE_QUANTITY, paidRequests: 1 },
  { quantity: 1, paidRequests: 3 },
  { quantity: 2, paidRequests: 2 },
  { quantity: 3, paidRequests: 3 },
  { quantity: 1, paidRequests: 5 },
  { quantity: 2, paidRequests: 5 },
  { quantity: 3, paidRequests: 2 },
];
const REQUESTS_EACH = REQUESTS / customers.length;
// What the money allows: each customer's paid requests, as far as they make them; a whale's buys
// nothing whatever the money. 37 IPs, so 3 of the stock stay unsold, at least as many as any
// buyer asks for at once: a buyer refused for stock would be refused wrongly.
const MONEY_ALLOWS_IPS = customers.reduce(
  (sum, { quantity, paidRequests }) =>
    quantity > STOCK ? sum : sum + quantity * Math.min(paidRequests, REQUESTS_EACH),
  0,
);

describe.each(testEngines)('concurrent static-IP purchases on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  it('never oversells or overdraws, keeps ledgers equal to balances, refuses only what it must', async () => {
    const db = testApp.database.db;
    const plan = await seedStaticIpPlan(db, { stock: STOCK, pricesFen: { 30: PRICE_FEN } });
    const users: (Awaited<ReturnType<typeof registerCustomer>> & { topUpFen: bigint })[] = [];
    for (const { quantity, paidRequests } of customers) {
      const registered = await registerCustomer(testApp);
      const topUpFen = PRICE_FEN * BigInt(quantity * paidRequests);
      if (topUpFen > 0n)
        await creditWallet(db, { userId: registered.user.id, amountFen: topUpFen });
      users.push({ ...registered, topUpFen });
    }

    // Interleaved, so whales are rolling back while the others buy.
    const requests = Array.from({ length: REQUESTS }, (_, index) => ({
      user: users[index % customers.length]!,
      quantity: customers[index % customers.length]!.quantity,
    }));
    const responses = await Promise.all(
      requests.map(({ user, quantity }) =>
        callEndpoint(testApp.app, createStaticIpOrder, {
          token: user.token,
          body: { planId: plan.planId, durationDays: 30, quantity },
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
    // Stock only falls here, so a justified refusal for stock still holds at the end; one made
    // because the IPs were locked by a purchase that then rolled back does not.
    const unsold = STOCK - soldIps;
    for (const refused of outcomes.filter((outcome) => outcome.status === 409)) {
      expect(unsold, `refused ${refused.quantity} IPs for stock`).toBeLessThan(refused.quantity);
    }
    expect(soldIps).toBe(Math.min(STOCK, MONEY_ALLOWS_IPS));

    // Stock: exactly the sold IPs are allocated, each to exactly one active instance.
    const instances = await db.select().from(proxyInstances);
    const ips = await db.select().from(ipAddresses).where(eq(ipAddresses.regionId, plan.regionId));
    expect(instances).toHaveLength(soldIps);
    expect(new Set(instances.map((instance) => instance.ipAddressId)).size).toBe(soldIps);
    expect(ips.filter((ip) => ip.status === 'allocated')).toHaveLength(soldIps);
    expect(ips.filter((ip) => ip.status === 'available')).toHaveLength(unsold);

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
  /** Everything purchases change for one customer and one plan's region. */
  const stateOf = async (userId: string, regionId: string) => {
    const db = testApp.database.db;
    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId));
    return {
      balanceFen: wallet?.balanceFen,
      ledger: await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)),
      orders: await db.select().from(orders).where(eq(orders.userId, userId)),
      keys: await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId)),
      instances: await db.select().from(proxyInstances).where(eq(proxyInstances.userId, userId)),
      allocated: (
        await db.select().from(ipAddresses).where(eq(ipAddresses.regionId, regionId))
      ).filter((ip) => ip.status === 'allocated'),
    };
  };

  it('buys once for one key sent many times at once, and answers every copy with that order', async () => {
    const db = testApp.database.db;
    const plan = await seedStaticIpPlan(db, { stock: 10, pricesFen: { 30: PRICE_FEN } });
    const { token, user } = await registerCustomer(testApp);
    await creditWallet(db, { userId: user.id, amountFen: PRICE_FEN * 5n });
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        callEndpoint(testApp.app, createStaticIpOrder, {
          token,
          headers: { 'idempotency-key': 'same-key-at-once' },
          body: { planId: plan.planId, durationDays: 30, quantity: 1 },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const [first, ...others] = responses.map((response) => response.data());
    for (const other of others) expect(other).toEqual(first);

    const state = await stateOf(user.id, plan.regionId);
    expect(state.balanceFen).toBe(PRICE_FEN * 4n);
    expect(state.ledger.filter((entry) => entry.amountFen < 0n)).toHaveLength(1);
    expect(state.orders.map((order) => order.id)).toEqual([first?.order.id]);
    expect(state.keys.map((key) => key.orderId)).toEqual([first?.order.id]);
    expect(state.instances).toHaveLength(1);
    expect(state.allocated.map((ip) => ip.id)).toEqual([state.instances[0]?.ipAddressId]);
  });

  it('sells exactly what one wallet covers to many purchases at once, one order per key', async () => {
    const db = testApp.database.db;
    const COVERED = 5;
    const plan = await seedStaticIpPlan(db, { stock: 20, pricesFen: { 30: PRICE_FEN } });
    const { token, user } = await registerCustomer(testApp);
    await creditWallet(db, { userId: user.id, amountFen: PRICE_FEN * BigInt(COVERED) });
    // Half with a key of their own, half without: both kinds of the one statement race.
    const keys = Array.from({ length: 16 }, (_, index) =>
      index % 2 === 0 ? `wallet-race-${index}` : undefined,
    );
    const responses = await Promise.all(
      keys.map((key) =>
        callEndpoint(testApp.app, createStaticIpOrder, {
          token,
          headers: key === undefined ? undefined : { 'idempotency-key': key },
          body: { planId: plan.planId, durationDays: 30, quantity: 1 },
        }),
      ),
    );
    const outcomes = responses.map((response) => [response.statusCode, response.json().code]);
    expect(outcomes.filter(([status]) => status === 200)).toHaveLength(COVERED);
    expect(outcomes.filter(([status, code]) => status === 422 && code === 30101)).toHaveLength(
      keys.length - COVERED,
    );

    const state = await stateOf(user.id, plan.regionId);
    expect(state.balanceFen).toBe(0n);
    expect(state.ledger.reduce((sum, entry) => sum + entry.amountFen, 0n)).toBe(0n);
    expect(state.ledger.filter((entry) => entry.amountFen < 0n)).toHaveLength(COVERED);
    expect(state.orders).toHaveLength(COVERED);
    expect(state.instances).toHaveLength(COVERED);
    expect(new Set(state.instances.map((instance) => instance.ipAddressId)).size).toBe(COVERED);
    expect(state.allocated).toHaveLength(COVERED);
    // A key exists exactly for each purchase with a key that bought, linked to its own order.
    const boughtWithKey = responses
      .map((response, index) => ({ response, key: keys[index] }))
      .filter(({ response, key }) => key !== undefined && response.statusCode === 200);
    expect(
      state.keys.map((key) => [key.key, key.orderId]).sort(([a], [b]) => (a! < b! ? -1 : 1)),
    ).toEqual(
      boughtWithKey
        .map(({ response, key }) => [key, response.data().order.id])
        .sort(([a], [b]) => (a! < b! ? -1 : 1)),
    );
  });
});
