// Request input refuses keys its schema does not name: a misspelt or invented field (`visible`
// for `isVisible`) is a 400 naming it, never a silent success that changed nothing. Every
// endpoint's body, query and params go through `refuseUnknownKeys` in `defineEndpoint`.
import { z } from 'zod';

type AnySchema = z.core.$ZodType;

/** A copy of `schema` with its definition changed; descriptions and meta carry over. */
function cloneWith<S extends AnySchema>(schema: S, changes: Record<string, unknown>): S {
  return (schema as unknown as z.ZodType).clone(
    { ...schema._zod.def, ...changes } as z.core.$ZodTypeDef,
    { parent: true },
  ) as unknown as S;
}

/**
 * `schema` with every object in it (nested too, through optional, nullable, default, array,
 * union, intersection, record values and a pipe's input) refusing unknown keys. An object that
 * says what its other keys are (`z.looseObject`, a `catchall`) is kept as it is: that is a
 * decision, such as a subscription client's own query parameters.
 */
export function refuseUnknownKeys<S extends AnySchema>(schema: S): S {
  const known = strictVersions.get(schema);
  if (known) return known as S;
  const strict = strictVersionOf(schema);
  strictVersions.set(schema, strict);
  return strict;
}

/** Each schema's strict version, made once (a test's fake API asks with every request). */
const strictVersions = new WeakMap<AnySchema, AnySchema>();

function strictVersionOf<S extends AnySchema>(schema: S): S {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'object': {
      const objectDef = def as unknown as z.core.$ZodObjectDef;
      const shape = Object.fromEntries(
        Object.entries(objectDef.shape).map(([key, value]) => [key, refuseUnknownKeys(value)]),
      );
      const catchall = objectDef.catchall ?? z.never();
      return cloneWith(schema, { shape, catchall });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return cloneWith(schema, { innerType: refuseUnknownKeys(def.innerType as AnySchema) });
    case 'array':
      return cloneWith(schema, { element: refuseUnknownKeys(def.element as AnySchema) });
    case 'union':
      return cloneWith(schema, {
        options: (def.options as AnySchema[]).map((option) => refuseUnknownKeys(option)),
      });
    case 'intersection':
      // Each side sees only its own keys: strict sides would refuse each other's.
      return schema;
    case 'record':
      return cloneWith(schema, { valueType: refuseUnknownKeys(def.valueType as AnySchema) });
    case 'pipe':
      return cloneWith(schema, { in: refuseUnknownKeys(def.in as AnySchema) });
    default:
      return schema;
  }
}
