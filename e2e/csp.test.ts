import { beforeAll, describe, expect, it } from 'vitest';
import { chooseFromDropdown, waitForPageContent } from './support/browser.ts';
import { registerUser } from './support/api.ts';
import { useJourney } from './support/journey.ts';

// The token cookie is readable by the app (the seed's design), so the Content Security Policy is
// what keeps injected scripts from reading it. This proves the policy holds in a real browser and
// that the app itself runs under it without a single violation.
describe('content security policy in Chromium', () => {
  const journey = useJourney('postgres');
  const violations: string[] = [];

  beforeAll(() => {
    journey.browser.page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        violations.push(message.text());
    });
  });

  it('runs the portal and the console without a violation', async () => {
    const { page, context } = journey.browser;
    await page.goto(`${journey.server.url}/portal/home`);
    await page.getByRole('heading', { name: '登录' }).waitFor();
    const user = await registerUser(journey.server.url);
    await context.addCookies([{ name: 'token', value: user.token, url: journey.server.url }]);
    await page.goto(`${journey.server.url}/console/overview`);
    await page.getByTestId('account-menu').getByText(user.email).waitFor();
    await chooseFromDropdown(page, page.getByTestId('account-menu'), '个人信息');
    await page.getByRole('dialog').getByText('curl').first().waitFor();
    expect(violations).toEqual([]);
  });

  // Ant Design's rules come from stylesheets the build makes (apps/web/build/antd-stylesheet.ts),
  // served from 'self': its components build no CSS in the page, and the portal loads none of it.
  it('styles Ant Design from built stylesheets, not from style tags built in the page', async () => {
    const { page } = journey.browser;
    await page.goto(`${journey.server.url}/console/ipList`);
    await waitForPageContent(page, page.locator('main .ant-table-thead').first());
    const styles = await page.evaluate(() => {
      // What stays in the page: the theme's values as CSS variables (`.css-var-…{--ant-…}`).
      const inPage = [...document.querySelectorAll('style')].map((style) =>
        (style.textContent ?? '').replace(/\.css-var-[^{]*\{[^}]*\}/g, ''),
      );
      const header = getComputedStyle(document.querySelector('main .ant-table-thead th')!);
      const button = getComputedStyle(
        document.querySelector('main .ant-btn:not(.ant-btn-compact-item)')!,
      );
      return {
        componentRulesInPage: inPage.filter((text) =>
          /\.ant-(table|btn|select)[\s.:{,]/.test(text),
        ),
        headerBackground: header.backgroundColor,
        headerPadding: header.padding,
        // The console's theme (borderRadius 8, Ant Design's own is 6) still reaches the rules.
        buttonRadius: button.borderTopLeftRadius,
      };
    });
    expect(styles.componentRulesInPage).toEqual([]);
    expect(styles.headerBackground).toBe('rgb(250, 250, 250)');
    expect(styles.headerPadding).not.toBe('0px');
    expect(styles.buttonRadius).toBe('8px');

    await page.goto(`${journey.server.url}/portal/home`);
    await page.getByRole('heading', { name: '登录' }).waitFor();
    const antdRules = await page.evaluate(
      () =>
        [...document.styleSheets]
          .flatMap((sheet) => [...sheet.cssRules])
          .filter(
            (rule) =>
              rule instanceof CSSStyleRule && /\.ant-(table|select)\b/.test(rule.selectorText),
          ).length,
    );
    expect(antdRules).toBe(0);
    expect(violations).toEqual([]);
  });

  it('blocks injected inline scripts and handlers, so they cannot read the token cookie', async () => {
    const { page } = journey.browser;
    await page.evaluate(async () => {
      const probe = { directives: [] as string[] };
      Object.assign(window, { cspProbe: probe });
      document.addEventListener('securitypolicyviolation', (event) =>
        probe.directives.push(event.effectiveDirective),
      );
      const injected = document.createElement('script');
      injected.textContent = 'window.stolenByScript = document.cookie;';
      document.body.append(injected);
      // The classic XSS vector: markup carrying an inline event handler.
      const holder = document.createElement('div');
      holder.innerHTML =
        '<img src="/missing.png" onerror="window.stolenByHandler = document.cookie">';
      const image = holder.querySelector('img')!;
      await new Promise((resolve) => image.addEventListener('error', resolve));
      document.body.append(holder);
    });
    // Violations are reported by a task of their own: wait until both are, not for a while.
    await page.waitForFunction(() => {
      const { directives } = (window as unknown as { cspProbe: { directives: string[] } }).cspProbe;
      return directives.includes('script-src-elem') && directives.includes('script-src-attr');
    });
    const outcome = await page.evaluate(() => {
      const seen = window as unknown as {
        cspProbe: { directives: string[] };
        stolenByScript?: string;
        stolenByHandler?: string;
      };
      return {
        directives: seen.cspProbe.directives,
        stolenByScript: seen.stolenByScript ?? null,
        stolenByHandler: seen.stolenByHandler ?? null,
        cookieIsThere: document.cookie.includes('token='),
      };
    });
    expect(outcome.cookieIsThere).toBe(true);
    expect(outcome.stolenByScript).toBeNull();
    expect(outcome.stolenByHandler).toBeNull();
    expect(outcome.directives).toContain('script-src-elem');
    expect(outcome.directives).toContain('script-src-attr');
  });

  it('refuses to be framed and sends nosniff on the page itself', async () => {
    const response = await fetch(`${journey.server.url}/console/overview`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await response.text();
    const nonce = /<meta name="csp-nonce" content="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain(`'nonce-${nonce}'`);
  });
});
