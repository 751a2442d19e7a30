// The operations of the OpenAPI document the fuzz test walks: what each takes (path, query and
// header parameters, body and its media type) and who may call it.

/** The part of JSON Schema the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** Whose credentials a call needs: the guard of the contract's `access`. */
export type Principal = 'none' | 'user' | 'operator' | 'node';

export interface Operation {
  /** `POST /api/orders/static-ip`, for reports. */
  label: string;
  method: string;
  /** OpenAPI path with `{name}` parameters. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  headers: Parameter[];
  body?: { contentType: string; schema: JsonSchema };
  principal: Principal;
  /** Its success answer is not the envelope: a download or a provider callback. */
  raw: boolean;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const methods = ['get', 'post', 'put', 'patch', 'delete'];

/** Replaces local `$ref`s by what they point at (the document has no cycles). */
function resolveRefs(schema: JsonSchema, document: OpenApiDocument): JsonSchema {
  if (schema.$ref?.startsWith('#/components/schemas/')) {
    const target = document.components?.schemas?.[schema.$ref.split('/').pop() ?? ''];
    return target ? resolveRefs(target, document) : {};
  }
  const resolved: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (Array.isArray(value)) {
      resolved[key] = value.map((item: unknown) =>
        item && typeof item === 'object' ? resolveRefs(item as JsonSchema, document) : item,
      );
    } else if (value && typeof value === 'object' && key !== 'default' && key !== 'const') {
      resolved[key] =
        key === 'properties'
          ? Object.fromEntries(
              Object.entries(value as Record<string, JsonSchema>).map(([name, property]) => [
                name,
                resolveRefs(property, document),
              ]),
            )
          : resolveRefs(value as JsonSchema, document);
    } else {
      resolved[key] = value;
    }
  }
  return resolved as JsonSchema;
}

function principalOf(path: string, operation: OpenApiOperation): Principal {
  if (!operation.security?.length) return 'none';
  if (path.startsWith('/api/admin/')) return 'operator';
  if (path.startsWith('/api/node/')) return 'node';
  return 'user';
}

/** Every path and method of the document, with its schemas resolved. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = (part: string): Parameter[] =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === part)
          .map((parameter) => ({
            name: parameter.name,
            required: parameter.required ?? part === 'path',
            schema: resolveRefs(parameter.schema ?? {}, document),
          }));
      const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      const success = operation.responses?.['200']?.content?.['application/json']?.schema;
      operations.push({
        label: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters('path'),
        query: parameters('query'),
        headers: parameters('header'),
        ...(contentType && media
          ? { body: { contentType, schema: resolveRefs(media.schema, document) } }
          : {}),
        principal: principalOf(path, operation),
        raw: !success?.properties?.code,
      });
    }
  }
  return operations;
}
