import { randomUUID } from 'node:crypto';

export interface RegisteredUser {
  email: string;
  password: string;
  token: string;
}

/** Signs a fresh user up through the real API, for journeys that start signed in. */
export async function registerUser(baseUrl: string): Promise<RegisteredUser> {
  const email = `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct-horse-42';
  const { token } = await callApi<{ token: string }>(baseUrl, '', 'POST', '/auth/register', {
    email,
    password,
  });
  return { email, password, token };
}

async function callApi<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${path} failed: ${envelope.message}`);
  return envelope.data;
}

/** Tops the wallet up through the sandbox channel, the same way the cashier page does. */
export async function topUp(baseUrl: string, token: string, amount: number): Promise<void> {
  const { paymentId } = await callApi<{ paymentId: string }>(
    baseUrl,
    token,
    'POST',
    '/user/wallet/topup',
    { amount, channel: 'sandbox' },
  );
  await callApi(baseUrl, token, 'POST', `/payments/sandbox/${paymentId}/complete`);
}
