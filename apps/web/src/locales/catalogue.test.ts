import { describe, expect, it } from 'vitest';
import enConsole from './catalogue-en-US-console.ts';
import enPortal from './catalogue-en-US-portal.ts';
import zhConsole from './catalogue-zh-CN-console.ts';
import zhPortal from './catalogue-zh-CN-portal.ts';
import { messages, PORTAL_DOMAINS } from './index.ts';

const catalogues = {
  'zh-CN': { portal: zhPortal, console: zhConsole },
  'en-US': { portal: enPortal, console: enConsole },
};
const portalPrefixes = PORTAL_DOMAINS.map((domain) => `${domain}.`);

describe.each(Object.entries(catalogues))('the %s catalogues', (language, { portal, console }) => {
  it('hold together exactly the messages of the domain table', () => {
    expect({ ...portal, ...console }).toEqual(messages[language as keyof typeof messages]);
    expect(Object.keys(portal).length + Object.keys(console).length).toBe(
      Object.keys(messages[language as keyof typeof messages]).length,
    );
  });

  it("split by domain: the portal's domains in the portal's, every other in the console's", () => {
    const isPortalKey = (key: string) => portalPrefixes.some((prefix) => key.startsWith(prefix));
    expect(Object.keys(portal).filter((key) => !isPortalKey(key))).toEqual([]);
    expect(Object.keys(console).filter(isPortalKey)).toEqual([]);
    expect(portal['auth.login.title']).toBeTruthy();
    expect(console['nav.overview']).toBeUndefined();
  });
});

it('holds one language per catalogue', () => {
  expect(zhPortal['auth.login.title']).not.toBe(enPortal['auth.login.title']);
  expect(zhConsole['overview.retry']).not.toBe(enConsole['overview.retry']);
});
