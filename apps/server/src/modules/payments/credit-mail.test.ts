// A top-up's `payment.credited` is written in the credit's own transaction: a credit that rolls
// back (here a step of the caller's that throws inside it) leaves neither money nor mail.
import { createTopUp } from '@stratus/contract';
import { eq, messages, wallets, type Tx } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerConfirmedCustomer as registerCustomer } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { creditPayment } from './crediting.ts';

describe.each(testEngines)('the credit mail on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  it('rolls back with the credit, and is written once when the credit commits', async () => {
    const db = testApp.database.db;
    const customer = await registerCustomer(testApp);
    const { paymentId } = (
      await callEndpoint(testApp.app, createTopUp, {
        token: customer.token,
        body: { amount: 20, channel: 'sandbox' },
      })
    ).data();
    const credit = (inTransaction?: (tx: Tx) => Promise<void>) =>
      creditPayment({
        db,
        paymentId,
        paidAmountFen: 2_000n,
        currency: 'CNY',
        tradeNo: null,
        paidBy: 'provider',
        inTransaction,
      });
    const mailed = () => db.select().from(messages).where(eq(messages.userId, customer.id));
    const balance = async () =>
      (await db.select().from(wallets).where(eq(wallets.userId, customer.id)))[0]?.balanceFen;

    await expect(
      credit(async (tx) => {
        // The mail is there inside the transaction…
        const inside = await tx.select().from(messages).where(eq(messages.userId, customer.id));
        expect(inside.map((row) => row.event)).toEqual(['payment.credited']);
        throw new Error('a later step of the transaction failed');
      }),
    ).rejects.toThrow('a later step');
    // …and gone with it.
    expect(await mailed()).toEqual([]);
    expect(await balance()).toBe(0n);

    await credit();
    await credit();
    const rows = await mailed();
    expect(rows.map((row) => row.event)).toEqual(['payment.credited']);
    expect(rows[0]!.data).toEqual({
      paymentId,
      channel: 'sandbox',
      amountFen: '2000',
      balanceFen: '2000',
    });
    expect(await balance()).toBe(2_000n);
  });
});
