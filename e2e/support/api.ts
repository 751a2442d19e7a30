import { randomUUID } from 'node:crypto';
import {
  completeSandboxPayment,
  createTopUp,
  register,
  type EndpointData,
  type EndpointDefinition,
} from '@stratus/contract';
import { fetchEndpoint, type CallOptions } from '../../apps/server/test/call-endpoint.ts';

export interface RegisteredUser {
  email: string;
  password: string;
  token: string;
}

/**
 * The journeys call the running server with the server tests' own fetch client: one
 * contract-typed client for every test (addresses from endpoint objects, answers parsed by the
 * response schemas).
 */
export { fetchEndpoint, type CallOptions } from '../../apps/server/test/call-endpoint.ts';

/** Calls a contract endpoint and answers the envelope's `data`, checked by its response schema. */
export async function callEndpoint<E extends EndpointDefinition>(
  baseUrl: string,
  endpoint: E,
  call: CallOptions<E> = {},
): Promise<EndpointData<E>> {
  return (await fetchEndpoint(baseUrl, endpoint, call)).data();
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
