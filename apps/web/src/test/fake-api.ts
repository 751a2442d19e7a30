// A fake of the API for page tests, declared by the contract's endpoint objects: a fixture is
// parsed by its endpoint's response schema before it is served (as the server's serializer does),
// so a fixture the contract forbids fails the test instead of teaching a page a shape the server
// never sends. Requests are routed like the server routes them (method, `API_PREFIX`, static
// segments before `:params`) and checked against the endpoint's request schemas; a request no
// fixture answers fails the test too.
import {
  API_PREFIX,
  errors,
  fillPath,
  formatErrorMessage,
  pickLocale,
  refuseUnknownKeys,
  SUCCESS_CODE,
  type EndpointData,
  type EndpointDefinition,
  type EndpointParams,
  type ErrorName,
  type ErrorParams,
} from '@stratus/contract';
import { afterEach, beforeEach, vi } from 'vitest';
import { route } from './contract-router.ts';

/** A request the page sent, as the fake received it. */
export interface FakeRequest {
  /** The contract endpoint the server would route it to; undefined when none would. */
  endpoint: EndpointDefinition | undefined;
  method: string;
  url: URL;
  /** Path parameters by name (decoded). */
  params: Record<string, string>;
  /** The query string as a plain object (for `toEqual`). */
  query: Record<string, string>;
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown;
  /** The request headers as the client set them. */
  headers: Record<string, string>;
}

interface FixtureOptions<E extends EndpointDefinition> {
  /** Answer only the call with these path parameters. */
  params?: EndpointParams<E>;
  /** Answer only the requests this accepts (e.g. `format=csv`). */
  when?: (request: FakeRequest) => boolean;
}

type Answer<E extends EndpointDefinition> =
  EndpointData<E> | ((request: FakeRequest) => EndpointData<E>);

interface Fixture {
  endpoint: EndpointDefinition;
  path: string | undefined;
  when: ((request: FakeRequest) => boolean) | undefined;
  answer: (request: FakeRequest) => Response;
}

