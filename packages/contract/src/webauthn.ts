// WebAuthn's JSON on the wire: the browser's answers (`RegistrationResponseJSON`,
// `AuthenticationResponseJSON` of WebAuthn Level 3) and the ceremony options the server sends.
import { z } from 'zod';

/** Binary data in base64url, as WebAuthn's JSON carries it (bounded: an attestation is small). */
const base64UrlSchema = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'base64url');

/** Extension outputs the browser reports; kept as sent, none is relied on. */
const clientExtensionResultsSchema = z.looseObject({});

/** What `navigator.credentials.create()` answered, as `startRegistration` sends it. */
export const passkeyRegistrationResponseSchema = z.object({
  id: base64UrlSchema(1400),
  rawId: base64UrlSchema(1400),
  type: z.enum(['public-key']),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
  response: z.object({
    clientDataJSON: base64UrlSchema(4096),
    attestationObject: base64UrlSchema(16_384),
    authenticatorData: base64UrlSchema(8192).optional(),
    transports: z.array(z.string().max(32)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().min(-65_536).max(65_535).optional(),
    publicKey: base64UrlSchema(8192).optional(),
  }),
});
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;

/** What `navigator.credentials.get()` answered, as `startAuthentication` sends it. */
export const passkeyAuthenticationResponseSchema = z.object({
  id: base64UrlSchema(1400),
  rawId: base64UrlSchema(1400),
  type: z.enum(['public-key']),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
  response: z.object({
    clientDataJSON: base64UrlSchema(4096),
    authenticatorData: base64UrlSchema(8192),
    // ML-DSA-44 signatures (post-quantum, offered by the server library) are 2420 bytes.
    signature: base64UrlSchema(8192),
    userHandle: base64UrlSchema(128).optional(),
  }),
});
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>;

/**
 * Options for `navigator.credentials.create()` / `.get()` in WebAuthn's JSON form (hand them to
 * `startRegistration` / `startAuthentication` as `optionsJSON`). Only the challenge is named
 * here; the rest is the WebAuthn dictionary as the server library makes it.
 */
export const ceremonyOptionsSchema = z.looseObject({
  /** Random, base64url; single use, valid 5 minutes. */
  challenge: z.string(),
});

export type CeremonyOptions = z.infer<typeof ceremonyOptionsSchema>;
