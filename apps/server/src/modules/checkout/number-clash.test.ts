// A readable number is 10 random digits a day: on a busy day two orders (or top-ups) draw the
// same one now and then, and the unique index refuses the second. The operation then draws again
// instead of answering 500. Here a trigger of the test's database refuses the next inserts
// exactly as PostgreSQL refuses a taken number (unique_violation on the number's index), so each
// kind of operation meets a "taken" number without any of our code pretending.
import {
  createStaticIpOrder,
  createTopUp,
  createTrafficOrder,
  replaceInstance,
} from '@stratus/contract';
import { eq, ledgerEntries, orders, payments, sql, type Db } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import { seedTrafficPlan } from '../../../test/traffic.ts';

/**
 * Makes the next `count` inserts into `table` fail as a taken number would. A sequence counts
 * the refusals: its increments survive the rollback each refusal causes.
 */
async function refuseNextNumbers(
  db: Db,
  { table, index, count }: { table: 'orders' | 'payments'; index: string; count: number },
) {
  const name = `refuse_${table}`;
  await db.execute(sql.raw(`drop trigger if exists ${name} on ${table}`));
  await db.execute(sql.raw(`drop sequence if exists ${name}_seq`));
  await db.execute(sql.raw(`create sequence ${name}_seq`));
  await db.execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin
        if nextval('${name}_seq') <= ${count} then
          raise exception 'duplicate key value violates unique constraint "${index}"'
            using errcode = 'unique_violation', constraint = '${index}';
        end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(
      `create trigger ${name} before insert on ${table} for each row execute function ${name}()`,
    ),
  );
}

describe.each(testEngines)('an order or payment number drawn twice on %s', (engine) => {
  let testApp: TestApp;
  let plan: Awaited<ReturnType<typeof seedStaticIpPlan>>;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    plan = await seedStaticIpPlan(testApp.database.db, { stock: 10, pricesFen: { 30: 3_000n } });
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;
  const refuseNextOrders = (count: number) =>
    refuseNextNumbers(db(), { table: 'orders', index: 'orders_order_no_key', count });
  const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));
  const ledgerOf = (userId: string) =>
    db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  const buyOne = (token: string) =>
    callEndpoint(testApp.app, createStaticIpOrder, {
      token,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { planId: plan.planId, durationDays: 30, quantity: 1 },
    });

  it('buys and replaces with the next number when the first is taken', async () => {
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });

    // The one-statement purchase meets a taken number; so does the transaction after it.
    await refuseNextOrders(2);
    const bought = await buyOne(customer.token);
    expect(bought.statusCode).toBe(200);

    // Several IPs and a traffic package go through the transaction only.
    await refuseNextOrders(1);
    const two = await callEndpoint(testApp.app, createStaticIpOrder, {
      token: customer.token,
      body: { planId: plan.planId, durationDays: 30, quantity: 2 },
    });
    expect(two.data().instances).toHaveLength(2);
    await refuseNextOrders(1);
    const traffic = await callEndpoint(testApp.app, createTrafficOrder, {
      token: customer.token,
      body: { planId: (await seedTrafficPlan(db())).id, quantity: 1 },
    });
    expect(traffic.data().order.type).toBe('traffic');

    // A replacement's ¥0 order too.
    const instance = bought.data().instances[0]!;
    await refuseNextOrders(1);
    const replaced = await callEndpoint(testApp.app, replaceInstance, {
      token: customer.token,
      params: { id: instance.id },
      body: {},
    });
    expect(replaced.data().ip).not.toBe(instance.ip);

    // One order per operation, each with a number of its own, and money moved once each.
    const rows = await ordersOf(customer.id);
    expect(rows.map((row) => row.type).sort()).toEqual([
      'replacement',
      'static_ip',
      'static_ip',
      'traffic',
    ]);
    expect(new Set(rows.map((row) => row.orderNo)).size).toBe(4);
    expect(await ledgerOf(customer.id)).toHaveLength(4); // the credit, two purchases, a package
  });

  it('opens a top-up with the next number when one is taken', async () => {
    const customer = await registerCustomer(testApp);
    await refuseNextNumbers(db(), {
      table: 'payments',
      index: 'payments_payment_no_key',
      count: 1,
    });
    const topUp = await callEndpoint(testApp.app, createTopUp, {
      token: customer.token,
      body: { amount: 50, channel: 'sandbox' },
    });
    expect(topUp.data().paymentNo).toMatch(/^TP\d{18}$/);
    const rows = await db().select().from(payments).where(eq(payments.userId, customer.id));
    expect(rows.map((row) => row.paymentNo)).toEqual([topUp.data().paymentNo]);
  });
});
