// Values for a JSON Schema. Valid-ish: mostly what the schema asks for, biased to its bounds and
// to ids and numbers the API has handed out (so requests get past "not found" into the
// services). Extreme: every number at its maximum, every text at its longest, every list full of
// records — what sums, totals and per-field limits meet first.
import fc from 'fast-check';
import type { JsonSchema } from './operations.ts';
import type { Pools } from './pools.ts';

export interface Mode {
  /** Every bound at its maximum, every list full. */
  extreme: boolean;
  /** Optional properties too, so each can be probed. */
  complete: boolean;
  depth: number;
}

export const validIsh: Mode = { extreme: false, complete: false, depth: 0 };

const DAY_MINUTES = 24 * 60;
const INT4_MAX = 2 ** 31 - 1;
/** Lists in extreme values: long enough for nine records of 2^50 bytes to overflow a sum. */
const EXTREME_ITEMS = 40;

/** Integers every bound check should meet: both sides of 32 bits and of exact doubles. */
const edgeIntegers = [0, 1, -1, INT4_MAX, INT4_MAX + 1, 2 ** 32, 2 ** 50, Number.MAX_SAFE_INTEGER];

function integerValues(schema: JsonSchema, name: string, pools: Pools, mode: Mode) {
  const min =
    schema.minimum ??
    (schema.exclusiveMinimum === undefined ? -(2 ** 40) : schema.exclusiveMinimum + 1);
  const max =
    schema.maximum ??
    (schema.exclusiveMaximum === undefined ? 2 ** 40 : schema.exclusiveMaximum - 1);
  if (mode.extreme) return fc.constant(max);
  const inRange = (value: number) => value >= min && value <= max;
  const edges = [min, max, ...edgeIntegers.filter(inRange)];
  const known = (pools.integers.get(name) ?? []).filter(inRange);
  return fc.oneof(
    { weight: 3, arbitrary: fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number) },
    { weight: 2, arbitrary: fc.constantFrom(...edges) },
    ...(known.length ? [{ weight: 3, arbitrary: fc.constantFrom(...known) }] : []),
  );
}

function numberValues(schema: JsonSchema, mode: Mode): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1e6;
  const max = schema.maximum ?? 1e6;
  if (mode.extreme) return fc.constant(max);
  return fc.oneof(
    // Whole numbers within the bounds, which may themselves be fractions (a refund's ¥0.01).
    fc.integer({ min: Math.ceil(Math.max(min, -1000)), max: Math.floor(Math.min(max, 100_000)) }),
    fc.double({ min, max, noNaN: true }).map((value) => Math.round(value * 100) / 100),
    fc.constantFrom(min, max, 0, 0.01, 1),
  );
}

/** A time within the last 40 days or the next day: where usage, ledgers and expiries live. */
const recentTimes = fc
  .integer({ min: -40 * DAY_MINUTES, max: DAY_MINUTES })
  .map((minutes) => new Date(Date.now() + minutes * 60_000).toISOString());

function idValues(name: string, pools: Pools): fc.Arbitrary<string> {
  const named = pools.ids.get(name) ?? [];
  const all = pools.ids.get('') ?? [];
  return fc.oneof(
    ...(named.length ? [{ weight: 4, arbitrary: fc.constantFrom(...named) }] : []),
    ...(all.length ? [{ weight: 2, arbitrary: fc.constantFrom(...all) }] : []),
    { weight: 1, arbitrary: fc.uuid() },
  );
}

