import { addIpAllowlistEntry } from '@stratus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../apps/server/test/webhook-receiver.ts';
import { callEndpoint, registerUser } from './support/api.ts';
import { chooseFromDropdown, saveScreenshot } from './support/browser.ts';
import { findLayoutProblems, formatLayoutProblems } from './support/layout-checks.ts';
import { useJourney } from './support/journey.ts';

/** The server's delivery job runs every 5 s: a delivery arrives within a few passes. */
const DELIVERY_WAIT_MS = 30_000;

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + DELIVERY_WAIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// A customer's webhook, as they live it: from the profile's API section to the webhooks page, an
// endpoint added for one event with its secret shown once, an event happening, the signed POST
// taken by a receiver written from the docs, the delivery log read and a delivery resent; then
// the same page in English on a phone.
describe('webhooks in Chromium', () => {
  const journey = useJourney('pglite');
  let receiver: WebhookReceiver;
  let secret = '';
  beforeAll(async () => {
    receiver = await startWebhookReceiver(() => secret);
  });
  afterAll(() => receiver?.close());

  it('adds an endpoint, receives a signed event, reads the log and resends, in zh-CN and en-US', async () => {
    const { page } = journey.browser;
    const problems: string[] = [];
    const look = async (name: string) => {
      await saveScreenshot(page, name);
      problems.push(...formatLayoutProblems(name, await findLayoutProblems(page)));
    };
    const user = await registerUser(journey.server.url);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${journey.server.url}/portal/home`);
    await page.getByLabel('邮箱').fill(user.email);
    await page.getByLabel('密码', { exact: true }).fill(user.password);
    await page
      .getByRole('button', { name: '登 录', exact: true })
      .or(page.getByRole('button', { name: '登录', exact: true }))
      .click();
    await page.waitForURL('**/console/overview');

    await chooseFromDropdown(page, page.getByTestId('account-menu'), '个人信息');
    await page.getByRole('link', { name: '管理 Webhook' }).click();
    await page.waitForURL('**/console/webhooks');
    await page.getByText('还没有 Webhook 地址').waitFor();

    await page.getByRole('button', { name: /添加地址/ }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('textbox', { name: '接收地址' }).fill(receiver.url);
    await form.getByRole('checkbox', { name: /IP 白名单变更/ }).check();
    await look('webhooks-add-laptop-zh-CN');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    const shown = page.getByTestId('webhook-secret');
    await shown.waitFor();
    secret = (await shown.textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    await look('webhooks-secret-laptop-zh-CN');
    await page.getByRole('button', { name: '我已保存' }).click();
    await shown.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: new RegExp(receiver.url) });
    await row.getByText('已启用').waitFor();
    expect(await page.getByText('whsec_').count()).toBe(0);

    // An event: an address allowlisted. The server's job POSTs it, signed.
    await callEndpoint(journey.server.url, addIpAllowlistEntry, {
      token: user.token,
      body: { address: '127.0.0.1', note: 'office' },
    });
    await until(() => receiver.events.length === 1, 'the event');
    expect(receiver.requests.every((request) => request.verified)).toBe(true);
    expect(receiver.events[0]).toMatchObject({
      type: 'allowlist.changed',
      data: { change: 'added', address: '127.0.0.1/32' },
    });

    await row.getByRole('button', { name: '推送记录' }).click();
    const log = page.getByRole('dialog');
    const line = log.getByRole('row', { name: /IP 白名单变更/ });
    await line.getByText('成功').waitFor();
    await line.getByText('HTTP 200').waitFor();
    await look('webhooks-deliveries-laptop-zh-CN');
    await line.getByRole('button', { name: '重新发送' }).click();
    await page.getByText('已重新加入发送队列').waitFor();
    await until(() => receiver.requests.length === 2, 'the resent delivery');
    // The same event id: the receiver keeps one event.
    expect(receiver.events).toHaveLength(1);
    await log
      .getByRole('row', { name: /IP 白名单变更/ })
      .nth(1)
      .getByText('成功')
      .waitFor();
    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'hidden' });

    await page.evaluate(() => localStorage.setItem('language', 'en-US'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByText(receiver.url).waitFor();
    await page.getByRole('button', { name: 'How to verify a signature' }).click();
    await page.getByText('hmac.compare_digest', { exact: false }).waitFor();
    await look('webhooks-phone-en-US');
    await page.getByRole('button', { name: 'Deliveries' }).click();
    await page.getByRole('dialog').getByText('HTTP 200').first().waitFor();
    await look('webhooks-deliveries-phone-en-US');
    expect(problems).toEqual([]);
  });
});
