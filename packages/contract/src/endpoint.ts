import type { z } from 'zod';
import type { ErrorName } from './errors.ts';
import type { Permission } from './permissions.ts';

/** Every API path below is relative to this prefix. */
export const API_PREFIX = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint: anyone, any signed-in user, a gateway node, or staff whose role holds
 * the endpoint's `permission` (the permission table in `permissions.ts`).
 */
export type EndpointAccess = 'public' | 'user' | 'staff' | 'node';

/**
 * What an API key needs to call a `user` endpoint: one of its scopes (`read`, `purchase`,
 * `manage`, see `apiKeyScopes`), or `account`, which no key has: the password, email, profile,
 * personal token, second factors, sessions and the keys themselves. A session and the personal
 * token hold every scope. Staff endpoints take no key at all.
 */
export type EndpointScope = 'read' | 'purchase' | 'manage' | 'account';

export interface EndpointDefinition {
  method: HttpMethod;
  /** Path below `/api`, with Fastify-style parameters: `/proxy/instances/:id`. */
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /** OpenAPI tag (the domain). */
  tag: string;
  access: EndpointAccess;
  /** What a `staff` endpoint needs; the guard, the admin menu and the buttons read the same table. */
  permission?: Permission;
  /**
   * The API key scope a `user` endpoint needs (`endpointScopeOf`): declared on every endpoint
   * but a GET, which is `read` unless it says otherwise (a test holds it).
   */
  scope?: EndpointScope;
  /**
   * The endpoint moves money or changes who can: a *session* must have proved a factor within
   * `STEP_UP_FRESH_SECONDS` (at sign-in or by `stepUp`), else 403 `stepUpRequired`. The personal
   * token and API keys are not asked (keys never reach `account` or staff endpoints anyway).
   */
  stepUp?: boolean;
  /**
   * The errors (names in `errors.ts`) this endpoint answers beyond those every endpoint of its
   * kind can (`commonErrorsOf`, `endpoint-errors.ts`): listed per status in the OpenAPI document,
   * and a test fails when the server answers one not listed here.
   */
  errors: readonly ErrorName[];
  params?: z.ZodType;
  query?: z.ZodType;
  /** Request headers the endpoint reads (names in lower case); other headers pass through. */
  headers?: z.ZodType;
  body?: z.ZodType;
  /** Media type of the body when it is not JSON, e.g. a payment provider's form post. */
  bodyContentType?: 'application/x-www-form-urlencoded';
  /** Schema of the envelope's `data` (or of the whole body when `raw`). */
  response: z.ZodType;
  /** The answer is not enveloped: file downloads and payment-provider callbacks. */
  raw?: boolean;
}

/** The API key scope an endpoint needs: its declared `scope`, or `read` for a GET. */
export function endpointScopeOf(
  endpoint: Pick<EndpointDefinition, 'method' | 'scope'>,
): EndpointScope {
  return endpoint.scope ?? (endpoint.method === 'GET' ? 'read' : 'account');
}

/** Declares an endpoint; the literal type is kept so both sides infer the exact shapes. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

declare const shapes: unique symbol;

/**
 * What calling an endpoint needs at run time, without its schemas: a browser that does not check
 * answers need not build them (`@stratus/contract/routes`). The endpoint's shapes ride along as
 * a type only, so a call through a route is typed as one through the endpoint.
 */
export interface EndpointRoute<E extends EndpointDefinition = EndpointDefinition> {
  method: E['method'];
  path: E['path'];
  access: E['access'];
  raw?: E['raw'];
  /** Never set: carries the endpoint's type. */
  readonly [shapes]?: E;
}

/** The endpoint a route (or a union of routes) was made from; an endpoint is its own route. */
export type EndpointOfRoute<R> = R extends EndpointDefinition
  ? R
  : R extends EndpointRoute<infer E>
    ? E
    : never;

/** The route of an endpoint: its method, path, access and whether its answer is raw. */
export function routeOf<E extends EndpointDefinition>(endpoint: E): EndpointRoute<E> {
  const { method, path, access, raw } = endpoint;
  return raw ? { method, path, access, raw } : { method, path, access };
}

type ZodOutput<S> = S extends z.ZodType ? z.output<S> : undefined;
type ZodInput<S> = S extends z.ZodType ? z.input<S> : undefined;

export type EndpointData<E extends EndpointDefinition> = z.output<E['response']>;
export type EndpointQuery<E extends EndpointDefinition> = ZodInput<E['query']>;
export type EndpointBody<E extends EndpointDefinition> = ZodInput<E['body']>;
export type EndpointParams<E extends EndpointDefinition> = ZodOutput<E['params']>;

/** Fills `:name` segments of a contract path: `fillPath('/orders/:id', {id: 7})` → `/orders/7`. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The address of a call below the origin: `/api` + the filled path + the query string. Query
 * values that are undefined or null are left out and arrays repeat their name; a string query is
 * taken as already encoded (tests of malformed queries send one).
 */
export function buildEndpointUrl(
  endpoint: Pick<EndpointDefinition, 'path'>,
  { params, query }: { params?: Record<string, string | number>; query?: unknown } = {},
): string {
  let queryString = '';
  if (typeof query === 'string') {
    queryString = query;
  } else if (query && typeof query === 'object') {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
    }
    queryString = search.toString();
  }
  return `${API_PREFIX}${fillPath(endpoint.path, params)}${queryString ? `?${queryString}` : ''}`;
}
