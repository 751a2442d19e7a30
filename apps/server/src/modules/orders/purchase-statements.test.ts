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

  it('takes six statements with its key, the plan read in the key claim’s statement, the key linked in the order’s and the instance inserted in the IP claim’s', async () => {
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
      expect.stringMatching(/^with "inserted_items" as \(insert into "order_items"/),
      expect.stringMatching(/^with "claimed" as \(update "ip_addresses"/),
      'commit',
    ]);
    expect(purchase?.[1]).toMatch(/select .* from "static_ip_plans" .* for key share/);
    expect(purchase?.[3]).toMatch(/"linked_key" as \(update "idempotency_keys"/);
    expect(purchase?.[4]).toMatch(/"inserted" as \(insert into "proxy_instances"/);

    // The key replays the order it was linked to.
    const replayed = await buy();
    expect(replayed.statusCode).toBe(200);
    expect(replayed.data()).toEqual(bought.data());
  });
});
