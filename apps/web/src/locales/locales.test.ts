import { errors, locales, sharedMessages } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../shared/i18n/i18n.ts';
import { localeDomains, messages } from './index.ts';

describe('locale files', () => {
  it.each(Object.entries(localeDomains))('%s has the same keys in every language', (_, files) => {
    const [first, ...others] = locales.map((locale) => Object.keys(files[locale]).sort());
    for (const keys of others) expect(keys).toEqual(first);
  });

  it.each(Object.entries(localeDomains))(
    '%s keys are flat, dotted and prefixed by the domain',
    (domain, files) => {
      for (const locale of locales) {
        for (const [key, text] of Object.entries(files[locale])) {
          expect(key.startsWith(`${domain}.`)).toBe(true);
          expect(text.trim()).not.toBe('');
        }
      }
    },
  );

  it('has no key defined by two domains', () => {
    const total = Object.values(localeDomains).reduce(
      (count, files) => count + Object.keys(files['zh-CN']).length,
      0,
    );
    expect(Object.keys(messages['zh-CN'])).toHaveLength(total);
  });

  it('writes English with English punctuation: no full-width colon or comma', () => {
    // Chinese punctuation belongs to the zh-CN strings; a copied 「：」 reads as "Balance： ¥1".
    const fullWidth = /[：，；（）。！？]/;
    const english = [
      ...Object.entries(messages['en-US']),
      ...Object.entries(sharedMessages['en-US']),
      ...Object.entries(errors).map(([name, error]) => [name, error.message['en-US']] as const),
    ];
    expect(english.filter(([, text]) => fullWidth.test(text))).toEqual([]);
  });

  it('names the one action of confirming a payment with one label in each language', () => {
    // English said "Pay", "Confirm and pay" and "Confirm payment" where Chinese says 确认支付
    // every time: a customer (and a test clicking by name) met three words for one button.
    const confirming = Object.keys(messages['zh-CN']).filter(
      (key) => messages['zh-CN'][key as keyof (typeof messages)['zh-CN']] === '确认支付',
    );
    expect(confirming.length).toBeGreaterThan(1);
    for (const key of confirming) {
      expect(messages['en-US'][key as keyof (typeof messages)['en-US']], key).toBe(
        'Confirm payment',
      );
    }
  });

  it('counts things in English with one for one: pagination totals have plural forms', () => {
    // "1 packages" read wrong on the pages' totals: a count before a plural noun needs `_one`.
    const english = Object.entries(messages['en-US']);
    const countedPlural = /\{\{(total|topUps|orders)\}\} [a-z-]+s\b/;
    expect(english.filter(([, text]) => countedPlural.test(text))).toEqual([]);
    const keys = new Set(english.map(([key]) => key));
    for (const [key, text] of english.filter(([name]) => name.endsWith('_one'))) {
      expect(text, key).toContain('{{count}}');
      expect(keys.has(`${key.slice(0, -'_one'.length)}_other`), key).toBe(true);
    }
    const inEnglish = i18n.getFixedT('en-US');
    expect(inEnglish('traffic.packages.total', { count: 1 })).toBe('1 package');
    expect(inEnglish('traffic.packages.total', { count: 2 })).toBe('2 packages');
    expect(i18n.getFixedT('zh-CN')('traffic.packages.total', { count: 1 })).toBe('共 1 个');
  });

  it('keeps the seed error texts identical in both languages', () => {
    for (const locale of locales) {
      expect(messages[locale]['common.pageError.title']).toBe(
        'Sorry, an error occurred on the page!',
      );
      expect(messages[locale]['common.pageError.retry']).toBe('Try again?');
    }
  });
});
