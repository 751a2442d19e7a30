import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTopUp, getReceipt, updateBusinessProfile, type Receipt } from '@stratus/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, registerUser, type RegisteredUser } from './support/api.ts';
import { saveScreenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { findLayoutProblems, formatLayoutProblems } from './support/layout-checks.ts';
import { screenshotDir } from './support/paths.ts';
import { signIn } from './support/staff-console.ts';
import { wordsOf, type Language } from './support/words.ts';

const OWNER = { email: 'owner@stratus.example', password: 'head of house 1' };
const COMPANY = '云层网络科技（上海）有限公司';
const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The text `pdftotext` (Debian's poppler-utils) reads from a PDF, as a person copying it would. */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stratus-receipt-'));
  try {
    const file = path.join(dir, 'receipt.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// A customer's receipt as the browser prints it: a sandbox top-up paid at the cashier, its
// receipt opened from the pay-success page (Chinese) and from the ledger (English), each saved as
// an A4 PDF by Chromium, whose text must hold the receipt's number, amount and trade number and
// the company the owner entered in the settings.
describe('receipts in Chromium', () => {
  const journey = useJourney('postgres');
  let customer: RegisteredUser;
  let paymentId: string;
  let receipt: Receipt;

  beforeAll(async () => {
    const { url } = journey.server;
    await journey.server.admin('create-operator', OWNER.email, '--password', OWNER.password);
    const ownerToken = await signIn(url, OWNER.email, OWNER.password);
    await callEndpoint(url, updateBusinessProfile, {
      token: ownerToken,
      body: {
        companyName: COMPANY,
        address: '上海市浦东新区张江路 88 号',
        taxNumber: '91310115MA1K4ABC2X',
        phone: '021-5555 0100',
        email: 'billing@stratus.example',
      },
    });
    customer = await registerUser(url);
    ({ paymentId } = await callEndpoint(url, createTopUp, {
      token: customer.token,
      body: { amount: 1234.56, channel: 'sandbox' },
    }));
  });

  /** Looks at the receipt on a laptop and a phone, then prints it; answers the PDF's text. */
  async function lookAndPrint(page: Page, language: Language): Promise<string> {
    const problems: string[] = [];
    for (const [device, viewport] of [
      ['laptop', LAPTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.getByTestId('receipt').waitFor();
      const name = `receipt-${device}-${language}`;
      await saveScreenshot(page, name);
      problems.push(...formatLayoutProblems(name, await findLayoutProblems(page)));
    }
    expect(problems).toEqual([]);
    await page.setViewportSize(LAPTOP);
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    if (process.env.E2E_SCREENSHOTS === '1') {
      await mkdir(screenshotDir, { recursive: true });
      await writeFile(path.join(screenshotDir, `receipt-${language}.pdf`), pdf);
    }
    // One clean page: the console's frame is not printed.
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    return pdfText(pdf);
  }

  it('pays at the sandbox cashier and prints the receipt from the pay-success page (zh-CN)', async () => {
    const { t, button } = wordsOf('zh-CN');
    const { url } = journey.server;
    const { page, context } = journey.browser;
    await context.addCookies([{ name: 'token', value: customer.token, url }]);
    await page.goto(`${url}/console/checkout-counter?paymentId=${paymentId}`);
    await page.getByRole('button', { name: button('payments.checkout.confirm') }).click();
    await page.waitForURL('**/portal/paySuccess?paymentId=*');
    await page.getByRole('button', { name: button('receipts.view') }).waitFor();
    await saveScreenshot(page, 'receipt-pay-success-zh-CN');
    await page.getByRole('button', { name: button('receipts.view') }).click();
    await page.waitForURL(`**/console/receipt/topup/${paymentId}`);

    receipt = await callEndpoint(url, getReceipt, {
      token: customer.token,
      params: { kind: 'topup', id: paymentId },
    });
    const text = await lookAndPrint(page, 'zh-CN');
    expect(text).toContain(t('receipts.title'));
    expect(text).toContain(COMPANY);
    expect(text).toContain(receipt.receiptNo);
    expect(text).toContain('¥1234.56');
    expect(text).toContain(receipt.providerTradeNo!);
    expect(text).not.toContain(t('receipts.print'));
    expect(text).not.toContain(t('nav.businessFlow'));
  });

  it('opens the same receipt from the ledger and prints it in English', async () => {
    const { t } = wordsOf('en-US');
    const { page } = journey.browser;
    await page.evaluate(() => localStorage.setItem('language', 'en-US'));
    await page.goto(`${journey.server.url}/console/businessFlow`);
    const row = page.getByRole('row').filter({ hasText: '+¥1234.56' });
    await row.getByRole('link', { name: t('receipts.link') }).waitFor();
    await saveScreenshot(page, 'receipt-ledger-en-US');
    await row.getByRole('link', { name: t('receipts.link') }).click();
    await page.waitForURL(`**/console/receipt/topup/${receipt.sourceNo}`);

    const text = await lookAndPrint(page, 'en-US');
    expect(text).toContain(t('receipts.title'));
    expect(text).toContain(COMPANY);
    expect(text).toContain(receipt.receiptNo);
    expect(text).toContain('¥1234.56');
    expect(text).toContain(receipt.providerTradeNo!);
    expect(text).toContain(t('receipts.tradeNo'));
  });
});
