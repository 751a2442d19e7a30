import { getWallet } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { saveScreenshot } from './support/browser.ts';
import { callEndpoint, registerUser } from './support/api.ts';
import { useJourney } from './support/journey.ts';

interface Texts {
  language: 'zh-CN' | 'en-US';
  amountGroup: string;
  sandbox: string;
  pay: string;
  confirm: string;
  success: string;
  backToConsole: string;
  billingRecords: string;
  topUpType: string;
}

const zh: Texts = {
  language: 'zh-CN',
  amountGroup: '充值金额',
  sandbox: '沙箱支付',
  pay: '立即支付',
  confirm: '确认支付',
  success: '充值成功',
  backToConsole: '返回控制台',
  billingRecords: '账单流水',
  topUpType: '充值',
};

const en: Texts = {
  language: 'en-US',
  amountGroup: 'Amount',
  sandbox: 'Sandbox',
  pay: 'Pay now',
  confirm: 'Confirm payment',
  success: 'Top-up successful',
  backToConsole: 'Back to console',
  billingRecords: 'Billing records',
  topUpType: 'Top-up',
};

// Recharge with the sandbox channel through the real server, on PostgreSQL.
describe('wallet top-up in Chromium', () => {
  const journey = useJourney('postgres');

  async function recharge(page: Page, texts: Texts, presetLabel: string, expectedBalance: string) {
    const tag = texts.language;
    await page.goto(`${journey.server.url}/console/recharge`);
    const presets = page.getByRole('radiogroup', { name: texts.amountGroup });
    await presets.getByRole('radio', { name: presetLabel }).click();
    await page.getByText(texts.sandbox, { exact: true }).first().click();
    await saveScreenshot(page, `recharge-${tag}`);
    await page.getByRole('button', { name: texts.pay }).click();

    await page.waitForURL('**/console/checkout-counter?paymentId=*');
    await page.getByRole('button', { name: texts.confirm }).waitFor();
    await saveScreenshot(page, `checkout-counter-${tag}`);
    await page.getByRole('button', { name: texts.confirm }).click();

    await page.waitForURL('**/portal/paySuccess?paymentId=*');
    await page.getByText(texts.success).waitFor();
    await page.getByText(expectedBalance).first().waitFor();
    await saveScreenshot(page, `pay-success-${tag}`);

    await page.getByRole('button', { name: texts.backToConsole }).click();
    await page.waitForURL('**/console/**');
    await page.getByRole('banner').getByText(expectedBalance).waitFor();
  }

  it('recharges ¥100 with the sandbox: paySuccess, header balance and billing records agree', async () => {
    const { page, context } = journey.browser;
    const user = await registerUser(journey.server.url);
    await context.addCookies([{ name: 'token', value: user.token, url: journey.server.url }]);

    await recharge(page, zh, '¥100.00', '¥100.00');

    await page.goto(`${journey.server.url}/console/businessFlow`);
    const row = page.getByRole('row').filter({ hasText: '+¥100.00' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(zh.topUpType);
    await expect(row.textContent()).resolves.toContain(zh.sandbox);
    await saveScreenshot(page, 'business-flow-zh-CN');

    const { wallet } = await callEndpoint(journey.server.url, getWallet, { token: user.token });
    expect(wallet.balance).toBe(100);
  });

  it('does the same in English', async () => {
    const { page } = journey.browser;
    await page.evaluate(() => localStorage.setItem('language', 'en-US'));

    await recharge(page, en, '¥50.00', '¥150.00');

    await page.goto(`${journey.server.url}/console/businessFlow`);
    await page.getByRole('heading', { name: en.billingRecords }).waitFor();
    await page.getByRole('row').filter({ hasText: '+¥50.00' }).waitFor();
    await expect(page.getByRole('row').filter({ hasText: en.topUpType }).count()).resolves.toBe(2);
    await saveScreenshot(page, 'business-flow-en-US');
  });
});
