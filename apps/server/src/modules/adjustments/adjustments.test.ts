import {
  approveBalanceAdjustment,
  createBalanceAdjustment,
  describeLedgerNote,
  getWallet,
  listBalanceAdjustments,
  listTransactions,
  rejectBalanceAdjustment,
  translatorFor,
  type BalanceAdjustment,
  type StaffRole,
} from '@stratus/contract';
import { auditLog, balanceAdjustments, eq, inArray, ledgerEntries } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { auditEntriesOf } from '../../../test/audit.ts';
import {
  expectAccessPerPermissionTable,
  registerCustomer,
  registerStaffTeam,
  type StaffTeam,
} from '../../../test/accounts.ts';

const english = { 'accept-language': 'en-US' };

describe.each(testEngines)('balance adjustments on %s', (engine) => {
  let testApp: TestApp;
  let team: StaffTeam;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    team = await registerStaffTeam(testApp);
  });
  afterAll(() => testApp?.close());

  /** A customer with `yuan` in the wallet (from a top-up). */
  async function customerWith(yuan: number) {
    const customer = await registerCustomer(testApp);
    if (yuan > 0) {
      await creditWallet(testApp.database.db, {
        userId: customer.id,
        amountFen: BigInt(Math.round(yuan * 100)),
      });
    }
    return customer;
  }
  const adjust = (
    customerId: string,
    body: { amount: number; reason: string },
    role: StaffRole = 'finance',
  ) =>
    callEndpoint(testApp.app, createBalanceAdjustment, {
      token: team[role].token,
      params: { id: customerId },
      body,
      headers: english,
    });
  const decide = (
    endpoint: typeof approveBalanceAdjustment | typeof rejectBalanceAdjustment,
    id: string,
    role: StaffRole,
    body: { reason?: string } = {},
  ) => {
    const options = { token: team[role].token, params: { id }, headers: english };
    return endpoint === approveBalanceAdjustment
      ? callEndpoint(testApp.app, approveBalanceAdjustment, options)
      : callEndpoint(testApp.app, rejectBalanceAdjustment, { ...options, body });
  };
  const balanceOf = async (token: string) =>
    (await callEndpoint(testApp.app, getWallet, { token })).data().wallet.balance;
  const adjustmentRowsOf = (userId: string) =>
    testApp.database.db
      .select()
      .from(balanceAdjustments)
      .where(eq(balanceAdjustments.userId, userId));
  const ledgerOf = (userId: string) =>
    testApp.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));

  it('applies an adjustment up to the threshold at once, as a ledger row the customer reads', async () => {
    const customer = await customerWith(500);
    const response = await adjust(customer.id, {
      amount: 1000,
      reason: '  Goodwill for the outage  ',
    });
    const adjustment = response.data();
    expect(adjustment).toEqual({
      id: expect.any(String),
      customerId: customer.id,
      customerEmail: customer.email,
      amount: 1000,
      reason: 'Goodwill for the outage',
      status: 'applied',
      requestedById: team.finance.id,
      requestedByEmail: team.finance.email,
      decidedById: null,
      decidedByEmail: null,
      decidedAt: expect.any(String),
      balanceAfter: 1500,
      createdAt: expect.any(String),
    });
    expect(await balanceOf(customer.token)).toBe(1500);

    const ledger = await callEndpoint(testApp.app, listTransactions, {
      token: customer.token,
      query: { type: 'adjustment' },
    });
    const [entry] = ledger.data().items;
    expect(entry).toMatchObject({
      type: 'adjustment',
      amount: 1000,
      balanceAfter: 1500,
      reference: adjustment.id,
      note: 'Goodwill for the outage',
    });
    const csv = await callEndpoint(testApp.app, listTransactions, {
      token: customer.token,
      query: { format: 'csv' },
      headers: english,
    });
    expect(csv.body).toMatch(
      /Adjustment,\+?1000\.00,1500\.00,[0-9a-f-]{36},Goodwill for the outage/,
    );

    const [audit] = await auditEntriesOf(testApp, adjustment.id);
    expect(audit).toMatchObject({
      action: 'balance.adjust',
      actorId: team.finance.id,
      actorRole: 'finance',
      targetType: 'balance_adjustment',
      changes: {
        customer: { before: null, after: customer.id },
        amount: { before: null, after: 1000 },
        status: { before: null, after: 'applied' },
        balance: { before: 500, after: 1500 },
      },
      reason: 'Goodwill for the outage',
    });
  });

  it('keeps a reason that reads like a note code as the reason', async () => {
    const customer = await customerWith(0);
    for (const reason of ['alipay', 'auto-renew', 'traffic:10x2:30d']) {
      expect((await adjust(customer.id, { amount: 1, reason })).statusCode).toBe(200);
    }
    const { items } = (
      await callEndpoint(testApp.app, listTransactions, { token: customer.token })
    ).data();
    for (const locale of ['zh-CN', 'en-US'] as const) {
      expect(
        items.map((entry) => describeLedgerNote(entry, translatorFor(locale), locale)),
      ).toEqual(['traffic:10x2:30d', 'auto-renew', 'alipay']);
    }
  });

  it('debits down to zero but never below, and a refused debit writes nothing', async () => {
    const customer = await customerWith(15);
    const tooMuch = await adjust(customer.id, { amount: -15.01, reason: 'Reverse a test top-up' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toEqual({
      code: 70104,
      message:
        "The customer's balance (¥15.00) does not cover a debit of ¥15.01; a balance cannot go below zero, nothing was changed",
      data: null,
    });
    expect(await adjustmentRowsOf(customer.id)).toEqual([]);
    expect(await ledgerOf(customer.id)).toHaveLength(1);
    const audits = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.reason, 'Reverse a test top-up'));
    expect(audits).toEqual([]);

    const exact = await adjust(customer.id, { amount: -15, reason: 'Reverse a test top-up' });
    expect(exact.data()).toMatchObject({ status: 'applied', amount: -15, balanceAfter: 0 });
    expect(await balanceOf(customer.token)).toBe(0);
  });

  it('waits for a second operator above the threshold, and applies once approved', async () => {
    const customer = await customerWith(10);
    const requested = (
      await adjust(customer.id, { amount: 1000.01, reason: 'Enterprise prepayment by wire' })
    ).data();
    expect(requested).toMatchObject({
      status: 'pending',
      amount: 1000.01,
      decidedAt: null,
      balanceAfter: null,
    });
    expect(await balanceOf(customer.token)).toBe(10);
    expect(await ledgerOf(customer.id)).toHaveLength(1);
    const [request] = await auditEntriesOf(testApp, requested.id);
    expect(request).toMatchObject({
      action: 'balance.request',
      actorRole: 'finance',
      changes: {
        status: { before: null, after: 'pending' },
        amount: { before: null, after: 1000.01 },
      },
      reason: 'Enterprise prepayment by wire',
    });

    const own = await decide(approveBalanceAdjustment, requested.id, 'finance');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({
      code: 70107,
      message: 'You cannot decide your own balance adjustment; another operator must',
      data: null,
    });
    expect((await decide(rejectBalanceAdjustment, requested.id, 'finance', {})).statusCode).toBe(
      403,
    );
    expect(await auditEntriesOf(testApp, requested.id)).toHaveLength(1);

    const approved = (await decide(approveBalanceAdjustment, requested.id, 'owner')).data();
    expect(approved).toMatchObject({
      status: 'applied',
      decidedById: team.owner.id,
      decidedByEmail: team.owner.email,
      decidedAt: expect.any(String),
      balanceAfter: 1010.01,
    });
    expect(await balanceOf(customer.token)).toBe(1010.01);
    const [, approval] = await auditEntriesOf(testApp, requested.id);
    expect(approval).toMatchObject({
      action: 'balance.approve',
      actorRole: 'owner',
      changes: {
        status: { before: 'pending', after: 'applied' },
        balance: { before: 10, after: 1010.01 },
      },
    });

    const again = await decide(approveBalanceAdjustment, requested.id, 'owner');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This balance adjustment was already approved or rejected');
    expect(await ledgerOf(customer.id)).toHaveLength(2);
    expect(await auditEntriesOf(testApp, requested.id)).toHaveLength(2);
  });

  it('rejects a pending adjustment with a reason; nothing moves', async () => {
    const customer = await customerWith(0);
    const requested = (
      await adjust(customer.id, { amount: -5000, reason: 'Claw back a duplicate credit' }, 'owner')
    ).data();
    const rejected = (
      await decide(rejectBalanceAdjustment, requested.id, 'finance', { reason: 'Not a duplicate' })
    ).data();
    expect(rejected).toMatchObject({
      status: 'rejected',
      decidedByEmail: team.finance.email,
      balanceAfter: null,
    });
    expect(await balanceOf(customer.token)).toBe(0);
    const [, rejection] = await auditEntriesOf(testApp, requested.id);
    expect(rejection).toMatchObject({
      action: 'balance.reject',
      actorRole: 'finance',
      changes: { status: { before: 'pending', after: 'rejected' } },
      reason: 'Not a duplicate',
    });
    expect((await decide(approveBalanceAdjustment, requested.id, 'finance')).statusCode).toBe(409);
    expect(await auditEntriesOf(testApp, requested.id)).toHaveLength(2);
  });

  it('leaves an approval pending when the balance no longer covers its debit', async () => {
    const customer = await customerWith(2000);
    const requested = (
      await adjust(customer.id, { amount: -1500, reason: 'Refund paid out by bank' })
    ).data();
    expect(
      (await adjust(customer.id, { amount: -600, reason: 'Spent meanwhile' })).statusCode,
    ).toBe(200);
    const refused = await decide(approveBalanceAdjustment, requested.id, 'owner');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      "The customer's balance (¥1400.00) does not cover a debit of ¥1500.00; a balance cannot go below zero, nothing was changed",
    );
    const [row] = await testApp.database.db
      .select()
      .from(balanceAdjustments)
      .where(eq(balanceAdjustments.id, requested.id));
    expect(row).toMatchObject({ status: 'pending', decidedBy: null, ledgerEntryId: null });
    expect(await auditEntriesOf(testApp, requested.id)).toHaveLength(1);
    expect(await balanceOf(customer.token)).toBe(1400);
  });

  it('refuses bad amounts and reasons with clear messages', async () => {
    const customer = await customerWith(0);
    const cases: [unknown, string][] = [
      [{ amount: 0, reason: 'x' }, 'Invalid amount: must not be zero'],
      [{ amount: 1.001, reason: 'x' }, 'Invalid amount: may have at most two decimals'],
      [{ amount: 1_000_000.01, reason: 'x' }, 'Invalid amount: must be at most 1000000'],
      [{ amount: -1_000_000.01, reason: 'x' }, 'Invalid amount: must be at least -1000000'],
      [{ amount: '5', reason: 'x' }, 'Invalid amount: must be a number'],
      [{ reason: 'x' }, 'Invalid amount: is required'],
      [{ amount: 5 }, 'Invalid reason: is required'],
      [{ amount: 5, reason: '   ' }, 'Invalid reason: is required'],
      [{ amount: 5, reason: 'x'.repeat(201) }, 'Invalid reason: must be at most 200 characters'],
      [
        { amount: 5, reason: 'two\nlines' },
        'Invalid reason: must not contain line breaks or other control characters',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await callEndpoint(testApp.app, createBalanceAdjustment, {
        token: team.owner.token,
        params: { id: customer.id },
        rawBody: body,
        headers: english,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const chinese = await callEndpoint(testApp.app, createBalanceAdjustment, {
      token: team.owner.token,
      params: { id: customer.id },
      rawBody: { amount: 0, reason: 'x' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(chinese.json().message).toBe('参数 amount 不正确：金额不能为 0');
    const staff = await adjust(team.support.id, { amount: 5, reason: 'staff are not customers' });
    expect(staff.statusCode).toBe(404);
    expect(staff.json().code).toBe(70101);
    expect(await adjustmentRowsOf(customer.id)).toEqual([]);
    expect(await adjustmentRowsOf(team.support.id)).toEqual([]);
    const unknown = await decide(
      approveBalanceAdjustment,
      '00000000-0000-4000-8000-000000000000',
      'owner',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such balance adjustment');
    const rejectReason = await callEndpoint(testApp.app, rejectBalanceAdjustment, {
      token: team.owner.token,
      params: { id: '00000000-0000-4000-8000-000000000000' },
      rawBody: { reason: 'y'.repeat(201) },
      headers: english,
    });
    expect(rejectReason.statusCode).toBe(400);
  });

  it('lists adjustments: pending first (oldest first), then the rest newest first; filters', async () => {
    const customer = await registerCustomer(testApp, { email: 'listed@adjust.example' });
    const made: BalanceAdjustment[] = [];
    for (const amount of [2000, 3, 3000, 4]) {
      made.push((await adjust(customer.id, { amount, reason: `amount ${amount}` })).data());
    }
    const [firstPending, firstApplied, secondPending, secondApplied] = made;
    const list = (query: Record<string, unknown>) =>
      callEndpoint(testApp.app, listBalanceAdjustments, {
        token: team.finance.token,
        rawQuery: query,
        headers: english,
      });
    const byCustomer = (await list({ customer: customer.id })).data();
    expect(byCustomer.items.map((item) => item.id)).toEqual([
      firstPending!.id,
      secondPending!.id,
      secondApplied!.id,
      firstApplied!.id,
    ]);
    const byEmail = (await list({ customer: 'LISTED@adjust', status: 'pending' })).data();
    expect(byEmail.items.map((item) => item.amount)).toEqual([2000, 3000]);
    expect(byEmail.items[0]).toMatchObject({
      customerEmail: 'listed@adjust.example',
      requestedByEmail: team.finance.email,
    });
    const everyPending = (await list({ status: 'pending', pageSize: 100 })).data();
    expect(everyPending.items.every((item) => item.status === 'pending')).toBe(true);
    expect(everyPending.total).toBe(
      (
        await testApp.database.db
          .select()
          .from(balanceAdjustments)
          .where(eq(balanceAdjustments.status, 'pending'))
      ).length,
    );
    const paged = (await list({ customer: customer.id, page: 2, pageSize: 3 })).data();
    expect(paged).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(paged.items.map((item) => item.id)).toEqual([firstApplied!.id]);
    const bad = await list({ status: 'approved' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid status: must be one of: pending, applied, rejected');
  });

  it('lets each role ask, read and decide per the permission table; customers are refused', async () => {
    const customer = await customerWith(0);
    await expectAccessPerPermissionTable(testApp, createBalanceAdjustment, {
      team,
      customerToken: customer.token,
      call: async () => ({ params: { id: customer.id }, body: { amount: 1, reason: 'access' } }),
    });
    await expectAccessPerPermissionTable(testApp, listBalanceAdjustments, {
      team,
      customerToken: customer.token,
      call: async () => ({ query: { customer: customer.id } }),
    });
    // Each approver decides a request someone else made.
    const pendingFor = async (role: string) => {
      const requester: StaffRole = role === 'owner' ? 'finance' : 'owner';
      return (await adjust(customer.id, { amount: 5000, reason: 'access' }, requester)).data().id;
    };
    await expectAccessPerPermissionTable(testApp, approveBalanceAdjustment, {
      team,
      customerToken: customer.token,
      call: async (role) => ({ params: { id: await pendingFor(role) } }),
    });
    await expectAccessPerPermissionTable(testApp, rejectBalanceAdjustment, {
      team,
      customerToken: customer.token,
      call: async (role) => ({ params: { id: await pendingFor(role) }, body: {} }),
    });
    // Support helps customers but moves no money.
    const support = await adjust(customer.id, { amount: 1, reason: 'nope' }, 'support');
    expect(support.json().message).toBe('Your staff role (support) does not allow this');
    const ids = (await adjustmentRowsOf(customer.id)).map((row) => row.id);
    const audits = await testApp.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.targetId, ids));
    // Every write that went through left exactly one entry, the refused ones none.
    // One entry per adjustment asked for, and one per approval or rejection (owner, finance).
    expect(audits).toHaveLength(ids.length + 4);
  });
});
