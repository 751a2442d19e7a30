import { isIssueMessageKey, issueMessages, type Locale } from '@stratus/contract';
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';

export interface ValidationIssue {
  /** Dotted path of the field inside its part of the request: `email`, `items.0.quantity`. */
  path: string;
  /** Why it failed, in the request's language. */
  message: string;
}

export interface ValidationFailure {
  /** The first field at fault; `data.field` of the envelope and `{field}` in the message. */
  field: string;
  issues: ValidationIssue[];
}

type Texts = Record<Locale, string>;
type IssueParams = Record<string, unknown>;

/** Reasons shown after "Invalid {field}: "; `{name}` placeholders come from the zod issue. */
const reasons = {
  required: { 'zh-CN': '不能为空', 'en-US': 'is required' },
  invalid: { 'zh-CN': '取值无效', 'en-US': 'is invalid' },
  wrongType: { 'zh-CN': '必须是{expected}', 'en-US': 'must be {expected}' },
  tooShort: {
    'zh-CN': '不能少于 {minimum} 个字符',
    'en-US': 'must be at least {minimum} characters',
  },
  tooLong: {
    'zh-CN': '不能超过 {maximum} 个字符',
    'en-US': 'must be at most {maximum} characters',
  },
  tooFewItems: { 'zh-CN': '至少需要 {minimum} 项', 'en-US': 'must have at least {minimum} items' },
  tooManyItems: { 'zh-CN': '最多 {maximum} 项', 'en-US': 'must have at most {maximum} items' },
  atLeast: { 'zh-CN': '不能小于 {minimum}', 'en-US': 'must be at least {minimum}' },
  greaterThan: { 'zh-CN': '必须大于 {minimum}', 'en-US': 'must be greater than {minimum}' },
  atMost: { 'zh-CN': '不能大于 {maximum}', 'en-US': 'must be at most {maximum}' },
  lessThan: { 'zh-CN': '必须小于 {maximum}', 'en-US': 'must be less than {maximum}' },
  badFormat: { 'zh-CN': '格式不正确', 'en-US': 'has an invalid format' },
  oneOf: { 'zh-CN': '必须是以下之一：{values}', 'en-US': 'must be one of: {values}' },
  multipleOf: { 'zh-CN': '必须是 {divisor} 的倍数', 'en-US': 'must be a multiple of {divisor}' },
  unknownField: { 'zh-CN': '不是可接受的字段', 'en-US': 'is not an accepted field' },
} satisfies Record<string, Texts>;

const typeNames: Record<string, Texts> = {
  string: { 'zh-CN': '文本', 'en-US': 'a string' },
  number: { 'zh-CN': '数字', 'en-US': 'a number' },
  int: { 'zh-CN': '整数', 'en-US': 'an integer' },
  boolean: { 'zh-CN': '布尔值', 'en-US': 'true or false' },
  object: { 'zh-CN': '对象', 'en-US': 'an object' },
  array: { 'zh-CN': '数组', 'en-US': 'an array' },
  null: { 'zh-CN': '空值', 'en-US': 'null' },
};

const formatReasons: Record<string, Texts> = {
  email: { 'zh-CN': '邮箱格式不正确', 'en-US': 'must be a valid email address' },
  uuid: { 'zh-CN': '必须是有效的 UUID', 'en-US': 'must be a valid UUID' },
  guid: { 'zh-CN': '必须是有效的 UUID', 'en-US': 'must be a valid UUID' },
  url: { 'zh-CN': '必须是有效的网址', 'en-US': 'must be a valid URL' },
  datetime: { 'zh-CN': '必须是有效的日期时间', 'en-US': 'must be a valid date and time' },
  date: { 'zh-CN': '必须是有效的日期', 'en-US': 'must be a valid date' },
  ipv4: { 'zh-CN': '必须是有效的 IPv4 地址', 'en-US': 'must be a valid IPv4 address' },
  ipv6: { 'zh-CN': '必须是有效的 IPv6 地址', 'en-US': 'must be a valid IPv6 address' },
};

