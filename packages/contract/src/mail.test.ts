import { describe, expect, it } from 'vitest';
import { locales } from './locale.ts';
import {
  categoryOfEvent,
  mailPlace,
  mailPlanName,
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

describe('places in mail', () => {
  const region = (country: [string, string], city: [string, string]) => ({
    countryNameZh: country[0],
    countryNameEn: country[1],
    cityNameZh: city[0],
    cityNameEn: city[1],
  });
  const tokyo = region(['日本', 'Japan'], ['东京', 'Tokyo']);
  const singapore = region(['新加坡', 'Singapore'], ['新加坡', 'Singapore']);

  it('name a city with its country, in each language’s order', () => {
    expect(mailPlace(tokyo, 'zh-CN')).toBe('日本东京');
    expect(mailPlace(tokyo, 'en-US')).toBe('Tokyo, Japan');
  });

  it('say a city that is its own country once', () => {
    expect(mailPlace(singapore, 'zh-CN')).toBe('新加坡');
    expect(mailPlace(singapore, 'en-US')).toBe('Singapore');
    // Names the catalog wrote with a stray space or in another case are still the same place.
    const hongKong = region(['中国香港', 'Hong Kong'], ['中国香港 ', 'hong kong']);
    expect(mailPlace(hongKong, 'zh-CN')).toBe('中国香港');
    expect(mailPlace(hongKong, 'en-US')).toBe('Hong Kong');
  });

  it('name a plan by its place and line type', () => {
    expect(mailPlanName(tokyo, 'isp_residential', 'zh-CN')).toBe('日本东京 ISP住宅');
    expect(mailPlanName(singapore, 'datacenter', 'en-US')).toBe('Singapore (datacenter)');
  });
});
