// Signing in as a person does: the portal's form, in the journey's language.
import type { Page } from 'playwright-core';
import { codeAt } from '../../apps/server/test/two-step.ts';
import { chooseFromDropdown } from './browser.ts';
import { wordsOf, type Language } from './words.ts';

/**
 * Opens the portal at `url`, switches it to `language` unless the browser already chose it, and
 * submits the email and password (a second step, if the account has one, follows).
 */
export async function submitSignInForm(
  page: Page,
  url: string,
  language: Language,
  { email, password }: { email: string; password: string },
): Promise<void> {
  const { t, button } = wordsOf(language);
  await page.goto(`${url}/portal/home`);
  await page.getByRole('button', { name: /中文|English/ }).waitFor();
  // The portal speaks Chinese until it is told otherwise (the browser remembers the choice).
  if (language !== 'zh-CN' && (await page.getByRole('button', { name: /中文/ }).count()) > 0) {
    await chooseFromDropdown(
      page,
      page.getByRole('button', { name: /中文/ }),
      t('common.language.en-US'),
    );
  }
  await page.getByLabel(t('auth.field.email')).fill(email);
  await page.getByLabel(t('auth.field.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: button('auth.login.submit') }).click();
}

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
export function authenticatorCode(secret: string, stepsAhead = 0): string {
  return codeAt(secret, Date.now() + stepsAhead * 30_000);
}