function stringValues(schema: JsonSchema, name: string, pools: Pools, mode: Mode) {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 64;
  const fit = (text: string) => text.slice(0, maxLength);
  switch (schema.format) {
    case 'uuid':
      return idValues(name, pools);
    case 'date-time':
      return recentTimes;
    case 'date':
      return recentTimes.map((time) => time.slice(0, 10));
  }
  // The contract's email schema normalises before it checks, so its JSON Schema has no format.
  if (name === 'email') {
    const plain = fc
      .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('example.com', 'shop.example'))
      .map(([local, domain]) => `${local}@${domain}`);
    return fc.oneof({ weight: 3, arbitrary: plain }, fc.emailAddress().map(fit));
  }
  // The longest text; a random tail where it fits, so extreme ids (batch ids) still differ.
  const longestLength = Math.max(minLength, Math.min(maxLength, 20_000));
  const longest = fc
    .stringMatching(/^[a-z0-9]{6}$/)
    .map((tail) => `${'x'.repeat(Math.max(longestLength - 6, 0))}${tail.slice(0, longestLength)}`);
  if (schema.pattern) {
    const matching = fc
      .stringMatching(new RegExp(schema.pattern), { size: 'small' })
      .map(fit)
      .filter((text) => text.length >= minLength);
    // A pattern may not take a run of `x`: only single-line text patterns get the longest text.
    return mode.extreme && schema.pattern.startsWith('^[^') ? longest : matching;
  }
  if (mode.extreme) return longest;
  const length = { minLength, maxLength: Math.min(maxLength, 40) };
  return fc.oneof(
    { weight: 3, arbitrary: fc.string(length) },
    { weight: 1, arbitrary: fc.string({ ...length, unit: 'grapheme' }).map(fit) },
    { weight: 1, arbitrary: longest },
  );
}

function arrayValues(schema: JsonSchema, pools: Pools, mode: Mode): fc.Arbitrary<unknown[]> {
  const item = valuesOf(schema.items ?? {}, '', pools, { ...mode, depth: mode.depth + 1 });
  const minLength = schema.minItems ?? 0;
  const maxLength = schema.maxItems ?? 50;
  // Many copies of one element: what sums and per-record limits meet first.
  const repeated = (length: { minLength: number; maxLength: number }) =>
    item.chain((element) => fc.array(fc.constant(element), length));
  const full = Math.max(minLength, Math.min(maxLength, EXTREME_ITEMS));
  if (mode.extreme) return fc.array(item, { minLength: full, maxLength: full });
  return fc.oneof(
    { weight: 3, arbitrary: fc.array(item, { minLength, maxLength: Math.min(maxLength, 6) }) },
    { weight: 1, arbitrary: repeated({ minLength: Math.min(minLength, full), maxLength: full }) },
  );
}

function objectValues(schema: JsonSchema, pools: Pools, mode: Mode): fc.Arbitrary<unknown> {
  const inner = { ...mode, depth: mode.depth + 1 };
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0 && typeof schema.additionalProperties === 'object') {
    const keys = schema.propertyNames
      ? stringValues(schema.propertyNames, '', pools, { ...inner, extreme: false })
      : fc.string({ maxLength: 20 });
    return fc.dictionary(keys, valuesOf(schema.additionalProperties, '', pools, inner), {
      maxKeys: 5,
    });
  }
  const model = Object.fromEntries(
    properties.map(([name, property]) => [name, valuesOf(property, name, pools, inner)]),
  );
  const requiredKeys = mode.extreme || mode.complete ? Object.keys(model) : (schema.required ?? []);
  return fc.record(model, { requiredKeys });
}

/** Values of `schema`; `name` is the property it sits in, for remembered ids and numbers. */
export function valuesOf(
  schema: JsonSchema,
  name: string,
  pools: Pools,
  mode: Mode = validIsh,
): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    return fc.oneof(...alternatives.map((option) => valuesOf(option, name, pools, mode)));
  }
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (mode.depth > 6) return fc.constant(null);
  switch (type) {
    case 'integer':
      return integerValues(schema, name, pools, mode);
    case 'number':
      return numberValues(schema, mode);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringValues(schema, name, pools, mode);
    case 'array':
      return arrayValues(schema, pools, mode);
    case 'object':
      return objectValues(schema, pools, mode);
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
