import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot, type Browser } from './support/browser.ts';
import { registerUser, topUp, type RegisteredUser } from './support/api.ts';
import { useJourney } from './support/journey.ts';

// 17:30 UTC on 23 November: the 24th in the business zone (Asia/Shanghai, UTC+8), still the 23rd
// in UTC and in Los Angeles. The browser's zone must change nothing the console shows.
const MADE_AT = '2026-11-23T17:30:00Z';
const BUSINESS_TIME = '2026-11-24 01:30:00';

describe('one business time zone, whatever the browser’s', () => {
  const journey = useJourney('postgres');
  let user: RegisteredUser;

  beforeAll(async () => {
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
  });
});
