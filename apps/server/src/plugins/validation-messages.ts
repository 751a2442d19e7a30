import {
  isIssueMessageKey,
  issueMessages,
  translate,
  type Locale,
  type SharedMessageKey,
} from '@stratus/contract';
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

type IssueParams = Record<string, unknown>;

// The words come from the contract's catalogue (`validation.reason.*`, `validation.type.*`,
// `validation.format.*`); the kinds of zod issue they answer are listed here.
const typeNames = ['string', 'number', 'int', 'boolean', 'object', 'array', 'null'] as const;
const formatNames = ['email', 'uuid', 'guid', 'url', 'datetime', 'date', 'ipv4', 'ipv6'] as const;

function isIn<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** `tooShort` for `validation.reason.tooShort`: the reasons the catalogue words. */
type ReasonOf<Key> = Key extends `validation.reason.${infer Reason}` ? Reason : never;
type Reason = ReasonOf<SharedMessageKey>;

/** A reason shown after "Invalid {field}: ", its placeholders filled from the zod issue. */
function say(reason: Reason, locale: Locale, values: IssueParams = {}): string {
  const params = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, String(value)]),
  );
  return translate(locale, `validation.reason.${reason}`, params);
}

function describeBound(params: IssueParams, locale: Locale, side: 'min' | 'max'): string {
  const { origin, inclusive, minimum } = params;
  if (origin === 'string') {
    if (side === 'min' && minimum === 1) return say('required', locale);
    return say(side === 'min' ? 'tooShort' : 'tooLong', locale, params);
  }
  if (origin === 'array' || origin === 'set') {
    return say(side === 'min' ? 'tooFewItems' : 'tooManyItems', locale, params);
  }
  if (side === 'min') {
    return say(inclusive === false ? 'greaterThan' : 'atLeast', locale, params);
  }
  return say(inclusive === false ? 'lessThan' : 'atMost', locale, params);
}

function describeIssue(
  issue: FastifySchemaValidationError,
  value: unknown,
  locale: Locale,
): string {
  const params = issue.params as IssueParams;
  switch (issue.keyword) {
    case 'invalid_type': {
      if (value === undefined) return say('required', locale);
      const type = String(params.expected);
      const expected = isIn(typeNames, type) ? translate(locale, `validation.type.${type}`) : type;
      return say('wrongType', locale, { expected });
    }
    case 'too_small':
      return describeBound(params, locale, 'min');
    case 'too_big':
      return describeBound(params, locale, 'max');
    case 'invalid_format': {
      // A contract pattern with its own reason (`singleLine`, `noNulCharacter`) names it.
      const key = issue.message ?? '';
      if (params.format === 'regex' && isIssueMessageKey(key)) return issueMessages[key][locale];
      const format = String(params.format);
      return isIn(formatNames, format)
        ? translate(locale, `validation.format.${format}`)
        : say('badFormat', locale);
    }
    case 'invalid_value': {
      const values = Array.isArray(params.values) ? params.values.map(String).join(', ') : '';
      return say('oneOf', locale, { values });
    }
    case 'not_multiple_of':
      return say('multipleOf', locale, params);
    case 'unrecognized_keys':
      return say('unknownField', locale);
    case 'custom': {
      // Contract refinements carry an `issueMessages` key as their message.
      const key = issue.message ?? '';
      return isIssueMessageKey(key) ? issueMessages[key][locale] : say('invalid', locale);
    }
    default:
      return say('invalid', locale);
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
