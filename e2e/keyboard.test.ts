import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { registerUser } from './support/api.ts';
import { PAGE_STATE_MS, saveScreenshot, waitForTableRows } from './support/browser.ts';
import { journeyKeys } from './support/keyboard.ts';
import { useJourney } from './support/journey.ts';
import { wordsOf } from './support/words.ts';

// Recharge, purchase and export with the keyboard alone: Tab, Shift+Tab, Enter, Space, arrows and
// Escape, never a click. Each control is reached by tabbing as a keyboard user reaches it.
describe('keyboard-only journeys in Chromium', () => {
  const journey = useJourney('postgres');
  const { t, button } = wordsOf('zh-CN');

  it('recharges ¥100, buys a static IP and exports SOCKS5 without a mouse', async () => {
    const { page, context } = journey.browser;
    const { url } = journey.server;
    const user = await registerUser(url);
    await context.addCookies([{ name: 'token', value: user.token, url }]);
    const keys = journeyKeys(page);

    // Recharge ¥100 through the sandbox cashier.
    await page.goto(`${url}/console/recharge`);
    const amounts = page.getByRole('radiogroup', { name: t('wallet.recharge.amount.title') });
    const hundred = amounts.getByRole('radio', { name: '¥100.00' });
    await keys.tabTo(hundred);
    await page.keyboard.press('Space');
    await expect.poll(() => hundred.getAttribute('aria-checked')).toBe('true');
    const sandbox = page.getByRole('radio', { name: new RegExp(t('payments.channel.sandbox')) });
    await keys.tabTo(sandbox);
    await page.keyboard.press('Space');
    await expect.poll(() => sandbox.isChecked()).toBe(true);
    await saveScreenshot(page, 'keyboard-recharge-zh-CN');
    await keys.tabTo(page.getByRole('button', { name: button('wallet.recharge.pay') }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/console/checkout-counter?paymentId=*');
    await keys.tabTo(page.getByRole('button', { name: button('payments.checkout.confirm') }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/portal/paySuccess?paymentId=*');
    await page.getByText(t('payments.result.success.title')).waitFor();
    await keys.tabTo(page.getByRole('button', { name: button('payments.result.overview') }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/console/**');
    await page.getByRole('banner').getByText('¥100.00').waitFor();

    // Buy one static IP: choose a plan, open the confirmation, leave it with Escape (the focus
    // comes back to the buy button), open it again and pay.
    await page.goto(`${url}/console/buyStaticIP`);
    const plan = page.getByRole('button', { name: /东京/ }).first();
    await keys.tabTo(plan);
    await page.keyboard.press('Enter');
    await page.getByText(/× 1 =/).waitFor();
    const buy = page.getByRole('button', { name: button('instances.buy.submit') });
    await keys.tabTo(buy);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => keys.focusIsWithin(dialog), { timeout: PAGE_STATE_MS }).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => keys.focusIsWithin(buy), { timeout: PAGE_STATE_MS }).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await keys.tabTo(dialog.getByRole('button', { name: button('instances.buy.confirmOk') }));
    await page.keyboard.press('Enter');
    await page.getByText(t('instances.buy.successTitle')).waitFor();
    await keys.tabTo(page.getByRole('button', { name: button('instances.buy.toList') }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/console/ipList**');
    await waitForTableRows(page, 1);

    // Export SOCKS5: the menu opens from its button with the focus inside it, Escape closes it
    // and gives the focus back; opened again, the arrows walk to the entry.
    const exportButton = page.getByRole('button', { name: new RegExp(t('instances.list.export')) });
    await keys.tabTo(exportButton);
    await page.keyboard.press('Enter');
    const socks5 = page.getByRole('menuitem', {
      name: t('instances.list.exportSocks5'),
      exact: true,
    });
    const menu = page.getByRole('menu').filter({ has: socks5 });
    await expect.poll(() => keys.focusIsWithin(menu), { timeout: PAGE_STATE_MS }).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => keys.focusIsWithin(exportButton)).toBe(true);
    await page.keyboard.press('Enter');
    await socks5.waitFor();
    await saveScreenshot(page, 'keyboard-export-menu-zh-CN');
    await keys.arrowTo(socks5);
    const downloadStarted = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await downloadStarted;
    const exported = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
    expect(exported).toHaveLength(1);
    expect(new URL(exported[0]!).protocol).toBe('socks5:');
  });
});
