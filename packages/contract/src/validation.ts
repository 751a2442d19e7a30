import { z } from 'zod';
import type { Locale } from './locale.ts';
import { MAX_YUAN } from './money.ts';

/**
 * Messages of the contract's own refinements. A schema's custom issue carries the key as its
 * message; the server and the web app translate it with this table.
 */
export const issueMessages = {
  passwordDigitsOnly: { 'zh-CN': '密码不能全为数字', 'en-US': 'must not consist of digits only' },
  emailLinkToken: {
    'zh-CN': '不是完整的邮件链接，请直接打开邮件中的链接',
    'en-US': 'is not a whole link from the email; open the link in the email as it is',
  },
  totpCode: { 'zh-CN': '应为 6 位数字', 'en-US': 'must be 6 digits' },
  recoveryCode: {
    'zh-CN': '应为恢复码，如 abcde-12345',
    'en-US': 'must be a recovery code such as abcde-12345',
  },
  moneyTooPrecise: { 'zh-CN': '金额最多两位小数', 'en-US': 'may have at most two decimals' },
  atMostTwoDecimals: { 'zh-CN': '最多两位小数', 'en-US': 'may have at most two decimals' },
  moneyNonZero: { 'zh-CN': '金额不能为 0', 'en-US': 'must not be zero' },
  noNulCharacter: {
    'zh-CN': '不能包含空字符（NUL）',
    'en-US': 'must not contain NUL characters',
  },
  singleLine: {
    'zh-CN': '不能包含换行符或其他控制字符',
    'en-US': 'must not contain line breaks or other control characters',
  },
  countryCode: {
    'zh-CN': '必须是两个字母的国家代码（ISO 3166-1），如 JP',
    'en-US': 'must be a two-letter country code (ISO 3166-1) such as JP',
  },
  cityCode: {
    'zh-CN': '只能由小写字母、数字和连字符组成，如 tokyo、los-angeles',
    'en-US': 'must be lower-case letters, digits and hyphens, such as tokyo or los-angeles',
  },
  durationsRepeated: { 'zh-CN': '同一时长只能定价一次', 'en-US': 'must price each duration once' },
  protocolsRepeated: { 'zh-CN': '协议不能重复', 'en-US': 'must name each protocol once' },
  nodeName: {
    'zh-CN': '只能包含字母、数字、点、短横线和下划线，并以字母或数字开头',
    'en-US':
      'may hold letters, digits, dots, dashes and underscores, starting with a letter or digit',
  },
  taxNumber: {
    'zh-CN': '应为 15、18 或 20 位纳税人识别号（数字和大写字母）',
    'en-US': 'must be a taxpayer number of 15, 18 or 20 digits and capital letters',
  },
  receiptSourceId: {
    'zh-CN': '应为付款或订单的 ID 或编号，如 TP202611290123456789',
    'en-US': "must be a payment's or order's id or number, such as TP202611290123456789",
  },
  nodeHost: {
    'zh-CN': '应为节点的公网 IP 地址或主机名',
    'en-US': "must be the node's public IP address or host name",
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type IssueMessageKey = keyof typeof issueMessages;

export function isIssueMessageKey(value: string): value is IssueMessageKey {
  return Object.hasOwn(issueMessages, value);
}

/** Largest value of a PostgreSQL `integer` (int4) column, where counts and day spans are stored. */
export const INT4_MAX = 2_147_483_647;

/**
 * Largest byte count the API takes: JSON numbers are exact up to 2^53 − 1, and PostgreSQL
 * `bigint` columns hold far more.
 */
export const MAX_SAFE_BYTES = Number.MAX_SAFE_INTEGER;

function assertBounds(min: number, max: number, limit: number): void {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max || max > limit) {
    throw new RangeError(`Bad integer bounds ${min}..${max} (limit ${limit})`);
  }
}

/**
 * An integer in `min..max` that fits the PostgreSQL `integer` column it ends up in: without an
 * upper bound a number such as 2^31 reaches SQL and fails there as an overflow.
 */
export function int4Schema(min: number, max: number = INT4_MAX) {
  assertBounds(min, max, INT4_MAX);
  return z.number().int().min(min).max(max);
}

/** `int4Schema` for a query string or path parameter: the text is coerced to a number first. */
export function queryInt4Schema(min: number, max: number = INT4_MAX) {
  assertBounds(min, max, INT4_MAX);
  return z.coerce.number<number | string>().int().min(min).max(max);
}

/** A byte count in `0..max` (bigint columns), never beyond what JSON carries exactly. */
export function byteCountSchema(max: number = MAX_SAFE_BYTES) {
  assertBounds(0, max, MAX_SAFE_BYTES);
  return z.number().int().min(0).max(max);
}

// PostgreSQL text cannot hold NUL at all; single-line fields (names, remarks, keywords, ids) take
// no C0 or C1 control character, DEL, or Unicode line and paragraph separator either: they end up
// in tables, CSV files and logs where a line break or terminal escape would forge structure.
// Written as escapes so the OpenAPI document carries the same pattern; matching control
// characters is the point of these two patterns.
// eslint-disable-next-line no-control-regex
const withoutNul = /^[^\u0000]*$/;
// eslint-disable-next-line no-control-regex
const singleLinePattern = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;

/** Text of at most `max` characters that PostgreSQL can store (no NUL); line breaks allowed. */
export function plainTextSchema({ min = 0, max }: { min?: number; max: number }) {
  const text = min > 0 ? z.string().min(min) : z.string();
  return text.max(max).regex(withoutNul, 'noNulCharacter');
}

/**
 * One line of text, trimmed, of `min..max` characters, without control characters. `min: 1`
 * refuses a blank value.
 */
export function singleLineTextSchema({ min = 0, max }: { min?: number; max: number }) {
  const text = min > 0 ? z.string().trim().min(min) : z.string().trim();
  return text.max(max).regex(singleLinePattern, 'singleLine');
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Emails are compared case-insensitively: trimmed and lower-cased before anything else. */
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** At least 8 characters and not only digits, enforced by both the web form and the server. */
export const passwordSchema = plainTextSchema({
  min: PASSWORD_MIN_LENGTH,
  max: PASSWORD_MAX_LENGTH,
}).refine((value) => !/^\d+$/.test(value), { message: 'passwordDigitsOnly' });

/** Yuan amounts at the API edge: a number with at most two decimals, within ±`MAX_YUAN`. */
export const yuanSchema = z
  .number()
  .min(-MAX_YUAN)
  .max(MAX_YUAN)
  .refine(
    (value) => Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    {
      message: 'moneyTooPrecise',
    },
  );
