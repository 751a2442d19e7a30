// A rule that holds by itself: every value a request carries is bounded in the contract, so no
// endpoint added later can pass an unbounded number or text on to the database.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.ts';

/** PostgreSQL `integer`, where counts and days are stored; byte counts go to `bigint`. */
const INT4_MAX = 2 ** 31 - 1;
const MAX_SAFE_BYTES = Number.MAX_SAFE_INTEGER;

type JsonSchema = Record<string, unknown>;

function endpoints(): [string, contract.EndpointDefinition][] {
  const isEndpoint = (value: unknown): value is contract.EndpointDefinition =>
    typeof value === 'object' && value !== null && 'path' in value && 'response' in value;
  return Object.entries(contract as Record<string, unknown>).flatMap(([name, value]) =>
    isEndpoint(value) ? [[name, value] as [string, contract.EndpointDefinition]] : [],
  );
}

/** Every unbounded leaf of a JSON Schema, as `path: why`. */
function unbounded(schema: JsonSchema, path: string): string[] {
  const children = (key: string) => {
    const child = schema[key];
    return child && typeof child === 'object' ? unbounded(child as JsonSchema, path) : [];
  };
  const problems = [
    ...Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).flatMap(
      ([name, property]) => unbounded(property, `${path}.${name}`),
    ),
    ...((schema.anyOf ?? schema.oneOf ?? []) as JsonSchema[]).flatMap((option) =>
      unbounded(option, path),
    ),
    ...children('items'),
    ...children('additionalProperties'),
    ...children('propertyNames'),
  ];
  const limit = /bytes/i.test(path) ? MAX_SAFE_BYTES : INT4_MAX;
  switch (schema.type) {
    case 'integer':
      if (typeof schema.minimum !== 'number' && typeof schema.exclusiveMinimum !== 'number') {
        problems.push(`${path}: integer without a minimum`);
      }
      if (typeof schema.maximum !== 'number' || schema.maximum > limit) {
        problems.push(`${path}: integer without a maximum within ${limit}`);
      }
      break;
    case 'number':
      if (typeof schema.minimum !== 'number' || typeof schema.maximum !== 'number') {
        problems.push(`${path}: number without both bounds`);
      }
      break;
    case 'string': {
      // A pattern without `*`, `+` or `{n,}` bounds the length by itself (`^[A-Za-z]{2}$`).
      const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
      const boundedPattern = pattern !== undefined && !/[*+]|\{\d+,\}/.test(pattern);
      if (
        !schema.enum &&
        !schema.format &&
        typeof schema.maxLength !== 'number' &&
        !boundedPattern
      ) {
        problems.push(`${path}: text without a maximum length`);
      }
      break;
    }
    case 'array':
      if (typeof schema.maxItems !== 'number') problems.push(`${path}: list without a maximum`);
      break;
  }
  return problems;
}

describe('request bounds', () => {
  it('covers the endpoints', () => {
    expect(endpoints().length).toBeGreaterThan(30);
  });

  it('bound every number, text and list a request carries', () => {
    const problems = endpoints().flatMap(([name, endpoint]) =>
      (['params', 'query', 'headers', 'body'] as const).flatMap((part) => {
        const schema = endpoint[part];
        if (!schema) return [];
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
        return unbounded(json as JsonSchema, `${name}.${part}`);
      }),
    );
    expect(problems).toEqual([]);
  });
});
