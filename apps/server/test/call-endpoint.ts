// Test clients that call the API through its contract objects: the address comes from the
// endpoint (never a literal `/api/…` path), the input is typed by its schemas, and `data()` parses
// the answer with its response schema, so an answer that contradicts the contract fails the test.
import {
  SUCCESS_CODE,
  buildEndpointUrl,
  envelopeOf,
  type EndpointBody,
  type EndpointData,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
} from '@stratus/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';

export interface CallOptions<E extends EndpointDefinition> {
  /** Sent as `Authorization: Bearer <token>`: a session, API or node key. */
  token?: string;
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  /** Extra request headers; an undefined value sends none (for tables of header cases). */
  headers?: Record<string, string | undefined>;
  /**
   * Deliberately wrong input for tests of validation, sent instead of the typed option: path
   * segments outside their schema, any query (a string is sent as already encoded) or any body
   * (a string is sent as it is, with the content type `headers` give).
   */
  rawParams?: Record<string, string | number>;
  rawQuery?: unknown;
  rawBody?: unknown;
}

/** Request line and headers shared by the inject and fetch clients. */
interface PreparedCall {
  method: EndpointDefinition['method'];
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
}

function prepareCall<E extends EndpointDefinition>(
  endpoint: E,
  options: CallOptions<E>,
): PreparedCall {
  const url = buildEndpointUrl(endpoint, {
    params: options.rawParams ?? (options.params as Record<string, string> | undefined),
    query: 'rawQuery' in options ? options.rawQuery : options.query,
  });
  const body: unknown = 'rawBody' in options ? options.rawBody : options.body;
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  if (typeof body === 'string') {
    payload = body;
  } else if (body !== undefined) {
    if (endpoint.bodyContentType === 'application/x-www-form-urlencoded') {
      payload = new URLSearchParams(body as Record<string, string>).toString();
      headers['content-type'] = endpoint.bodyContentType;
    } else {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
  }
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined) headers[name] = value;
  }
  return { method: endpoint.method, url, headers, payload };
}

/**
 * The envelope's `data` of a successful answer (or the whole body of a `raw` endpoint), parsed by
 * the endpoint's response schema. Throws, naming the call, on any other status or shape.
 */
function readData<E extends EndpointDefinition>(
  endpoint: E,
  call: PreparedCall,
  status: number,
  body: string,
): EndpointData<E> {
  const name = `${call.method} ${call.url}`;
  if (status !== 200) throw new Error(`${name} answered ${status}: ${body}`);
  let answer: unknown = body;
  if (!endpoint.raw) {
    try {
      answer = JSON.parse(body);
    } catch {
      throw new Error(`${name} answered no JSON: ${body}`);
    }
  }
  const schema = endpoint.raw ? endpoint.response : envelopeOf(endpoint.response);
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    throw new Error(`${name} contradicts its contract:\n${z.prettifyError(parsed.error)}`);
  }
  if (endpoint.raw) return parsed.data as EndpointData<E>;
  const envelope = parsed.data as { code: number; data: EndpointData<E> };
  if (envelope.code !== SUCCESS_CODE) throw new Error(`${name} answered code ${envelope.code}`);
  return envelope.data;
}

export type EndpointInjectResponse<E extends EndpointDefinition> = LightMyRequestResponse & {
  /** The answer's data, parsed by the contract; throws unless the call succeeded. */
  data(): EndpointData<E>;
};

/**
 * Calls `endpoint` on an app through `app.inject`:
 * `await callEndpoint(app, getMe, { token })`, then `response.statusCode`, `response.json()` for
 * an error envelope, or `response.data()` for the typed data of a success.
 */
export async function callEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  options: CallOptions<E> & { remoteAddress?: string } = {},
): Promise<EndpointInjectResponse<E>> {
  const call = prepareCall(endpoint, options);
  const response = await app.inject({
    method: call.method,
    url: call.url,
    headers: call.headers,
    ...(call.payload === undefined ? {} : { payload: call.payload }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return Object.assign(response, {
    data: () => readData(endpoint, call, response.statusCode, response.body),
  });
}

export interface EndpointFetchResponse<E extends EndpointDefinition> {
  status: number;
  headers: Headers;
  /** The body as text (read once, so `json()` and `data()` may both be called). */
  body: string;
  json(): unknown;
  /** The answer's data, parsed by the contract; throws unless the call succeeded. */
  data(): EndpointData<E>;
}

/**
 * Calls `endpoint` on a running server over HTTP, for tests that start the server process:
 * `await fetchEndpoint('http://127.0.0.1:3000', getHealth)`.
 */
export async function fetchEndpoint<E extends EndpointDefinition>(
  origin: string,
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<EndpointFetchResponse<E>> {
  const call = prepareCall(endpoint, options);
  const response = await fetch(`${origin.replace(/\/+$/, '')}${call.url}`, {
    method: call.method,
    headers: call.headers,
    body: call.payload,
  });
  const body = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body,
    json: () => JSON.parse(body) as unknown,
    data: () => readData(endpoint, call, response.status, body),
  };
}
