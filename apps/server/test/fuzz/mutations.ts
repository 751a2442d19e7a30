// Mutated fuzz requests: a valid-ish draft, then at most one mutation (wrong credentials, a
// hostile value in one place, a malformed or oversized body, an odd content type, method or
// header), so each request probes one thing and the rest of it still gets through.
import fc from 'fast-check';
import {
  hostileBodies,
  hostileJson,
  hostileText,
  oddContentTypes,
  oddHeaders,
  serializeJson,
} from './hostile-values.ts';
import type { Operation } from './operations.ts';
import type { Pools } from './pools.ts';
import {
  assemble,
  draftsOf,
  parameterNames,
  placesIn,
  replaceAt,
  type Changes,
  type Credential,
  type FuzzRequest,
} from './requests.ts';

/** A name no operation takes, as a new user might guess one (`visible` for `active`). */
const UNKNOWN_FIELD = 'visible';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const credentials: Credential[] = ['none', 'garbage', 'long', 'basic', 'user', 'node'];
const allMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

/** Fuzz requests of `operation`: a valid-ish draft, then one mutation of one part of it. */
export function mutatedRequestsOf(operation: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  return draftsOf(operation, pools).chain((draft) => {
    const request = (changes: Changes) => assemble(operation, draft, changes);
    const headers = request({ mutation: '' }).headers;
    const names = parameterNames(operation);
    const places = placesIn(draft.body);
    const mutations: fc.WeightedArbitrary<FuzzRequest>[] = [
      { weight: 4, arbitrary: fc.constant(request({ mutation: 'none' })) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...credentials)
          .map((credential) => request({ credential, mutation: `credential ${credential}` })),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...allMethods.filter((method) => method !== operation.method))
          .map((method) => request({ method, mutation: `method ${method}` })),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...oddHeaders)
          .map(([name, value]) =>
            request({ headers: { ...headers, [name]: value }, mutation: `header ${name}` }),
          ),
      },
    ];
    // A field the operation does not name is refused, never ignored. Raw operations (downloads,
    // provider callbacks, the subscription profile) may take the parameters their clients add.
    if (!operation.raw) {
      mutations.push({
        weight: 1,
        arbitrary: fc.constant(
          request({
            parameter: { name: UNKNOWN_FIELD, text: '1' },
            unknownField: UNKNOWN_FIELD,
            mutation: `unknown parameter ${UNKNOWN_FIELD}`,
          }),
        ),
      });
    }
    if (operation.body?.schema.additionalProperties === false && isPlainObject(draft.body)) {
      mutations.push({
        weight: 1,
        arbitrary: fc.constant(
          request({
            payload: serializeJson({ ...draft.body, [UNKNOWN_FIELD]: false }),
            unknownField: UNKNOWN_FIELD,
            mutation: `unknown field ${UNKNOWN_FIELD}`,
          }),
        ),
      });
    }
    if (names.length) {
      mutations.push({
        weight: 3,
        arbitrary: fc
          .tuple(fc.constantFrom(...names), fc.constantFrom(...hostileText), fc.boolean())
          .map(([name, text, repeated]) =>
            request({
              parameter: { name, text, repeated },
              mutation: `parameter ${name}=${text.slice(0, 20)}`,
            }),
          ),
      });
    }
    if (operation.body) {
      const contentType = operation.body.contentType;
      mutations.push(
        {
          weight: 4,
          arbitrary: fc
            .tuple(fc.constantFrom(...places, []), fc.constantFrom(...hostileJson))
            .map(([place, value]) =>
              request({
                payload: serializeJson(replaceAt(draft.body, place, value)),
                mutation: `field ${place.join('.') || '(root)'}`,
              }),
            ),
        },
        {
          weight: 2,
          arbitrary: fc.constantFrom(...hostileBodies).map(([name, payload]) =>
            request({
              payload,
              headers: { ...headers, 'content-type': contentType },
              mutation: `body ${name}`,
            }),
          ),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(...oddContentTypes)
            .map((type) =>
              request({ headers: { ...headers, 'content-type': type }, mutation: `type ${type}` }),
            ),
        },
        {
          weight: 1,
          arbitrary: fc.constant(
            request({
              payload: serializeJson({ ...(draft.body as object), ['k'.repeat(3000)]: 1 }),
              mutation: 'unknown long field',
            }),
          ),
        },
      );
    }
    return fc.oneof(...mutations);
  });
}
