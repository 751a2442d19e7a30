import { describe, expect, it } from 'vitest';
import { locales } from './locale.ts';
import {
  categoryOfEvent,
  mailTemplates,
  mandatoryNotificationCategories,
  messageEvents,
} from './mail.ts';

function placeholdersOf(words: readonly string[]): string[] {
  return [
    ...new Set(words.flatMap((line) => [...line.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!))),
  ].sort();
}

describe('mail templates', () => {
  it('say the same things in every language: the same templates with the same placeholders', () => {
    const [first, ...others] = locales;
    const ids = Object.keys(mailTemplates[first]).sort();
    for (const locale of others) {
      expect(Object.keys(mailTemplates[locale]).sort()).toEqual(ids);
      for (const id of ids) {
        const key = id as keyof (typeof mailTemplates)['zh-CN'];
        const here = mailTemplates[locale][key];
        const there = mailTemplates[first][key];
        expect(placeholdersOf([here.subject, ...here.paragraphs]), id).toEqual(
          placeholdersOf([there.subject, ...there.paragraphs]),
        );
        expect(Boolean(here.action), id).toBe(Boolean(there.action));
      }
    }
  });

  it('name only known events, account links or the notice of a webhook switched off', () => {
    for (const id of Object.keys(mailTemplates['zh-CN'])) {
      expect(
        (messageEvents as readonly string[]).includes(id) ||
          id.startsWith('account.') ||
          id === 'webhook.disabled',
        id,
      ).toBe(true);
    }
  });

  it('keep security and money mandatory', () => {
    expect(mandatoryNotificationCategories).toEqual(['security', 'money']);
    expect(categoryOfEvent['security.changed']).toBe('security');
    expect(categoryOfEvent['payment.credited']).toBe('money');
  });
});