function say(texts: Texts, locale: Locale, values: IssueParams = {}): string {
  return texts[locale].replace(/\{(\w+)\}/g, (_whole, key: string) => String(values[key]));
}

function describeBound(params: IssueParams, locale: Locale, side: 'min' | 'max'): string {
  const { origin, inclusive, minimum } = params;
  if (origin === 'string') {
    if (side === 'min' && minimum === 1) return say(reasons.required, locale);
    return say(side === 'min' ? reasons.tooShort : reasons.tooLong, locale, params);
  }
  if (origin === 'array' || origin === 'set') {
    return say(side === 'min' ? reasons.tooFewItems : reasons.tooManyItems, locale, params);
  }
  if (side === 'min') {
    return say(inclusive === false ? reasons.greaterThan : reasons.atLeast, locale, params);
  }
  return say(inclusive === false ? reasons.lessThan : reasons.atMost, locale, params);
}

function describeIssue(
  issue: FastifySchemaValidationError,
  value: unknown,
  locale: Locale,
): string {
  const params = issue.params as IssueParams;
  switch (issue.keyword) {
    case 'invalid_type': {
      if (value === undefined) return say(reasons.required, locale);
      const expected = typeNames[String(params.expected)]?.[locale] ?? String(params.expected);
      return say(reasons.wrongType, locale, { expected });
    }
    case 'too_small':
      return describeBound(params, locale, 'min');
    case 'too_big':
      return describeBound(params, locale, 'max');
    case 'invalid_format': {
      // A contract pattern with its own reason (`singleLine`, `noNulCharacter`) names it.
      const key = issue.message ?? '';
      if (params.format === 'regex' && isIssueMessageKey(key)) return issueMessages[key][locale];
      return say(formatReasons[String(params.format)] ?? reasons.badFormat, locale);
    }
    case 'invalid_value': {
      const values = Array.isArray(params.values) ? params.values.map(String).join(', ') : '';
      return say(reasons.oneOf, locale, { values });
    }
    case 'not_multiple_of':
      return say(reasons.multipleOf, locale, params);
    case 'unrecognized_keys':
      return say(reasons.unknownField, locale);
    case 'custom': {
      // Contract refinements carry an `issueMessages` key as their message.
      const key = issue.message ?? '';
      return isIssueMessageKey(key) ? issueMessages[key][locale] : say(reasons.invalid, locale);
    }
    default:
      return say(reasons.invalid, locale);
  }
}

const requestParts = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
} as const;

/**
 * Field paths can carry the client's own keys (an unknown field, a record key): bounded, so an
 * answer never reflects a long input back. Likewise only the first issues are described.
 */
const MAX_PATH_LENGTH = 100;
const MAX_ISSUES = 20;

function boundedPath(path: string): string {
  return path.length > MAX_PATH_LENGTH ? `${path.slice(0, MAX_PATH_LENGTH)}…` : path;
}

function valueAt(root: unknown, segments: string[]): unknown {
  let current = root;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * Turns the zod issues of a failed request validation into the field at fault and localised
 * reasons. `context` is Fastify's name for the request part (`body`, `querystring`, …).
 */
export function describeValidationFailure(
  issues: FastifySchemaValidationError[],
  context: string | undefined,
  request: FastifyRequest,
  locale: Locale,
): ValidationFailure {
  const part = requestParts[context as keyof typeof requestParts] ?? 'body';
  const described = issues.slice(0, MAX_ISSUES).map((issue) => {
    const segments = issue.instancePath.split('/').filter(Boolean);
    const keys =
      issue.keyword === 'unrecognized_keys' ? (issue.params as IssueParams).keys : undefined;
    if (Array.isArray(keys) && keys.length > 0) segments.push(String(keys[0]));
    const value = valueAt(request[part as keyof FastifyRequest], segments);
    return {
      path: boundedPath(segments.length ? segments.join('.') : part),
      message: describeIssue(issue, value, locale),
    };
  });
  return { field: described[0]?.path ?? part, issues: described };
}
