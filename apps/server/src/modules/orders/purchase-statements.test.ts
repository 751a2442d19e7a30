// The round trips of a purchase: every statement of its transaction holds the buyer's key, and
// those after the debit hold the wallet row, so each one counts (issue 18).
import { createStaticIpOrder } from '@stratus/contract';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../testing.ts';
import { callEndpoint } from '../../testing/call-endpoint.ts';
import { recordStatements } from '../../testing/record-statements.ts';
import { creditWallet, seedStaticIpPlan } from '../catalog/testing.ts';

describe.skipIf(!testEngines.includes('postgres'))('a purchase on postgres', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('postgres');
  });
  afterAll(() => testApp.close());

  it('takes four statements with its key: the key claim reading the plan, then the debit, order, key link and IP claim in one', async () => {
    const { token, user } = await registerUser(testApp.app);
    await creditWallet(testApp.database.db, { userId: user.id, amountFen: 100_000n });
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 3 });
    const buy = () =>
      callEndpoint(testApp.app, createStaticIpOrder, {
        token,
        headers: { 'idempotency-key': 'statements-1' },
        body: { planId: plan.planId, durationDays: 30, quantity: 1 },
      });

    const recording = recordStatements();
    const bought = await buy();
    recording.stop();
    expect(bought.statusCode).toBe(200);
    const [purchase, ...others] = recording.transactionsWith(/update "ip_addresses"/);
    expect(others).toEqual([]);
    expect(purchase).toEqual([
      'begin',
      expect.stringMatching(/^with "claimed_key" as \(insert into "idempotency_keys"/),
      expect.stringMatching(/^with "changed" as \(update "wallets"/),
      'commit',
    ]);
    expect(purchase?.[1]).toMatch(/select .* from "static_ip_plans" .* for key share/);
    // Every write of the second depends on the debit: without it, nothing is written.
    const paid = purchase?.[2] ?? '';
    for (const part of [
      /"ledger_entry" as \(insert into "ledger_entries" .* from "changed"\)/,
      /"inserted_items" as \(insert into "order_items" .* from "changed"\)/,
      /"linked_key" as \(update "idempotency_keys" .* exists \(select 1 from "changed"\)/,
      /"inserted_order" as \(insert into "orders" .* from "changed"/,
      /"claimed" as \(update "ip_addresses" .* exists \(select 1 from "changed"\).* for update skip locked/,
      /"inserted" as \(insert into "proxy_instances"/,
    ]) {
      expect(paid).toMatch(part);
    }

    // The key replays the order it was linked to.
    const replayed = await buy();
    expect(replayed.statusCode).toBe(200);
    expect(replayed.data()).toEqual(bought.data());
  });
});
