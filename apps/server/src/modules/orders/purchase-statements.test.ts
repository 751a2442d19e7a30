// The round trips of a purchase (issue 18): the common purchase of one IP is ONE autocommit
// statement; every other case writes nothing in it and runs the transaction as before, whose
// statements each hold the buyer's key (and from the debit on, the wallet row), so each counts.
import { createStaticIpOrder } from '@stratus/contract';
import { eq, idempotencyKeys, queryRows, sql, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { recordStatements } from '../../../test/record-statements.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import { changeBalance } from '../wallet/public.ts';
import { allocateAvailableIps } from '../inventory/public.ts';
import { claimIdempotencyKey } from '../checkout/public.ts';

const ONE_STATEMENT = /^with "offer" as \(select/;
const KEY_CLAIM = /^with "claimed_key" as \(insert into "idempotency_keys"/;
const PAID = /^with "changed" as \(update "wallets"/;

describe.skipIf(!testEngines.includes('postgres'))('a purchase on postgres', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('postgres');
  });
  afterAll(() => testApp.close());

  async function customer(balanceFen: bigint) {
    const registered = await registerCustomer(testApp);
    await creditWallet(testApp.database.db, { userId: registered.user.id, amountFen: balanceFen });
    return registered;
  }

  /** The purchase's statements: those outside any transaction, and its transactions. */
  async function recorded<T>(run: () => Promise<T>) {
    const recording = recordStatements();
    try {
      const result = await run();
      return {
        result,
        outside: recording.outsideTransactions(ONE_STATEMENT),
        transactions: recording.transactionsWith(/"idempotency_keys"|"wallets"/),
      };
    } finally {
      recording.stop();
    }
  }

  it.each([
    ['with', { 'idempotency-key': 'statements-1' }],
    ['without', undefined],
  ])(
    'takes ONE statement %s a key: every write guarded, outside any transaction',
    async (_, headers) => {
      const { token } = await customer(100_000n);
      const plan = await seedStaticIpPlan(testApp.database.db, { stock: 3 });
      const buy = () =>
        callEndpoint(testApp.app, createStaticIpOrder, {
          token,
          headers,
          body: { planId: plan.planId, durationDays: 30, quantity: 1 },
        });

      const { result: bought, outside, transactions } = await recorded(buy);
      expect(bought.statusCode).toBe(200);
      expect(transactions).toEqual([]);
      expect(outside).toHaveLength(1);
      const statement = outside[0] ?? '';
      for (const part of [
        /"offer" as \(select .* from "static_ip_plans" .* for key share of "static_ip_plans"\)/,
        /"claimed_key" as \(insert into "idempotency_keys" .* from "offer" where .* is not null on conflict do nothing/,
        /"locked_wallet" as \(select .* from "wallets" where .*exists \(select 1 from "claimed_key"\).* for update\)/,
        /"picked" as \(select .* from "ip_addresses" where .*exists \(select 1 from "locked_wallet" .* for update skip locked\)/,
        /"changed" as \(update "wallets" .* exists \(select 1 from "picked"\)/,
        /"ledger_entry" as \(insert into "ledger_entries" .* from "changed"\)/,
        /"inserted_order" as \(insert into "orders" .* from "changed"\)/,
        /"inserted_items" as \(insert into "order_items" .* from "changed"/,
        /"claimed" as \(update "ip_addresses" .* exists \(select 1 from "changed"\)/,
        /"inserted" as \(insert into "proxy_instances" .* from "claimed"/,
      ]) {
        expect(statement).toMatch(part);
      }

      if (headers) {
        // A repeat writes nothing in the statement (the key exists), then replays in the
        // transaction as before: the key's claim, and the key read.
        const repeat = await recorded(buy);
        expect(repeat.result.statusCode).toBe(200);
        expect(repeat.result.data()).toEqual(bought.data());
        expect(repeat.outside).toHaveLength(1);
        expect(repeat.transactions).toEqual([
          [
            'begin',
            expect.stringMatching(KEY_CLAIM),
            expect.stringMatching(/^select .* from "idempotency_keys"/),
            'commit',
          ],
        ]);
      }
    },
  );

  it('falls back to the transaction, as before, when the balance is short', async () => {
    const { token, user } = await customer(2_999n);
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 3 });
    const refused = await recorded(() =>
      callEndpoint(testApp.app, createStaticIpOrder, {
        token,
        headers: { 'idempotency-key': 'short' },
        body: { planId: plan.planId, durationDays: 30, quantity: 1 },
      }),
    );
    expect(refused.result.statusCode).toBe(422);
    expect(refused.outside).toHaveLength(1);
    expect(refused.transactions).toEqual([
      ['begin', expect.stringMatching(KEY_CLAIM), expect.stringMatching(PAID), 'rollback'],
    ]);
    const keys = await testApp.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, user.id));
    expect(keys).toEqual([]);
  });

  it('rolls its key back when a debit committed meanwhile leaves too little, then refuses as before', async () => {
    const db = testApp.database.db;
    const { token, user } = await customer(3_000n);
    const plan = await seedStaticIpPlan(db, { stock: 3, pricesFen: { 30: 3_000n } });
    // Another debit of the wallet holds its row: the statement's snapshot still sees 3 000 fen,
    // so it inserts its key and then waits for the wallet's lock.
    let end: () => void = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    let held: () => void = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    const holder = db.transaction(async (tx) => {
      await changeBalance({ tx, userId: user.id, amountFen: -1n, type: 'adjustment' });
      held();
      await ended;
    });
    await holding;
    const purchase = recorded(() =>
      callEndpoint(testApp.app, createStaticIpOrder, {
        token,
        headers: { 'idempotency-key': 'raced' },
        body: { planId: plan.planId, durationDays: 30, quantity: 1 },
      }),
    );
    let answered = false;
    void purchase.finally(() => (answered = true));
    for (;;) {
      const [row] = await queryRows<{ waiting: number }>(
        db,
        sql`select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((row?.waiting ?? 0) > 0 || answered) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(answered).toBe(false);
    end();
    await holder;

    const refused = await purchase;
    expect(refused.result.statusCode).toBe(422);
    expect(refused.result.json().code).toBe(30101);
    // The statement failed on the key's foreign key (its order was not written) and rolled it
    // all back; the transaction then claimed the key afresh and was refused.
    expect(refused.outside).toHaveLength(1);
    expect(refused.transactions).toEqual([
      ['begin', expect.stringMatching(KEY_CLAIM), expect.stringMatching(PAID), 'rollback'],
    ]);
    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, user.id));
    expect(wallet?.balanceFen).toBe(2_999n);
    const keys = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(keys).toEqual([]);
  });
  it('claims the key before it locks the wallet: no deadlock with a transaction holding the key', async () => {
    const db = testApp.database.db;
    const { token, user } = await customer(100_000n);
    const plan = await seedStaticIpPlan(db, { stock: 3 });
    // A transaction holding the key uncommitted, as the transactional path does before its
    // debit. Were the wallet locked first, the statement would hold it while waiting for the
    // key, and this debit would wait for the statement: a deadlock, one of the two failing.
    let debit: () => void = () => {};
    const debiting = new Promise<void>((resolve) => (debit = resolve));
    let held: () => void = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    class Undo extends Error {}
    const holder = db
      .transaction(async (tx) => {
        await claimIdempotencyKey(tx, { userId: user.id, key: 'held', requestHash: 'other' });
        held();
        await debiting;
        await changeBalance({ tx, userId: user.id, amountFen: -1n, type: 'adjustment' });
        throw new Undo();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Undo)) throw error;
      });
    await holding;
    const purchase = callEndpoint(testApp.app, createStaticIpOrder, {
      token,
      headers: { 'idempotency-key': 'held' },
      body: { planId: plan.planId, durationDays: 30, quantity: 1 },
    });
    let answered = false;
    void purchase.finally(() => (answered = true));
    for (;;) {
      const [row] = await queryRows<{ waiting: number }>(
        db,
        sql`select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((row?.waiting ?? 0) > 0 || answered) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(answered).toBe(false);
    debit();
    await holder;
    // The holder rolled back: the key is the purchase's, which buys with it.
    const bought = await purchase;
    expect(bought.statusCode).toBe(200);
    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, user.id));
    expect(wallet?.balanceFen).toBe(100_000n - 3_000n);
  });
  it('falls back to the transaction, as before, when the only IP is held: it waits for it', async () => {
    const db = testApp.database.db;
    const { token } = await customer(100_000n);
    const plan = await seedStaticIpPlan(db, { stock: 1 });
    let end: () => void = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    let held: () => void = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    class Undo extends Error {}
    const holder = db
      .transaction(async (tx) => {
        const ips = await allocateAvailableIps(tx, {
          regionId: plan.regionId,
          lineType: plan.lineType,
          count: 1,
        });
        expect(ips).toHaveLength(1);
        held();
        await ended;
        throw new Undo();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Undo)) throw error;
      });
    await holding;
    const purchase = recorded(() =>
      callEndpoint(testApp.app, createStaticIpOrder, {
        token,
        headers: { 'idempotency-key': 'held-ip' },
        body: { planId: plan.planId, durationDays: 30, quantity: 1 },
      }),
    );
    let answered = false;
    void purchase.finally(() => (answered = true));
    for (;;) {
      const [row] = await queryRows<{ waiting: number }>(
        db,
        sql`select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((row?.waiting ?? 0) > 0 || answered) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(answered).toBe(false);
    end();
    await holder;
    const bought = await purchase;
    expect(bought.result.statusCode).toBe(200);
    expect(bought.outside).toHaveLength(1);
    expect(bought.transactions).toEqual([
      [
        'begin',
        expect.stringMatching(KEY_CLAIM),
        expect.stringMatching(PAID),
        expect.stringMatching(/^with "claimed" as \(update "ip_addresses"/),
        // `order.paid`, written in the purchase's transaction: its recipient, the message, and
        // its deliveries to the customer's webhook endpoints that asked for it.
        expect.stringMatching(/^select "email", "language" from "users"/),
        expect.stringMatching(/^insert into "messages"/),
        expect.stringMatching(/^\s*insert into "webhook_deliveries"/),
        'commit',
      ],
    ]);
  });
});
