// The message catalogue of every word both sides write: the console shows these keys through
// i18next (its locale files spread the domains they show) and the server writes the same keys
// into CSV files and validation reasons, so a label reads the same on screen and in a file.
// Keys are flat and dotted (`<domain>.<what>`); `{{name}}` placeholders as i18next has them.
import type { Locale } from './locale.ts';
import { auditMessages } from './messages/audit.ts';
import { instancesMessages } from './messages/instances.ts';
import { inventoryMessages } from './messages/inventory.ts';
import { paymentsMessages } from './messages/payments.ts';
import { timeMessages } from './messages/time.ts';
import { trafficMessages } from './messages/traffic.ts';
import { validationMessages } from './messages/validation.ts';
import { walletMessages } from './messages/wallet.ts';

export {
  auditMessages,
  instancesMessages,
  inventoryMessages,
  paymentsMessages,
  timeMessages,
  trafficMessages,
  validationMessages,
  walletMessages,
};

const zhCN = {
  ...auditMessages['zh-CN'],
  ...instancesMessages['zh-CN'],
  ...inventoryMessages['zh-CN'],
  ...paymentsMessages['zh-CN'],
  ...timeMessages['zh-CN'],
  ...trafficMessages['zh-CN'],
  ...validationMessages['zh-CN'],
  ...walletMessages['zh-CN'],
};

/** A key of the shared catalogue. */
export type SharedMessageKey = keyof typeof zhCN;

export const sharedMessages: Record<Locale, Record<SharedMessageKey, string>> = {
  'zh-CN': zhCN,
  'en-US': {
    ...auditMessages['en-US'],
    ...instancesMessages['en-US'],
    ...inventoryMessages['en-US'],
    ...paymentsMessages['en-US'],
    ...timeMessages['en-US'],
    ...trafficMessages['en-US'],
    ...validationMessages['en-US'],
    ...walletMessages['en-US'],
  },
};

export type MessageParams = Record<string, string | number>;

/**
 * Words a key in one language, as i18next's `t` does on screen. `Key` narrows it to the keys a
 * label function uses, so the console can pass its `t` having spread only those domains.
 */
export type Translate<Key extends SharedMessageKey = SharedMessageKey> = (
  key: Key,
  params?: MessageParams,
) => string;

/** The message of `key` in `locale`, its `{{name}}` placeholders filled from `params`. */
export function translate(
  locale: Locale,
  key: SharedMessageKey,
  params: MessageParams = {},
): string {
  return sharedMessages[locale][key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** `translate` bound to one language: what server code hands to the label functions. */
export function translatorFor(locale: Locale): Translate {
  return (key, params) => translate(locale, key, params);
}
