// Fuzz requests of an operation, built from its schemas: a draft of its parameter and body
// values, written into a request; the extreme draft as it is; and the sweep that puts each
// hostile value once into every place of a request.
import fc from 'fast-check';
import { serializeJson, sweepJson, sweepText } from './hostile-values.ts';
import type { Operation, Parameter } from './operations.ts';
import { recordOf, type Pools } from './pools.ts';
import { validIsh, valuesOf, type Mode } from './schema-values.ts';

/** Credentials a request presents; the test turns them into an Authorization header. */
export type Credential = 'expected' | 'none' | 'garbage' | 'long' | 'basic' | 'user' | 'node';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  credential: Credential;
  /** The mutation applied, for the report. */
  mutation: string;
  /** A field the request adds that the operation does not name: it must never succeed. */
  unknownField?: string;
}

/** Parameter and body values of a request, before they are written into it. */
export interface Draft {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
}

export interface Changes {
  mutation: string;
  method?: string;
  credential?: Credential;
  /** A path or query parameter written as this URL text instead of its drafted value. */
  parameter?: { name: string; text: string; repeated?: boolean };
  payload?: string;
  headers?: Record<string, string>;
  unknownField?: string;
}

const encodeQuery = (values: Record<string, unknown>) =>
  Object.entries(values)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');

export function assemble(operation: Operation, draft: Draft, changes: Changes): FuzzRequest {
  const { parameter } = changes;
  const path = operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
    parameter?.name === name ? parameter.text : encodeURIComponent(String(draft.params[name])),
  );
  const isQuery = parameter && !operation.pathParams.some(({ name }) => name === parameter.name);
  const query = { ...draft.query };
  if (isQuery) delete query[parameter.name];
  const queryText = [
    encodeQuery(query),
    isQuery ? `${parameter.name}=${parameter.text}` : '',
    isQuery && parameter.repeated ? `${parameter.name}=1` : '',
  ]
    .filter(Boolean)
    .join('&');
  const contentType = operation.body?.contentType ?? 'application/json';
  const drafted =
    draft.body === undefined
      ? undefined
      : contentType === 'application/json'
        ? serializeJson(draft.body)
        : encodeQuery(draft.body as Record<string, unknown>);
  const payload = changes.payload ?? drafted;
  return {
    method: changes.method ?? operation.method,
    url: `${path}${queryText ? `?${queryText}` : ''}`,
    headers: {
      // Only what an HTTP parser lets through: printable ASCII and Latin-1 (obs-text).
      ...(Object.fromEntries(
        Object.entries(draft.headers).map(([name, value]) => [
          name,
          String(value).replace(/[^\x20-\x7e\xa0-\xff]/g, ''),
        ]),
      ) as Record<string, string>),
      ...(payload !== undefined ? { 'content-type': contentType } : {}),
      ...changes.headers,
    },
    ...(payload !== undefined ? { payload } : {}),
    credential: changes.credential ?? 'expected',
    mutation: changes.mutation,
    ...(changes.unknownField ? { unknownField: changes.unknownField } : {}),
  };
}

function parametersOf(parameters: Parameter[], pools: Pools, mode: Mode, path = '') {
  return fc.record(
    Object.fromEntries(
      parameters.map((parameter) => {
        const name = parameter.name === 'id' && path ? `${recordOf(path)}Id` : parameter.name;
        return [parameter.name, valuesOf(parameter.schema, name, pools, mode)];
      }),
    ),
    {
      requiredKeys: parameters
        .filter((parameter) => parameter.required || mode.complete || mode.extreme)
        .map(({ name }) => name),
    },
  );
}

/** Drafts of `operation`: valid-ish, complete (every optional part too) or extreme. */
export function draftsOf(operation: Operation, pools: Pools, mode = validIsh): fc.Arbitrary<Draft> {
  return fc.record({
    params: parametersOf(operation.pathParams, pools, mode, operation.path),
    query: parametersOf(operation.query, pools, mode),
    // Optional headers stay out: a drafted Idempotency-Key would turn repeats into replays.
    headers: parametersOf(operation.headers, pools, { ...mode, complete: false, extreme: false }),
    body: operation.body
      ? valuesOf(operation.body.schema, '', pools, mode)
      : fc.constant(undefined),
  });
}

/** Every place inside a JSON value (as key paths), the root excluded. */
export function placesIn(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object' || prefix.length > 4) return [];
  const entries = Array.isArray(value)
    ? value.slice(0, 2).map((item, index) => [index, item] as const)
    : Object.entries(value);
  return entries.flatMap(([key, item]) => [[...prefix, key], ...placesIn(item, [...prefix, key])]);
}

export function replaceAt(
  value: unknown,
  place: (string | number)[],
  replacement: unknown,
): unknown {
  const [key, ...rest] = place;
  if (key === undefined) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[key] = replaceAt(copy[key], rest, replacement);
  return copy;
}

export const parameterNames = (operation: Operation) =>
  [...operation.pathParams, ...operation.query].map(({ name }) => name);

/** The extreme draft sent as it is: maximal numbers, texts and lists. */
export function extremeRequestsOf(operation: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  return draftsOf(operation, pools, { ...validIsh, extreme: true }).map((draft) =>
    assemble(operation, draft, { mutation: 'extreme' }),
  );
}

/** Every place of a drafted request once with each sweep value: no field is left out by chance. */
export function sweepOf(operation: Operation, draft: Draft): FuzzRequest[] {
  const requests = parameterNames(operation).flatMap((name) =>
    sweepText.map((text) =>
      assemble(operation, draft, {
        parameter: { name, text },
        mutation: `sweep ${name}=${text.slice(0, 20)}`,
      }),
    ),
  );
  if (operation.body?.contentType === 'application/json') {
    for (const place of placesIn(draft.body)) {
      for (const value of sweepJson) {
        const payload = serializeJson(replaceAt(draft.body, place, value));
        requests.push(
          assemble(operation, draft, { payload, mutation: `sweep ${place.join('.')}` }),
        );
      }
    }
  }
  return requests;
}
