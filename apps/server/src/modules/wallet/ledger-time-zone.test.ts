import { listTransactions } from '@stratus/contract';
import { eq, ledgerEntries } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { changeBalance } from './service.ts';

// 17:30 UTC on 23 November: already the 24th in Shanghai, still the 23rd in Los Angeles.
const MADE_AT = new Date('2026-11-23T17:30:00Z');

const zones: {
  env: Record<string, string>;
  day: string;
  otherDay: string;
  csvTime: string;
  zoneLabel: string;
}[] = [
  {
    env: {},
    day: '2026-11-24',
    otherDay: '2026-11-23',
    csvTime: '2026-11-24 01:30:00',
    zoneLabel: 'UTC\\+8',
  },
  {
    env: { BUSINESS_TIMEZONE: 'America/Los_Angeles' },
    day: '2026-11-23',
    otherDay: '2026-11-24',
    csvTime: '2026-11-23 09:30:00',
    // Named by today's offset: -8 in winter, -7 in summer.
    zoneLabel: 'UTC-[78]',
  },
];

describe.each(testEngines)('the ledger in the business time zone on %s', (engine) => {
  describe.each(zones)('with $env', ({ env, day, otherDay, csvTime, zoneLabel }) => {
    let testApp: TestApp;
    let token: string;
    beforeAll(async () => {
      testApp = await createTestApp(engine, { env });
      const user = await registerCustomer(testApp);
      token = user.token;
      const row = await testApp.database.db.transaction((tx) =>
        changeBalance({ tx, userId: user.user.id, amountFen: 1_000n, type: 'topup' }),
      );
      await testApp.database.db
        .update(ledgerEntries)
        .set({ createdAt: MADE_AT })
        .where(eq(ledgerEntries.id, row.id));
    });
    afterAll(() => testApp?.close());

    const list = (query: { from?: string; to?: string; format?: 'csv' }) =>
      callEndpoint(testApp.app, listTransactions, {
        token,
        headers: { 'accept-language': 'en-US' },
        query,
      });

    it('finds the row by filtering its business day, not the other zone’s', async () => {
      expect((await list({ from: day, to: day })).data().total).toBe(1);
      expect((await list({ from: otherDay, to: otherDay })).data().total).toBe(0);
    });

    it('writes the business time into the CSV', async () => {
      const response = await list({ from: day, to: day, format: 'csv' });
      expect(response.statusCode).toBe(200);
      const lines = response.body.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toMatch(new RegExp(`^Time \\(${zoneLabel}\\),`));
      expect(lines[1]).toBe(`${csvTime},Top-up,10.00,10.00,,`);
    });
  });
});
