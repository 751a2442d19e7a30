// The browser's side of passkeys: whether it has WebAuthn at all, the ceremonies through
// @simplewebauthn/browser (fetched when first used, so the portal's first screen does not carry
// it), and telling a prompt the person closed from a failure worth a message.
import type {
  CeremonyOptions,
  PasskeyAuthenticationResponse,
  PasskeyRegistrationResponse,
} from '@stratus/contract';

/** Whether this browser can use passkeys at all (`window.PublicKeyCredential`). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * The person closed or let the browser's prompt time out (`NotAllowedError`), or another ceremony
 * replaced it: nothing to say.
 */
export function isPasskeyPromptCancelled(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')
  );
}

/** The authenticator already holds a passkey of this account (an excluded credential). */
export function isPasskeyAlreadyOnDevice(error: unknown): boolean {
  return error instanceof Error && error.name === 'InvalidStateError';
}

/** Makes a passkey with the server's registration options; answers what the server checks. */
export async function createPasskey(
  options: CeremonyOptions,
): Promise<PasskeyRegistrationResponse> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  // Both shapes are WebAuthn's JSON: the server made the options with @simplewebauthn/server, and
  // the contract's schema of the answer is that of the browser library (checked on the server).
  const response = await startRegistration({ optionsJSON: options as never });
  return response as PasskeyRegistrationResponse;
}

/** Proves a passkey with the server's authentication options. */
export async function provePasskey(
  options: CeremonyOptions,
): Promise<PasskeyAuthenticationResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as never });
  return response as PasskeyAuthenticationResponse;
}
