// Purchases racing an operator quarantining half the pool: no address is sold once quarantined,
// and the stock, the money and the history all add up afterwards, on PostgreSQL (real
// concurrency, SKIP LOCKED) and on PGlite (which serialises the transactions).
import { createStaticIpOrder, quarantineAdminIp } from '@stratus/contract';
import {
  asc,
  auditLog,
  eq,
  ipAddressEvents,
  ipAddresses,
  ledgerEntries,
  proxyInstances,
  wallets,
} from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerStaff } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { availableCount, catalogStock, seedPool } from '../../../test/inventory.ts';

const POOL = 20;
const PURCHASES = 20;
const PRICE_FEN = 3_000n;

describe.each(testEngines)('purchases racing quarantines on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  it('never sells a quarantined address, and stock, money and history add up', async () => {
    const db = testApp.database.db;
    const pool = await seedPool(db, { stock: POOL, pricesFen: { 30: PRICE_FEN } });
    const ops = await registerStaff(testApp, 'ops');
    const customers: Awaited<ReturnType<typeof registerCustomer>>[] = [];
    for (let index = 0; index < PURCHASES; index += 1) {
      const customer = await registerCustomer(testApp);
      await creditWallet(db, { userId: customer.id, amountFen: PRICE_FEN });
      customers.push(customer);
    }
    // Purchases take the lowest addresses first: quarantine every other one of those, so the
    // two kinds of request fight over the same rows.
    const addresses = await db
      .select()
      .from(ipAddresses)
      .where(eq(ipAddresses.regionId, pool.regionId))
      .orderBy(asc(ipAddresses.address));
    const targets = addresses.filter((_row, index) => index % 2 === 0).map((row) => row.id);

    const purchase = (index: number) => async () => {
      const response = await callEndpoint(testApp.app, createStaticIpOrder, {
        token: customers[index]!.token,
        body: { planId: pool.planId, durationDays: 30, quantity: 1 },
      });
      return { kind: 'purchase' as const, status: response.statusCode, code: response.json().code };
    };
    const quarantine = (id: string) => async () => {
      const response = await callEndpoint(testApp.app, quarantineAdminIp, {
        token: ops.token,
        params: { id },
        body: { reason: 'listed' },
      });
      return {
        kind: 'quarantine' as const,
        status: response.statusCode,
        code: response.json().code,
      };
    };
    // A few purchases first, then quarantines interleaved with the rest: mid-way.
    const tasks = [
      ...Array.from({ length: 4 }, (_unused, index) => purchase(index)),
      ...targets.flatMap((id, index) => [
        quarantine(id),
        ...[4 + index * 2, 5 + index * 2].filter((n) => n < PURCHASES).map(purchase),
      ]),
    ];
    expect(tasks).toHaveLength(PURCHASES + targets.length);
    const outcomes = await Promise.all(tasks.map((task) => task()));

    for (const outcome of outcomes) {
      if (outcome.kind === 'quarantine') expect([outcome.status, outcome.code]).toEqual([200, 0]);
      else
        expect([
          [200, 0],
          [409, 40101],
        ]).toContainEqual([outcome.status, outcome.code]);
    }
    const sold = outcomes.filter(
      (outcome) => outcome.kind === 'purchase' && outcome.status === 200,
    );
    const refused = outcomes.filter(
      (outcome) => outcome.kind === 'purchase' && outcome.status === 409,
    );

    const instances = await db.select().from(proxyInstances);
    const rows = await db.select().from(ipAddresses).where(eq(ipAddresses.regionId, pool.regionId));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const count = (status: string) => rows.filter((row) => row.status === status).length;
    expect(instances).toHaveLength(sold.length);
    expect(new Set(instances.map((instance) => instance.ipAddressId)).size).toBe(sold.length);
    expect(count('quarantined')).toBe(targets.length);
    // Every address is sold (allocated, or quarantined after its sale), available or quarantined.
    const soldAndQuarantined = instances.filter(
      (instance) => byId.get(instance.ipAddressId)?.status === 'quarantined',
    ).length;
    expect(count('allocated')).toBe(sold.length - soldAndQuarantined);
    expect(count('allocated') + count('available') + count('quarantined')).toBe(POOL);
    expect(count('available')).toBe(POOL - sold.length - (targets.length - soldAndQuarantined));
    // Available only falls here, so a refusal for stock still holds at the end.
    if (refused.length) expect(count('available')).toBe(0);
    expect(await catalogStock(testApp, customers[0]!.token, pool.planId)).toBe(
      await availableCount(db, pool),
    );

    // History: each address was allocated before it was quarantined, never after.
    const events = await db.select().from(ipAddressEvents).orderBy(asc(ipAddressEvents.id));
    for (const instance of instances) {
      const moves = events
        .filter((event) => event.ipAddressId === instance.ipAddressId)
        .map((event) => `${event.fromStatus}>${event.toStatus}`);
      expect(moves.slice(0, 2)).toEqual(['null>available', 'available>allocated']);
    }
    expect(events.some((event) => event.fromStatus === 'quarantined')).toBe(false);
    expect(events.filter((event) => event.toStatus === 'quarantined')).toHaveLength(targets.length);
    expect(
      await db.select().from(auditLog).where(eq(auditLog.action, 'ip.quarantine')),
    ).toHaveLength(targets.length);

    // Money: each buyer paid for exactly what they got, and every ledger sums to its balance.
    for (const customer of customers) {
      const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, customer.id));
      const ledger = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, customer.id));
      const owned = instances.filter((instance) => instance.userId === customer.id).length;
      expect(ledger.reduce((sum, entry) => sum + entry.amountFen, 0n)).toBe(wallet?.balanceFen);
      expect(wallet?.balanceFen).toBe(PRICE_FEN - PRICE_FEN * BigInt(owned));
    }
  });
});
