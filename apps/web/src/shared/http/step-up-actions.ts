import type { AccountFactor } from '@stratus/contract';

/**
 * What the step-up modal calls, handed to it by the HTTP client (the modal does not import the
 * client, which fetches it: no import cycle).
 */
export interface StepUpActions {
  /**
   * The account's factors: with the app it asks a code, with passkeys alone a passkey (or a
   * recovery code), with neither the password.
   */
  factors(): Promise<AccountFactor[]>;
  /** Proves the factor for this session; rejects with the refusal (an `ApiError`). */
  stepUp(proof: { code: string } | { password: string }): Promise<void>;
  /** Proves a passkey for this session (the browser's prompt); rejects as `stepUp` does. */
  stepUpWithPasskey(): Promise<void>;
}