function label(endpoint: EndpointDefinition) {
  return `${endpoint.method} ${API_PREFIX}${endpoint.path}`;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function readBody(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') return undefined;
  try {
    return JSON.parse(init.body);
  } catch {
    return init.body;
  }
}

function readHeaders(init: RequestInit | undefined): Record<string, string> {
  if (init?.headers instanceof Headers) return Object.fromEntries(init.headers);
  if (Array.isArray(init?.headers)) return Object.fromEntries(init.headers);
  return { ...(init?.headers as Record<string, string> | undefined) };
}

/** What the request breaks in its endpoint's request schemas, if anything. */
function requestViolation(endpoint: EndpointDefinition, request: FakeRequest): string | null {
  const lowerHeaders = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const parts = [
    ['params', endpoint.params, request.params],
    ['query', endpoint.query, request.query],
    ['headers', endpoint.headers, lowerHeaders],
    ['body', endpoint.body, request.body],
  ] as const;
  for (const [name, schema, value] of parts) {
    // As the server: body, query and params refuse keys they do not name.
    const result = (name === 'headers' || !schema ? schema : refuseUnknownKeys(schema))?.safeParse(
      value,
    );
    if (result && !result.success) return `${name}: ${result.error.message}`;
  }
  // As the server: an endpoint that takes no query refuses any parameter.
  const unknown = endpoint.query ? [] : Object.keys(request.query);
  if (unknown.length > 0) return `query: takes no parameters, got ${unknown.join(', ')}`;
  return null;
}

export function createFakeApi() {
  let fixtures: Fixture[] = [];
  const received: FakeRequest[] = [];
  const problems: string[] = [];

  function parseData<E extends EndpointDefinition>(endpoint: E, data: unknown): EndpointData<E> {
    const result = endpoint.response.safeParse(data);
    if (result.success) return result.data as EndpointData<E>;
    const problem = `Fixture for ${label(endpoint)} contradicts the contract: ${result.error.message}`;
    problems.push(problem);
    throw new Error(problem);
  }

  function declare<E extends EndpointDefinition>(
    endpoint: E,
    options: FixtureOptions<E> | undefined,
    answer: (request: FakeRequest) => Response,
  ) {
    const params = options?.params as Record<string, string | number> | undefined;
    const path = params ? `${API_PREFIX}${fillPath(endpoint.path, params)}` : undefined;
    // Among equals the latest wins, so a test can override what its beforeEach declared.
    fixtures.unshift({ endpoint, path, when: options?.when, answer });
  }

  async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const routed = route(method, url.pathname);
    const request: FakeRequest = {
      endpoint: routed?.endpoint,
      method,
      url,
      params: routed?.params ?? {},
      query: Object.fromEntries(url.searchParams),
      body: readBody(init),
      headers: readHeaders(init),
    };
    received.push(request);
    const where = `${method} ${url.pathname}${url.search}`;
    if (!routed) {
      problems.push(`No contract endpoint answers ${where}`);
      return json(404, { code: errors.routeNotFound.code, message: 'no route', data: null });
    }
    const violation = requestViolation(routed.endpoint, request);
    if (violation) problems.push(`${where} breaks the contract's request schema: ${violation}`);
    const answering = fixtures.filter(
      (candidate) =>
        candidate.endpoint === routed.endpoint &&
        (candidate.path === undefined || candidate.path === url.pathname) &&
        (candidate.when === undefined || candidate.when(request)),
    );
    // A fixture narrowed by parameters or a condition beats one that answers every call.
    const fixture =
      answering.find((candidate) => candidate.path !== undefined || candidate.when) ?? answering[0];
    if (!fixture) {
      problems.push(`No fixture answers ${where} (${label(routed.endpoint)})`);
      return json(404, { code: errors.routeNotFound.code, message: 'no fixture', data: null });
    }
    return fixture.answer(request);
  }

  return {
    /** The `fetch` to install; every call is recorded. */
    fetch: vi.fn(fakeFetch),

    /**
     * Answers the endpoint with `data` (or what the function makes of the request), parsed by the
     * endpoint's response schema; a raw endpoint's answer is served as text.
     */
    respondWith<E extends EndpointDefinition>(
      endpoint: E,
      data: Answer<E>,
      options?: FixtureOptions<E>,
    ) {
      const make = typeof data === 'function' ? (data as (request: FakeRequest) => unknown) : null;
      // A fixed answer is checked at once, where the test declares it.
      const fixed = make ? undefined : parseData(endpoint, data);
      declare(endpoint, options, (request) => {
        const parsed = make ? parseData(endpoint, make(request)) : fixed;
        if (!endpoint.raw) return json(200, { code: SUCCESS_CODE, message: 'ok', data: parsed });
        return new Response(String(parsed), {
          headers: { 'Content-Type': 'text/plain; charset=utf-8' },
        });
      });
    },

    /** Answers the endpoint with a file, e.g. a `format=csv` download (outside the envelope). */
    respondWithFile<E extends EndpointDefinition>(
      endpoint: E,
      body: string,
      options: FixtureOptions<E> & { headers?: Record<string, string> } = {},
    ) {
      if (endpoint.raw) parseData(endpoint, body);
      declare(endpoint, options, () => new Response(body, { headers: options.headers }));
    },

    /**
     * Refuses the endpoint with a catalogued error: its code, HTTP status and message in the
     * request's language, as the server's error handler answers.
     */
    respondWithError<E extends EndpointDefinition>(
      endpoint: E,
      kind: ErrorName,
      options: FixtureOptions<E> & { messageParams?: ErrorParams } = {},
    ) {
      declare(endpoint, options, (request) => {
        const locale = pickLocale(request.headers['Accept-Language']);
        const message = formatErrorMessage(kind, locale, options.messageParams);
        return json(errors[kind].status, { code: errors[kind].code, message, data: null });
      });
    },

    /** The requests routed to `endpoint` (with these path parameters), or every request. */
    requests<E extends EndpointDefinition>(
      endpoint?: E,
      options: { params?: EndpointParams<E> } = {},
    ): FakeRequest[] {
      const params = options.params as Record<string, string | number> | undefined;
      const path = params && endpoint ? `${API_PREFIX}${fillPath(endpoint.path, params)}` : null;
      return received.filter(
        (request) =>
          (!endpoint || request.endpoint === endpoint) && (!path || request.url.pathname === path),
      );
    },

    /** Throws when a fixture or a request broke the contract, or a request went unanswered. */
    verify() {
      if (problems.length > 0) throw new Error(problems.join('\n'));
    },

    reset() {
      fixtures = [];
      received.length = 0;
      problems.length = 0;
      this.fetch.mockClear();
    },
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;

/**
 * The fake API for a test file: installed as `fetch` before each test (fixtures cleared), and
 * verified after each one, so a broken fixture or an unanswered request fails that test. Call it
 * at the top of the file, before the `beforeEach` that declares the fixtures.
 */
export function installFakeApi(): FakeApi {
  const api = createFakeApi();
  beforeEach(() => {
    api.reset();
    vi.stubGlobal('fetch', api.fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    api.verify();
  });
  return api;
}
