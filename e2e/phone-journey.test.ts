import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  chooseFromDropdown,
  launchBrowser,
  saveScreenshot,
  TABLE_ROW,
  waitForPageContent,
  waitForTableRows,
  type Browser,
} from './support/browser.ts';
import { findLayoutProblems, formatLayoutProblems } from './support/layout-checks.ts';
import { useJourney } from './support/journey.ts';
import { wordsOf, type Language } from './support/words.ts';

const PHONE = { width: 390, height: 844 };

/** The demo catalog's region the journey buys in, as the server names it in each language. */
const tokyo: Record<Language, RegExp> = { 'zh-CN': /东京/, 'en-US': /Tokyo/ };

// A new person's whole first visit on a phone, only by taps: the portal, sign-up, a sandbox
// top-up, a static IP, its SOCKS5 export and signing out, with every screen checked for what a
// person could not read or reach at that width.
describe('the phone journey in Chromium', () => {
  const journey = useJourney('postgres');
  let phone: Browser | undefined;

  afterEach(async () => {
    await phone?.close();
    phone = undefined;
  });

  async function walk(language: Language) {
    phone = await launchBrowser({ viewport: PHONE, locale: language });
    const { page } = phone;
    const { t, button } = wordsOf(language);
    const problems: string[] = [];
    /**
     * Looks at the screen as it is now: a picture is saved and layout problems are kept, except
     * on a page whose own layout the phone sweep of every customer page answers for.
     */
    const look = async (step: string, options: { sweptElsewhere?: boolean } = {}) => {
      const name = `phone-${step}-${language}`;
      await saveScreenshot(page, name);
      if (options.sweptElsewhere) return;
      problems.push(...formatLayoutProblems(name, await findLayoutProblems(page)));
    };
    const openMenuPage = async (title: Parameters<typeof t>[0], path: string) => {
      await page.getByRole('button', { name: t('common.openMenu') }).click();
      const drawer = page.getByRole('dialog', { name: t('common.menu') });
      await drawer.getByRole('link', { name: t(title), exact: true }).click();
      await page.waitForURL(`**${path}`);
      await drawer.waitFor({ state: 'hidden' });
    };

    await page.goto(`${journey.server.url}/`);
    await page.waitForURL('**/portal/home');
    if (language !== 'zh-CN') {
      await chooseFromDropdown(
        page,
        page.getByRole('button', { name: /中文/ }),
        t('common.language.en-US'),
      );
    }
    await page.getByRole('heading', { name: t('auth.login.title'), exact: true }).waitFor();
    // On a phone the form comes first: it stands in the first screen, before the sales pitch.
    const signInCard = page.getByRole('region', { name: t('auth.login.title'), exact: true });
    const cardBox = await signInCard.boundingBox();
    expect(cardBox!.y).toBeLessThan(PHONE.height / 2);
    await look('portal');

    await page.getByRole('button', { name: button('auth.switch.toRegister') }).click();
    await page.getByRole('heading', { name: t('auth.register.title'), exact: true }).waitFor();
    const email = `phone-${randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel(t('auth.field.email')).fill(email);
    await page.getByLabel(t('auth.field.password'), { exact: true }).fill('a-strong-password-1');
    await page.getByLabel(t('auth.field.confirmPassword')).fill('a-strong-password-1');
    await look('register');
    await page.getByRole('button', { name: button('auth.register.submit') }).click();
    await page.waitForURL('**/console/overview');
    await page.getByRole('heading', { name: t('nav.overview') }).waitFor();
    await page.waitForFunction(
      () => !document.querySelector('main .ant-spin-spinning, main [aria-busy="true"]'),
    );
    await look('overview');

    await page.getByRole('button', { name: t('common.openMenu') }).click();
    await page
      .getByRole('dialog', { name: t('common.menu') })
      .getByRole('link')
      .first()
      .waitFor();
    await look('menu');
    await page
      .getByRole('dialog', { name: t('common.menu') })
      .getByRole('link', { name: t('nav.recharge'), exact: true })
      .click();
    await page.waitForURL('**/console/recharge');
    const presets = page.getByRole('radiogroup', { name: t('wallet.recharge.amount.title') });
    await presets.getByRole('radio', { name: '¥100.00' }).click();
    await page.getByText(t('payments.channel.sandbox'), { exact: true }).first().click();
    await look('recharge');
    await page.getByRole('button', { name: button('wallet.recharge.pay') }).click();

    await page.waitForURL('**/console/checkout-counter?paymentId=*');
    const confirm = page.getByRole('button', { name: button('payments.checkout.confirm') });
    await confirm.waitFor();
    await look('checkout-counter');
    await confirm.click();

    await page.waitForURL('**/portal/paySuccess?paymentId=*');
    await page.getByText(t('payments.result.success.title')).waitFor();
    await page.getByText('¥100.00').first().waitFor();
    await look('pay-success');
    await page.getByRole('button', { name: button('payments.result.overview') }).click();
    await page.waitForURL('**/console/**');
    await page.getByRole('banner').getByText('¥100.00').waitFor();

    await openMenuPage('nav.buyStaticIP', '/console/buyStaticIP');
    await page.getByRole('button', { name: tokyo[language] }).first().click();
    await page.getByText(/× 1 =/).waitFor();
    await look('buy-static-ip');
    await page.getByRole('button', { name: button('instances.buy.submit') }).click();
    const confirmDialog = page.getByRole('dialog');
    await confirmDialog.getByRole('button', { name: button('instances.buy.confirmOk') }).waitFor();
    await look('buy-static-ip-confirm');
    await confirmDialog.getByRole('button', { name: button('instances.buy.confirmOk') }).click();
    await page.getByText(t('instances.buy.successTitle')).waitFor();
    await page.getByRole('button', { name: button('instances.buy.toList') }).click();
    await page.waitForURL('**/console/ipList**');
    await waitForTableRows(page, 1);
    // The IP list is the sweep's (with the IP management pages); this journey only uses its export.
    await look('ip-list', { sweptElsewhere: true });

    const downloadStarted = page.waitForEvent('download');
    await chooseFromDropdown(
      page,
      page.getByRole('button', { name: new RegExp(t('instances.list.export')) }),
      'SOCKS5',
      { exact: true },
    );
    const download = await downloadStarted;
    const exported = await readFile((await download.path())!, 'utf8');
    expect(exported.split('\n').some((line) => line.startsWith('socks5://'))).toBe(true);

    await openMenuPage('nav.businessFlow', '/console/businessFlow');
    await waitForPageContent(page, page.locator(TABLE_ROW).filter({ hasText: '+¥100.00' }));
    await look('business-flow');

    const accountMenu = page.getByTestId('account-menu');
    const closeDialog = async () => {
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t('common.close') })
        .click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    };
    await chooseFromDropdown(page, accountMenu, t('users.menu.profile'));
    await page.getByRole('dialog').getByText(email).first().waitFor();
    await look('profile');
    await closeDialog();
    await chooseFromDropdown(page, accountMenu, t('users.menu.password'));
    await page.getByRole('dialog').getByLabel(t('users.password.current')).waitFor();
    await look('change-password');
    await closeDialog();

    await chooseFromDropdown(page, accountMenu, t('users.menu.logout'));
    await page.getByText(t('users.logout.confirm')).filter({ visible: true }).waitFor();
    await look('logout-confirm');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: button('users.logout.ok') })
      .click();
    await page.waitForURL('**/portal/home?redirect=*');
    // Signing out forgets the stored language with the rest, so the portal may be in Chinese.
    await page.locator('#sign-in-title').waitFor();
    await look('signed-out');

    expect(problems).toEqual([]);
  }

  it('takes a new person from the portal to an exported IP and out again, in Chinese', async () => {
    await walk('zh-CN');
  });

  it('does the same in English', async () => {
    await walk('en-US');
  });
});
