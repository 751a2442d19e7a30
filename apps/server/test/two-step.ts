// Two-step verification in tests: codes computed from a secret as an authenticator app would,
// an account enrolled through the API, and a pause so a test's codes sit inside one 30 s step.
import { confirmTotpEnrolment, startTotpEnrolment } from '@stratus/contract';
import * as OTPAuth from 'otpauth';
import { setTimeout as sleep } from 'node:timers/promises';
import { registerConfirmedCustomer } from './accounts.ts';
import type { TestApp } from './app.ts';
import { callEndpoint } from './call-endpoint.ts';

/** The 6-digit code of `secret` (base32) at `timestamp` (ms). */
export function codeAt(secret: string, timestamp: number): string {
  return OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp,
  });
}

/** Waits into a fresh 30 s step when less than `marginMs` of the current one is left. */
export async function waitForFreshStep(marginMs = 8_000): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await sleep(left + 50);
}

/**
 * A confirmed customer with two-step verification on, confirmed by the code at `confirmAt`
 * (default: one step ago, so the current and next steps are still free): its secret and
 * recovery codes.
 */
export async function enrolTotp(
  testApp: Pick<TestApp, 'app' | 'database'>,
  { confirmAt = Date.now() - 30_000 }: { confirmAt?: number } = {},
) {
  const customer = await registerConfirmedCustomer(testApp);
  const started = await callEndpoint(testApp.app, startTotpEnrolment, { token: customer.token });
  const { secret } = started.data();
  const confirmed = await callEndpoint(testApp.app, confirmTotpEnrolment, {
    token: customer.token,
    body: { code: codeAt(secret, confirmAt) },
  });
  return { customer, secret, recoveryCodes: confirmed.data().recoveryCodes };
}
