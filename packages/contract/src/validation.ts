import { z } from 'zod';
import type { Locale } from './locale.ts';

/**
 * Messages of the contract's own refinements. A schema's custom issue carries the key as its
 * message; the server and the web app translate it with this table.
 */
export const issueMessages = {
  passwordDigitsOnly: { 'zh-CN': '密码不能全为数字', 'en-US': 'must not consist of digits only' },
  moneyTooPrecise: { 'zh-CN': '金额最多两位小数', 'en-US': 'may have at most two decimals' },
} as const satisfies Record<string, Record<Locale, string>>;

export type IssueMessageKey = keyof typeof issueMessages;

export function isIssueMessageKey(value: string): value is IssueMessageKey {
  return Object.hasOwn(issueMessages, value);
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Emails are compared case-insensitively: trimmed and lower-cased before anything else. */
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** At least 8 characters and not only digits, enforced by both the web form and the server. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH)
  .refine((value) => !/^\d+$/.test(value), { message: 'passwordDigitsOnly' });
