import pg from 'pg';
import { createStaticIpOrder, listInboxMessages, markInboxMessagesRead } from '@stratus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_MS } from '@stratus/db/testing';
import { callEndpoint, fetchEndpoint, registerUser, topUp } from './support/api.ts';
import { launchBrowser, saveScreenshot, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

// The inbox as a customer meets it: a static IP bought from the demo catalog comes within three
// days of its end, the server's own reminder job writes the reminder (no SMTP server: it reaches
// the inbox all the same), the bell shows it, and opening it reads it. zh-CN on a laptop, en-US on
// a phone.
describe('the inbox in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer('postgres', { JOBS_INTERVAL_SECONDS: '1' });
    browser = await launchBrowser();
  }, PROCESS_TEST_MS + 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Buys one IP of the first demo plan that has stock, and answers its instance's id. */
  async function buyOneIp(token: string, client: pg.Client): Promise<string> {
    const { rows } = await client.query<{ plan_id: string; duration_days: number }>(
      'select plan_id, min(duration_days) as duration_days from plan_prices group by plan_id',
    );
    for (const row of rows) {
      const bought = await fetchEndpoint(server.url, createStaticIpOrder, {
        token,
        body: { planId: row.plan_id, durationDays: row.duration_days, quantity: 1 },
      });
      if (bought.status === 200) return bought.data().order.instanceIds[0]!;
    }
    throw new Error('no demo plan could be bought');
  }

  it('shows an expiry reminder on the bell and opens it', async () => {
    const user = await registerUser(server.url);
    await topUp(server.url, user.token, 500);
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      const instanceId = await buyOneIp(user.token, client);
      // The top-up and the order have their messages too; read, they leave the reminder alone.
      await callEndpoint(server.url, markInboxMessagesRead, {
        token: user.token,
        body: { all: true },
      });
      // Two days and a bit left: the 3-day reminder is due (the instance does not renew itself).
      await client.query(
        `update proxy_instances set expires_at = now() + interval '2 days 12 hours', auto_renew = false where id = $1`,
        [instanceId],
      );
    } finally {
      await client.end();
    }
    const unread = async () =>
      (
        await callEndpoint(server.url, listInboxMessages, {
          token: user.token,
          query: { unread: 'true' },
        })
      ).unread;
    await expect.poll(unread, { timeout: 30_000, interval: 500 }).toBe(1);

    const { page, context } = browser;
    await context.addCookies([{ name: 'token', value: user.token, url: server.url }]);

    // zh-CN on a laptop: the bell counts it; the page lists it unread.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/console/overview`);
    await page.getByTestId('inbox-bell-count').filter({ hasText: '1' }).waitFor();
    await saveScreenshot(page, 'inbox-bell-zh-CN-1440');
    await page.getByRole('button', { name: '消息中心，1 条未读' }).click();
    await page.waitForURL('**/console/messages');
    const reminder = page.getByTestId('inbox-message').first();
    await reminder.waitFor();
    expect(await reminder.textContent()).toMatch(/到期/);
    await saveScreenshot(page, 'inbox-page-zh-CN-1440');

    // en-US on a phone: opening the message reads it, and the bell empties.
    await page.evaluate(() => localStorage.setItem('language', 'en-US'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('button', { name: 'Messages, 1 unread' }).waitFor();
    await page.getByTestId('inbox-message').first().click();
    await page.getByRole('link', { name: 'View details' }).waitFor();
    await page.getByRole('button', { name: 'Messages, none unread' }).waitFor();
    await saveScreenshot(page, 'inbox-open-en-US-390');
    expect(await unread()).toBe(0);
  });
});
