import { API_PREFIX, listTransactions } from '@stratus/contract';
import type { LedgerEntryType } from '@stratus/contract';
import { eq, ledgerEntries } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { changeBalance } from './service.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';

describe.each(testEngines)(
  `${listTransactions.method} ${API_PREFIX}${listTransactions.path} on %s`,
  (engine) => {
    let testApp: TestApp;
    let token: string;
    let userId: string;
    beforeAll(async () => {
      testApp = await createTestApp(engine);
      const user = await registerCustomer(testApp);
      token = user.token;
      userId = user.user.id;
      // Times in China Standard Time; the day boundaries are what the filters must respect.
      const entries: [LedgerEntryType, bigint, string, string, string][] = [
        ['topup', 10_000n, '2026-03-01T00:00:00+08:00', 'pay-1', ''],
        ['static_ip_purchase', -2_550n, '2026-03-01T23:59:59.999+08:00', 'order-1', 'US, 1 IP'],
        ['topup', 500n, '2026-03-02T00:00:00+08:00', 'pay-2', '=cmd|"/c calc"!A1'],
        ['adjustment', -1n, '2026-03-02T08:00:00+08:00', '', 'line one\nline two'],
        ['refund', 2_550n, '2026-03-03T12:00:00+08:00', 'order-1', ''],
      ];
      for (const [type, amountFen, time, reference, note] of entries) {
        const row = await testApp.database.db.transaction((tx) =>
          changeBalance({ tx, userId, amountFen, type, reference: reference || null, note }),
        );
        await testApp.database.db
          .update(ledgerEntries)
          .set({ createdAt: new Date(time) })
          .where(eq(ledgerEntries.id, row.id));
      }
      // Someone else's rows never show.
      const other = await registerCustomer(testApp);
      await testApp.database.db.transaction((tx) =>
        changeBalance({ tx, userId: other.user.id, amountFen: 999n, type: 'topup' }),
      );
    });
    afterAll(() => testApp?.close());

    const list = (
      query: Pick<CallOptions<typeof listTransactions>, 'query' | 'rawQuery'>,
      language = 'zh-CN',
    ) =>
      callEndpoint(testApp.app, listTransactions, {
        token,
        headers: { 'accept-language': language },
        ...query,
      });

    it('lists the ledger newest first with balances after each change', async () => {
      const response = await list({});
      expect(response.statusCode).toBe(200);
      const { items, total, page, pageSize } = response.data();
      expect({ total, page, pageSize }).toEqual({ total: 5, page: 1, pageSize: 20 });
      expect(items.map((item: { amount: number }) => item.amount)).toEqual([
        25.5, -0.01, 5, -25.5, 100,
      ]);
      expect(items[0]).toMatchObject({
        type: 'refund',
        balanceAfter: 104.99,
        reference: 'order-1',
        createdAt: '2026-03-03T04:00:00.000Z',
      });
      expect(items[3]?.note).toBe('US, 1 IP');
      expect(items[1]?.reference).toBeNull();
    });

    it('paginates', async () => {
      const second = (await list({ query: { page: 2, pageSize: 2 } })).data();
      expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
      expect(second.items.map((item: { amount: number }) => item.amount)).toEqual([5, -25.5]);
      const beyond = (await list({ query: { page: 9, pageSize: 2 } })).data();
      expect(beyond).toMatchObject({ total: 5, items: [] });
      expect((await list({ query: { pageSize: 101 } })).statusCode).toBe(400);
      expect((await list({ query: { page: 0 } })).statusCode).toBe(400);
    });

    it('filters by type', async () => {
      const { items, total } = (await list({ query: { type: 'topup' } })).data();
      expect(total).toBe(2);
      expect(items.every((item: { type: string }) => item.type === 'topup')).toBe(true);
      expect((await list({ rawQuery: { type: 'gift' } })).statusCode).toBe(400);
    });

    it('reads YYYY-MM-DD bounds as whole days in China Standard Time', async () => {
      const day = (await list({ query: { from: '2026-03-01', to: '2026-03-01' } })).data();
      expect(day.items.map((item: { amount: number }) => item.amount)).toEqual([-25.5, 100]);
      const fromSecond = (await list({ query: { from: '2026-03-02' } })).data();
      expect(fromSecond.total).toBe(3);
      const toSecond = (await list({ query: { to: '2026-03-02' } })).data();
      expect(toSecond.total).toBe(4);
      const exact = (
        await list({ query: { from: '2026-03-01T16:00:00Z', to: '2026-03-02T00:00:00Z' } })
      ).data();
      expect(exact.items.map((item: { amount: number }) => item.amount)).toEqual([-0.01, 5]);
      expect((await list({ query: { from: '2026-13-01' } })).statusCode).toBe(400);
    });

    it('exports every matching row as a UTF-8 CSV with a BOM and a localised header', async () => {
      const response = await list({ query: { format: 'csv' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="transactions-\d{8}\.csv"$/,
      );
      const text = response.body;
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = text.slice(1).split('\r\n');
      expect(lines[0]).toBe('时间 (UTC+8),类型,金额,变动后余额,关联单号,备注');
      expect(lines[1]).toBe('2026-03-03 12:00:00,退款,25.50,104.99,order-1,');
      expect(lines[2]).toBe('2026-03-02 08:00:00,调整,-0.01,79.49,,"line one\nline two"');
      expect(lines[3]).toBe('2026-03-02 00:00:00,充值,5.00,79.50,pay-2,"\'=cmd|""/c calc""!A1"');
      expect(lines[4]).toBe('2026-03-01 23:59:59,静态IP购买,-25.50,74.50,order-1,"US, 1 IP"');
      expect(lines[5]).toBe('2026-03-01 00:00:00,充值,100.00,100.00,pay-1,');
      expect(lines[6]).toBe('');
      expect(lines).toHaveLength(7);
    });

    it('exports in English and honours the filters', async () => {
      const response = await list(
        { query: { format: 'csv', type: 'topup', from: '2026-03-02' } },
        'en-US',
      );
      const lines = response.body.slice(1).trimEnd().split('\r\n');
      expect(lines).toEqual([
        'Time (UTC+8),Type,Amount,Balance after,Reference,Note',
        '2026-03-02 00:00:00,Top-up,5.00,79.50,pay-2,"\'=cmd|""/c calc""!A1"',
      ]);
    });

    it('requires a token', async () => {
      const response = await callEndpoint(testApp.app, listTransactions);
      expect(response.statusCode).toBe(401);
    });
  },
);
