import {
  completeSandboxPayment,
  createTopUp,
  fenToYuan,
  getReconciliation,
  parseTopUpNote,
  type PaymentChannel,
  type ReconciliationRow,
  type StaffRole,
} from '@stratus/contract';
import { and, eq, ledgerEntries, payments } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDayOf } from '../../business-time.ts';
import { generatePaymentNo } from '../checkout/public.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerStaff, registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

/** A time given in China Standard Time. */
const china = (text: string) => new Date(`${text}+08:00`);
const businessDay = (time: Date) => businessDayOf(time);

describe.each(testEngines)('GET /api/admin/reconciliation on %s', (engine) => {
  let testApp: TestApp;
  const tokens = {} as Record<StaffRole | 'customer', string>;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    for (const role of ['owner', 'finance', 'support', 'ops'] as const) {
      tokens[role] = (await registerStaff(testApp, role)).token;
    }
    tokens.customer = (await registerCustomer(testApp)).token;
  });
  afterAll(() => testApp?.close());

  const reconcile = (
    query: { from?: string; to?: string },
    role: StaffRole | 'customer' = 'finance',
  ) =>
    callEndpoint(testApp.app, getReconciliation, {
      token: tokens[role],
      query,
      headers: { 'accept-language': 'en-US' },
    });

  /** A sandbox top-up paid through the API, then moved to `paidAt` (and its ledger row to `ledgerAt`). */
  async function sandboxTopUp(amount: number, paidAt: Date, ledgerAt = paidAt) {
    const customer = await registerCustomer(testApp);
    const created = await callEndpoint(testApp.app, createTopUp, {
      token: customer.token,
      body: { amount, channel: 'sandbox' },
    });
    const { paymentId } = created.data();
    const paid = await callEndpoint(testApp.app, completeSandboxPayment, {
      token: customer.token,
      params: { paymentId },
    });
    expect(paid.statusCode).toBe(200);
    await moveTimes(paymentId, paidAt, ledgerAt);
    return { userId: customer.user.id, paymentId };
  }

  /** A paid Alipay payment and its ledger row, written straight into the tables. */
  async function alipayTopUp(amountFen: bigint, paidAt: Date, ledgerAt = paidAt) {
    const customer = await registerCustomer(testApp);
    const [payment] = await testApp.database.db
      .insert(payments)
      .values({
        userId: customer.user.id,
        paymentNo: generatePaymentNo(paidAt),
        channel: 'alipay',
        amountFen,
        status: 'paid',
        paidAt,
        createdAt: new Date(paidAt.getTime() - 60_000),
        expiresAt: new Date(paidAt.getTime() + 30 * 60_000),
      })
      .returning();
    await insertTopUpRow({
      userId: customer.user.id,
      amountFen,
      reference: payment!.id,
      note: 'alipay',
      createdAt: ledgerAt,
    });
    return { userId: customer.user.id, paymentId: payment!.id };
  }

  async function moveTimes(paymentId: string, paidAt: Date, ledgerAt: Date) {
    await testApp.database.db.update(payments).set({ paidAt }).where(eq(payments.id, paymentId));
    await testApp.database.db
      .update(ledgerEntries)
      .set({ createdAt: ledgerAt })
      .where(and(eq(ledgerEntries.reference, paymentId), eq(ledgerEntries.type, 'topup')));
  }

  /** A ledger top-up nobody's payment wrote: what reconciliation exists to find. */
  async function insertTopUpRow(row: {
    userId: string;
    amountFen: bigint;
    reference: string | null;
    note: string;
    createdAt: Date;
  }) {
    await testApp.database.db
      .insert(ledgerEntries)
      .values({ ...row, type: 'topup', balanceAfterFen: row.amountFen });
  }

  /** The reconciliation of `from`..`to` computed here, row by row, from the tables themselves. */
  async function recompute(from: string, to: string): Promise<ReconciliationRow[]> {
    const paidRows = await testApp.database.db
      .select()
      .from(payments)
      .where(eq(payments.status, 'paid'));
    const ledgerRows = await testApp.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.type, 'topup'));
    const channelOfPayment = new Map(
      (await testApp.database.db.select().from(payments)).map((row) => [row.id, row.channel]),
    );
    const cells = new Map<string, ReconciliationRow & { paidFen: bigint; ledgerFen: bigint }>();
    const cell = (day: string, channel: PaymentChannel | null) => {
      const key = `${day} ${channel}`;
      if (!cells.has(key)) {
        cells.set(key, {
          day,
          channel,
          paidCount: 0,
          paidFen: 0n,
          ledgerCount: 0,
          ledgerFen: 0n,
          paidAmount: 0,
          ledgerAmount: 0,
          difference: 0,
          matched: true,
        });
      }
      return cells.get(key)!;
    };
    const inRange = (day: string) => day >= from && day <= to;
    for (const payment of paidRows) {
      const day = businessDay(payment.paidAt!);
      if (!inRange(day)) continue;
      const target = cell(day, payment.channel);
      target.paidCount += 1;
      target.paidFen += payment.amountFen;
    }
    for (const entry of ledgerRows) {
      const day = businessDay(entry.createdAt);
      if (!inRange(day)) continue;
      const channel =
        parseTopUpNote(entry.note)?.channel ??
        (entry.reference ? channelOfPayment.get(entry.reference) : undefined) ??
        null;
      const target = cell(day, channel);
      target.ledgerCount += 1;
      target.ledgerFen += entry.amountFen;
    }
    return [...cells.values()]
      .map(({ paidFen, ledgerFen, ...row }) => ({
        ...row,
        paidAmount: fenToYuan(paidFen),
        ledgerAmount: fenToYuan(ledgerFen),
        difference: fenToYuan(paidFen - ledgerFen),
        matched: row.paidCount === row.ledgerCount && paidFen === ledgerFen,
      }))
      .sort((a, b) => `${a.day} ${a.channel}`.localeCompare(`${b.day} ${b.channel}`));
  }

  it('compares paid payments with ledger top-ups per China day and channel', async () => {
    // 2025-03-01: two sandbox top-ups at the very edges of the day, one Alipay payment.
    const first = await sandboxTopUp(10, china('2025-03-01T00:00:00'));
    await sandboxTopUp(20.5, china('2025-03-01T23:59:59'));
    const alipay = await alipayTopUp(3_000n, china('2025-03-01T12:00:00'));
    // 2025-03-02: a sandbox top-up, plus ledger top-ups no payment wrote: one noted sandbox, one
    // with free text referencing the Alipay payment, one naming nothing at all.
    await sandboxTopUp(5, china('2025-03-02T08:00:00'));
    await insertTopUpRow({
      userId: first.userId,
      amountFen: 777n,
      reference: null,
      note: 'sandbox',
      createdAt: china('2025-03-02T09:00:00'),
    });
    await insertTopUpRow({
      userId: alipay.userId,
      amountFen: 100n,
      reference: alipay.paymentId,
      note: 'hand-made',
      createdAt: china('2025-03-02T10:00:00'),
    });
    await insertTopUpRow({
      userId: first.userId,
      amountFen: 50n,
      reference: null,
      note: 'gift',
      createdAt: china('2025-03-02T11:00:00'),
    });
    // 2025-03-03: an Alipay payment whose ledger row fell on the next day, outside the range.
    await alipayTopUp(4_200n, china('2025-03-03T23:59:00'), china('2025-03-04T00:00:10'));
    // Outside the range on the other side.
    await sandboxTopUp(99, china('2025-02-28T23:59:59'));

    const { from, to, rows, totals } = (
      await reconcile({ from: '2025-03-01', to: '2025-03-03' })
    ).data();
    expect({ from, to }).toEqual({ from: '2025-03-01', to: '2025-03-03' });
    const expected = await recompute('2025-03-01', '2025-03-03');
    const byKey = (list: ReconciliationRow[]) =>
      [...list].sort((a, b) => `${a.day} ${a.channel}`.localeCompare(`${b.day} ${b.channel}`));
    expect(byKey(rows)).toEqual(expected);
    expect(rows.map((row) => [row.day, row.channel, row.matched])).toEqual([
      ['2025-03-01', 'sandbox', true],
      ['2025-03-01', 'alipay', true],
      ['2025-03-02', 'sandbox', false],
      ['2025-03-02', 'alipay', false],
      ['2025-03-02', null, false],
      ['2025-03-03', 'alipay', false],
    ]);
    expect(rows[0]).toMatchObject({ paidCount: 2, paidAmount: 30.5, ledgerAmount: 30.5 });
    expect(rows[2]).toMatchObject({
      paidCount: 1,
      paidAmount: 5,
      ledgerCount: 2,
      ledgerAmount: 12.77,
      difference: -7.77,
    });
    expect(rows[5]).toMatchObject({ paidAmount: 42, ledgerCount: 0, difference: 42 });
    const sum = (pick: (row: ReconciliationRow) => number) =>
      expected.reduce((total, row) => total + Math.round(pick(row) * 100), 0) / 100;
    expect(totals).toEqual({
      paidCount: expected.reduce((total, row) => total + row.paidCount, 0),
      paidAmount: sum((row) => row.paidAmount),
      ledgerCount: expected.reduce((total, row) => total + row.ledgerCount, 0),
      ledgerAmount: sum((row) => row.ledgerAmount),
      difference: sum((row) => row.difference),
      matched: false,
    });
    // The day before is reconciled on its own.
    const before = (await reconcile({ from: '2025-02-28', to: '2025-02-28' })).data();
    expect(before.rows).toEqual(await recompute('2025-02-28', '2025-02-28'));
    expect(before.totals).toMatchObject({ paidAmount: 99, matched: true });
  });

  it('defaults to the last 30 days up to today in China, and allows up to 92 days', async () => {
    const today = businessDay(new Date());
    const defaults = (await reconcile({})).data();
    expect(defaults.to).toBe(today);
    const span =
      (Date.parse(`${defaults.to}T00:00:00Z`) - Date.parse(`${defaults.from}T00:00:00Z`)) /
      86_400_000;
    expect(span).toBe(29);
    const longest = await reconcile({ from: '2025-01-01', to: '2025-04-02' });
    expect(longest.statusCode).toBe(200);
  });

  it('refuses reversed, too long and malformed ranges with a message', async () => {
    const reversed = await reconcile({ from: '2025-03-02', to: '2025-03-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      code: 70306,
      message: 'The reconciliation starts on 2025-03-02, after its last day 2025-03-01',
    });
    const tooLong = await reconcile({ from: '2025-01-01', to: '2025-04-03' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: 70307,
      message: 'A reconciliation covers at most 92 days',
    });
    const malformed = await reconcile({ from: '2025-13-01' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 10001, data: { field: 'from' } });
  });

  it('is for owner and finance; support and ops are refused by role, customers outright', async () => {
    expect((await reconcile({}, 'owner')).statusCode).toBe(200);
    for (const role of ['support', 'ops'] as const) {
      const response = await reconcile({}, role);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(`Your staff role (${role}) does not allow this`);
    }
    const customer = await reconcile({}, 'customer');
    expect(customer.statusCode).toBe(403);
    expect(customer.json().code).toBe(10301);
    const anonymous = await callEndpoint(testApp.app, getReconciliation, { query: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts the whole China day, not the UTC one', async () => {
    // 2025-05-10 00:30 in China is still 2025-05-09 in UTC.
    await sandboxTopUp(3, china('2025-05-10T00:30:00'));
    const { rows } = (await reconcile({ from: '2025-05-09', to: '2025-05-10' })).data();
    expect(rows.map((row) => [row.day, row.paidCount, row.ledgerCount])).toEqual([
      ['2025-05-10', 1, 1],
    ]);
  });
});
