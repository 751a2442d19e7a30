import { randomUUID } from 'node:crypto';
import {
  buildEndpointUrl,
  completeSandboxPayment,
  createTopUp,
  envelopeOf,
  register,
  SUCCESS_CODE,
  type EndpointBody,
  type EndpointData,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
} from '@stratus/contract';

export interface RegisteredUser {
  email: string;
  password: string;
  token: string;
}

export interface EndpointCall<E extends EndpointDefinition> {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  /** A session token or API token, sent as `Authorization: Bearer …` (or a node key). */
  token?: string;
  headers?: Record<string, string>;
}

/** Sends a call to a contract endpoint of the server at `baseUrl`; answers the raw response. */
export function fetchEndpoint<E extends EndpointDefinition>(
  baseUrl: string,
  endpoint: E,
  { params, query, body, token, headers }: EndpointCall<E> = {},
): Promise<Response> {
  return fetch(
    `${baseUrl}${buildEndpointUrl(endpoint, {
      params: params as Record<string, string | number> | undefined,
      query,
    })}`,
    {
      method: endpoint.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
  );
}

/**
 * Calls a contract endpoint and answers the envelope's `data`, checked against the endpoint's
 * response schema; throws on any other answer.
 */
export async function callEndpoint<E extends EndpointDefinition>(
  baseUrl: string,
  endpoint: E,
  call: EndpointCall<E> = {},
): Promise<EndpointData<E>> {
  const response = await fetchEndpoint(baseUrl, endpoint, call);
  const envelope = (await response.json()) as { code: number; message: string };
  const label = `${endpoint.method} ${endpoint.path}`;
  if (envelope.code !== SUCCESS_CODE) throw new Error(`${label} failed: ${envelope.message}`);
  return envelopeOf(endpoint.response).parse(envelope).data as EndpointData<E>;
}

/** Signs a fresh user up through the real API, for journeys that start signed in. */
export async function registerUser(baseUrl: string): Promise<RegisteredUser> {
  const email = `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct-horse-42';
  const { token } = await callEndpoint(baseUrl, register, { body: { email, password } });
  return { email, password, token };
}

/** Tops the wallet up through the sandbox channel, the same way the cashier page does. */
export async function topUp(baseUrl: string, token: string, amount: number): Promise<void> {
  const { paymentId } = await callEndpoint(baseUrl, createTopUp, {
    token,
    body: { amount, channel: 'sandbox' },
  });
  await callEndpoint(baseUrl, completeSandboxPayment, { token, params: { paymentId } });
}
