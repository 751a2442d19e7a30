// Adjustments racing each other on one wallet, and approvals racing on one request: the ledger
// still sums to the balance, the balance never goes below zero, and an approval applies once.
import {
  approveBalanceAdjustment,
  createBalanceAdjustment,
  rejectBalanceAdjustment,
} from '@stratus/contract';
import { auditLog, balanceAdjustments, eq, inArray, ledgerEntries, wallets } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerStaff } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { registerCustomer, registerStaffTeam, type StaffTeam } from '../../../test/accounts.ts';

describe.each(testEngines)('concurrent balance adjustments on %s', (engine) => {
  let testApp: TestApp;
  let team: StaffTeam;
  let secondFinance: string;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    team = await registerStaffTeam(testApp);
    secondFinance = (await registerStaff(testApp, 'finance')).token;
  });
  afterAll(() => testApp?.close());

  async function walletState(userId: string) {
    const db = testApp.database.db;
    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId));
    const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    return {
      balanceFen: wallet!.balanceFen,
      ledgerSumFen: ledger.reduce((sum, entry) => sum + entry.amountFen, 0n),
      ledger,
    };
  }

  it('keeps sum(ledger) = balance and never below zero under 20 mixed adjustments', async () => {
    const customer = await registerCustomer(testApp);
    await creditWallet(testApp.database.db, { userId: customer.id, amountFen: 10_000n });
    // ¥100 to start; debits of ¥45 race credits of ¥10: some debits must find the balance short.
    const amounts = Array.from({ length: 20 }, (_, index) => (index % 3 === 0 ? 10 : -45));
    const responses = await Promise.all(
      amounts.map((amount, index) =>
        callEndpoint(testApp.app, createBalanceAdjustment, {
          token: index % 2 === 0 ? team.owner.token : team.finance.token,
          params: { id: customer.id },
          body: { amount, reason: `race ${index}` },
        }),
      ),
    );
    const applied = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    for (const response of refused) expect(response.json().code).toBe(70104);
    expect(refused.length).toBeGreaterThan(0);
    expect(applied.length).toBeGreaterThan(0);

    const { balanceFen, ledgerSumFen, ledger } = await walletState(customer.id);
    expect(balanceFen).toBe(ledgerSumFen);
    expect(balanceFen >= 0n).toBe(true);
    const appliedFen = applied.reduce(
      (sum, response) => sum + BigInt(Math.round(response.data().amount * 100)),
      0n,
    );
    expect(balanceFen).toBe(10_000n + appliedFen);
    // Each balance written was a real state: every row's balance-after is never negative.
    expect(ledger.every((entry) => entry.balanceAfterFen >= 0n)).toBe(true);
    expect(ledger.filter((entry) => entry.type === 'adjustment')).toHaveLength(applied.length);

    const rows = await testApp.database.db
      .select()
      .from(balanceAdjustments)
      .where(eq(balanceAdjustments.userId, customer.id));
    expect(rows).toHaveLength(applied.length);
    const audits = await testApp.database.db
      .select()
      .from(auditLog)
      .where(
        inArray(
          auditLog.targetId,
          rows.map((row) => row.id),
        ),
      );
    expect(audits).toHaveLength(applied.length);
  });

  it('applies a pending adjustment once when two operators approve it at the same time', async () => {
    const customer = await registerCustomer(testApp);
    const requested = await callEndpoint(testApp.app, createBalanceAdjustment, {
      token: team.finance.token,
      params: { id: customer.id },
      body: { amount: 5000, reason: 'Wire transfer 2026-11-20' },
    });
    const { id } = requested.data();
    const decisions = await Promise.all(
      [team.owner.token, secondFinance, team.owner.token].map((token) =>
        callEndpoint(testApp.app, approveBalanceAdjustment, { token, params: { id } }),
      ),
    );
    expect(decisions.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const { balanceFen, ledgerSumFen, ledger } = await walletState(customer.id);
    expect(balanceFen).toBe(500_000n);
    expect(ledgerSumFen).toBe(balanceFen);
    expect(ledger.map((entry) => entry.reference)).toEqual([id]);
    const audits = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, id));
    expect(audits.map((entry) => entry.action).sort()).toEqual([
      'balance.approve',
      'balance.request',
    ]);
  });

  it('lets one of an approval and a rejection racing win, never both', async () => {
    const customer = await registerCustomer(testApp);
    const { id } = (
      await callEndpoint(testApp.app, createBalanceAdjustment, {
        token: team.finance.token,
        params: { id: customer.id },
        body: { amount: 2500, reason: 'Contract credit' },
      })
    ).data();
    const [approval, rejection] = await Promise.all([
      callEndpoint(testApp.app, approveBalanceAdjustment, {
        token: team.owner.token,
        params: { id },
      }),
      callEndpoint(testApp.app, rejectBalanceAdjustment, {
        token: secondFinance,
        params: { id },
        body: { reason: 'Not yet signed' },
      }),
    ]);
    expect([approval.statusCode, rejection.statusCode].sort()).toEqual([200, 409]);
    const [row] = await testApp.database.db
      .select()
      .from(balanceAdjustments)
      .where(eq(balanceAdjustments.id, id));
    const { balanceFen } = await walletState(customer.id);
    if (approval.statusCode === 200) {
      expect(row?.status).toBe('applied');
      expect(balanceFen).toBe(250_000n);
    } else {
      expect(row?.status).toBe('rejected');
      expect(balanceFen).toBe(0n);
    }
  });
});
