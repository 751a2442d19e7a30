import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot, type Browser } from './support/browser.ts';
import { registerUser, topUp, type RegisteredUser } from './support/api.ts';
import { useJourney } from './support/journey.ts';
import { signIn } from './support/staff-console.ts';

// 17:30 UTC on 23 November: the 24th in the business zone (Asia/Shanghai, UTC+8), still the 23rd
// in UTC and in Los Angeles. The browser's zone must change nothing the console shows.
const MADE_AT = '2026-11-23T17:30:00Z';
const BUSINESS_TIME = '2026-11-24 01:30:00';
// The browser's clock for the pickers: 20:00 UTC (12:00 in Los Angeles) on the 23rd, already
// 04:00 on the 24th in Shanghai. Both browsers call it the 23rd; the business calls it the 24th.
const BROWSER_NOW = '2026-11-23T20:00:00Z';
const OWNER = { email: 'owner@stratus.example', password: 'head of house 1' };

describe('one business time zone, whatever the browser’s', () => {
  const journey = useJourney('postgres');
  let user: RegisteredUser;
  let ownerToken: string;

  beforeAll(async () => {
    await journey.server.admin('create-operator', OWNER.email, '--password', OWNER.password);
    ownerToken = await signIn(journey.server.url, OWNER.email, OWNER.password);
    user = await registerUser(journey.server.url);
    await topUp(journey.server.url, user.token, 12.34);
    const client = new pg.Client({ connectionString: journey.server.databaseUrl });
    await client.connect();
    try {
      const moved = await client.query(
        `update ledger_entries set created_at = $1
          where user_id = (select id from users where email = $2)`,
        [MADE_AT, user.email],
      );
      expect(moved.rowCount).toBe(1);
    } finally {
      await client.end();
    }
  });

  describe.each(['UTC', 'America/Los_Angeles'])('in a browser set to %s', (timezoneId) => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser({ timezoneId });
      await browser.context.addCookies([
        { name: 'token', value: user.token, url: journey.server.url },
      ]);
    });
    afterAll(() => browser?.close());

    it('shows the business date, finds the row by it, and names UTC+8', async () => {
      const { page } = browser;
      // The browser itself disagrees on the day.
      const browserDay = await page.evaluate(
        (iso) => new Date(iso).toLocaleDateString('en-CA'),
        MADE_AT,
      );
      expect(browserDay).toBe('2026-11-23');

      await page.goto(`${journey.server.url}/console/businessFlow`);
      const row = page.getByRole('row').filter({ hasText: '+¥12.34' });
      await row.waitFor();
      await expect(row.textContent()).resolves.toContain(BUSINESS_TIME);
      await page.getByRole('columnheader', { name: '时间 (UTC+8)' }).waitFor();
      await saveScreenshot(page, `time-zone-business-flow-${timezoneId.replace('/', '-')}`);

      // Filtering the business day finds it; the browser's day does not.
      await page.goto(`${journey.server.url}/console/businessFlow?from=2026-11-24&to=2026-11-24`);
      await page.getByRole('row').filter({ hasText: '+¥12.34' }).waitFor();
      await expect(page.locator('input[value="2026-11-24"]').count()).resolves.toBe(2);

      const otherDay = page.waitForResponse((response) =>
        response.url().includes('from=2026-11-23'),
      );
      await page.goto(`${journey.server.url}/console/businessFlow?from=2026-11-23&to=2026-11-23`);
      await otherDay;
      await page.locator('.ant-empty').first().waitFor();
      await expect(page.getByRole('row').filter({ hasText: '+¥12.34' }).count()).resolves.toBe(0);
    });

    it('names UTC+8 in a drawer and a chart; a date filter’s today is the business day', async () => {
      const { page, context } = browser;
      await context.addCookies([{ name: 'token', value: ownerToken, url: journey.server.url }]);
      await page.clock.setFixedTime(new Date(BROWSER_NOW));
      await expect(page.evaluate(() => new Date().toLocaleDateString('en-CA'))).resolves.toBe(
        '2026-11-23',
      );

      // A detail drawer titles its times with the zone, as the table's columns do.
      await page.goto(`${journey.server.url}/admin/payments`);
      const payment = page.getByRole('row').filter({ hasText: user.email });
      await payment.getByRole('button', { name: '详情' }).click();
      await page.getByRole('dialog').getByText('创建时间 (UTC+8)').waitFor();

      // The dashboard's charts title their day axis with it.
      await page.goto(`${journey.server.url}/admin`);
      await page.getByTestId('traffic-chart').getByText('日期 (UTC+8)').waitFor();

      // The audit log's date filter marks the business day as today, not the browser's.
      await page.goto(`${journey.server.url}/admin/audit-log`);
      await page.locator('.ant-picker-range input').first().click();
      const today = page.locator('.ant-picker-dropdown .ant-picker-cell-today').first();
      await expect(today.getAttribute('title')).resolves.toBe('2026-11-24');
      await saveScreenshot(page, `time-zone-audit-picker-${timezoneId.replace('/', '-')}`);
    });
  });
});
