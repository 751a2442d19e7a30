import {
  createStaticIpOrder,
  getNodeCredentials,
  listInstances,
  listStaticIpCatalog,
  reportNodeInstanceCheck,
} from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { callEndpoint, registerUser, topUp } from './support/api.ts';
import { saveScreenshot, TABLE_ROW, waitForTableRows } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { browseAs, GATEWAY_STATE_MS } from './support/staff-console.ts';
import { wordsOf, type Language } from './support/words.ts';

// Test and Replace on the IP list, through the real server. No gateway runs here: the test plays
// the node, picking the check up from its poll answer and reporting it through the node API (the
// gateway's own check runner and a real replacement's egress are proven in the gateway e2e).
describe('IP replacement and connectivity test in Chromium', () => {
  const journey = useJourney('postgres');
  let nodeKey: string | undefined;

  /** Our own node and city, with a price, so the instance and its checks are this node's. */
  async function ensureNode(): Promise<string> {
    if (nodeKey) return nodeKey;
    const { admin } = journey.server;
    const output = await admin('add-node', 'e2e-swap-node', '--host', '127.0.0.1');
    nodeKey = /gnk_[\w-]+/.exec(output)?.[0];
    if (!nodeKey) throw new Error(`no node key in: ${output}`);
    await admin(
      ...['import-ips', 'e2e-swap-node', '--cidr', '10.98.0.0/28', '--port', '8000'],
      ...['--vmess-port', '10086', '--country', 'JP', '--country-zh', '日本'],
      ...['--country-en', 'Japan', '--city', 'swapton', '--city-zh', '换城'],
      ...['--city-en', 'Swapton', '--line', 'isp_residential'],
    );
    await admin(
      ...['set-price', '--country', 'JP', '--city', 'swapton', '--line', 'isp_residential'],
      ...['--days', '30', '--price', '20'],
    );
    return nodeKey;
  }

  async function customerWithOneIp() {
    const { url } = journey.server;
    const user = await registerUser(url);
    await topUp(url, user.token, 100);
    const catalog = await callEndpoint(url, listStaticIpCatalog, { token: user.token });
    const plan = catalog.items.find((item) => ['Swapton', '换城'].includes(item.city));
    if (!plan) throw new Error('the swapton plan is not on sale');
    const { instances } = await callEndpoint(url, createStaticIpOrder, {
      token: user.token,
      body: { planId: plan.id, durationDays: 30, quantity: 1 },
    });
    return { user, instance: instances[0]! };
  }

  /** Plays the node: waits for the check in its poll answer and reports it ok. */
  async function answerCheckAsNode(key: string, instanceId: string, latencyMs: number) {
    const { url } = journey.server;
    const deadline = Date.now() + GATEWAY_STATE_MS;
    while (Date.now() < deadline) {
      const { checks } = await callEndpoint(url, getNodeCredentials, { token: key, query: {} });
      const check = checks.find((item) => item.instanceId === instanceId);
      if (check) {
        await callEndpoint(url, reportNodeInstanceCheck, {
          token: key,
          params: { checkId: check.checkId },
          body: { ok: true, failure: null, latencyMs, egressIp: check.ip },
        });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the check never reached the node');
  }

  for (const [language, viewport] of [
    ['zh-CN', { width: 1440, height: 900 }],
    ['en-US', { width: 1440, height: 900 }],
    ['en-US', { width: 390, height: 844 }],
  ] as const) {
    it(`tests and replaces an IP in ${language} at ${viewport.width}px`, async () => {
      const { t, button } = wordsOf(language as Language);
      const key = await ensureNode();
      const { url } = journey.server;
      const { user, instance } = await customerWithOneIp();
      const page = await browseAs(journey, user.token, language);
      await page.setViewportSize(viewport);
      const shot = (name: string) => saveScreenshot(page, `${name}-${language}-${viewport.width}`);

      await page.goto(`${url}/console/ipList`);
      await waitForTableRows(page, 1);
      const row = page.locator(TABLE_ROW).filter({ hasText: instance.username });

      await row.getByRole('button', { name: button('instances.check.action') }).click();
      await answerCheckAsNode(key, instance.id, 42);
      await row.getByText(t('instances.check.ok', { ms: 42 })).waitFor();

      await row.getByRole('button', { name: button('instances.replace.action') }).click();
      const confirm = page.locator('.ant-popconfirm');
      // Bought just now: the replacement is free.
      await confirm.getByText(t('instances.replace.freeUntil', { time: '' }).slice(0, 8)).waitFor();
      await shot('ip-replace-confirm');
      await confirm.getByRole('button', { name: button('instances.replace.ok') }).click();
      const done = page.locator('.ant-modal-confirm');
      await done
        .locator('.ant-modal-confirm-title', { hasText: t('instances.replace.done') })
        .waitFor();
      const [replaced] = (await callEndpoint(url, listInstances, { token: user.token })).items;
      expect(replaced!.ip).not.toBe(instance.ip);
      expect(replaced!.password).toBe(instance.password);
      await done.getByText(`${replaced!.ip}:${replaced!.port}`, { exact: false }).waitFor();
      await shot('ip-replaced');
      await done.locator('.ant-btn-primary').click();
      await row.getByText(`${replaced!.ip}:${replaced!.port}`).waitFor();

      await page.goto(`${url}/console/ipOrderList`);
      await waitForTableRows(page, 2);
      await page.getByText(t('orders.type.replacement')).first().waitFor();
      await shot('ip-order-list-replacement');
    });
  }
});
