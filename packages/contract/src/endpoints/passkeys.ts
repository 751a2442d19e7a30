// Passkeys (WebAuthn): an account's passkeys (add, name, remove), signing in with one (as the
// second factor after the password, or without a password) and stepping up with one. The
// browser's answers travel as the JSON of WebAuthn Level 3 (`RegistrationResponseJSON`,
// `AuthenticationResponseJSON`); the server checks them with @simplewebauthn/server.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { RECOVERY_CODES_COUNT } from '../security.ts';
import { plainTextSchema, singleLineTextSchema } from '../validation.ts';
import { sessionSchema } from './auth.ts';
import {
  ceremonyOptionsSchema,
  passkeyAuthenticationResponseSchema,
  passkeyRegistrationResponseSchema,
} from '../webauthn.ts';

/** One of the account's passkeys. */
export const passkeySchema = z.object({
  id: z.string(),
  /** The owner's name for it ("MacBook", "Phone"). */
  name: z.string(),
  /** ISO 8601: when it was added. */
  createdAt: z.string(),
  /** ISO 8601: its last sign-in or step-up; null when never used since. */
  lastUsedAt: z.string().nullable(),
  /** `multiDevice`: synced between the owner's devices (iCloud, Google); `singleDevice`: not. */
  deviceType: z.enum(['singleDevice', 'multiDevice']),
  /** The authenticator says it is backed up (a synced passkey). */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

const passkeyNameSchema = singleLineTextSchema({ min: 1, max: 64 });
const passkeyIdParams = z.object({ id: z.uuid() });

export const listPasskeys = defineEndpoint({
  method: 'GET',
  path: '/user/security/passkeys',
  summary: "The caller's passkeys, oldest first",
  tag: 'security',
  access: 'user',
  scope: 'account',
  errors: [],
  response: z.object({ items: z.array(passkeySchema) }),
});

/**
 * Options to add a passkey to the caller's account: its passkeys are excluded (an authenticator
 * holding one says so instead of making another).
 */
export const startPasskeyRegistration = defineEndpoint({
  method: 'POST',
  path: '/user/security/passkeys/options',
  summary: 'Start adding a passkey: options for navigator.credentials.create()',
  tag: 'security',
  access: 'user',
  scope: 'account',
  errors: ['tooManyPasskeys', 'passkeysUnavailable'],
  response: ceremonyOptionsSchema,
});

/**
 * Adds the passkey the browser made from `startPasskeyRegistration`'s options. The account's
 * first factor also gets recovery codes (shown once) when it has none left, so a lost device
 * is never the end. The owner is mailed a notice.
 */
export const finishPasskeyRegistration = defineEndpoint({
  method: 'POST',
  path: '/user/security/passkeys',
  summary: 'Add a passkey (the answer of navigator.credentials.create())',
  tag: 'security',
  access: 'user',
  scope: 'account',
  errors: [
    'tooManyPasskeys',
    'passkeyAlreadyRegistered',
    'passkeyVerificationFailed',
    'passkeyCeremonyExpired',
    'passkeysUnavailable',
  ],
  body: z.object({ name: passkeyNameSchema, response: passkeyRegistrationResponseSchema }),
  response: z.object({
    passkey: passkeySchema,
    /** New recovery codes, shown once: only with the account's first factor. */
    recoveryCodes: z.array(z.string()).length(RECOVERY_CODES_COUNT).optional(),
  }),
});

export const renamePasskey = defineEndpoint({
  method: 'PATCH',
  path: '/user/security/passkeys/:id',
  summary: 'Rename a passkey',
  tag: 'security',
  access: 'user',
  scope: 'account',
  errors: ['passkeyNotFound'],
  params: passkeyIdParams,
  body: z.object({ name: passkeyNameSchema }),
  response: passkeySchema,
});

/**
 * Removes a passkey: it signs in no more. Removing the account's last factor also deletes its
 * recovery codes. The owner is mailed a notice.
 */
export const removePasskey = defineEndpoint({
  method: 'DELETE',
  path: '/user/security/passkeys/:id',
  summary: 'Remove a passkey',
  tag: 'security',
  access: 'user',
  scope: 'account',
  stepUp: true,
  errors: ['passkeyNotFound'],
  params: passkeyIdParams,
  response: z.null(),
});

/** A sign-in challenge's token as `login` gave it. */
const signInChallengeTokenSchema = plainTextSchema({ min: 1, max: 256 });

/**
 * Options to sign in with a passkey. With `challenge` (what `login` answered after the password)
 * the account's passkeys are allowed: the second factor. Without, any passkey of this site may
 * answer (a discoverable credential, user verification required): a sign-in without a password.
 */
export const startPasskeySignIn = defineEndpoint({
  method: 'POST',
  path: '/auth/passkey/options',
  summary: 'Start signing in with a passkey: options for navigator.credentials.get()',
  tag: 'auth',
  access: 'public',
  errors: ['rateLimited', 'signInChallengeInvalid', 'passkeysUnavailable'],
  body: z.object({ challenge: signInChallengeTokenSchema.optional() }),
  response: z.object({ options: ceremonyOptionsSchema }),
});

/**
 * Signs in with the passkey's answer: as the second factor (send the sign-in `challenge` back), or
 * without a password (a passkey that verified its user counts as both factors). The session and
 * the sign-in history record `passkey`. Each ceremony works once, for 5 minutes.
 */
export const finishPasskeySignIn = defineEndpoint({
  method: 'POST',
  path: '/auth/passkey/verify',
  summary: 'Finish signing in with a passkey',
  tag: 'auth',
  access: 'public',
  errors: [
    'rateLimited',
    'accountDisabled',
    'signInChallengeInvalid',
    'passkeyVerificationFailed',
    'passkeyCeremonyExpired',
    'tooManySecondFactorAttempts',
    'tooManySignInAttempts',
    'passkeysUnavailable',
  ],
  body: z.object({
    challenge: signInChallengeTokenSchema.optional(),
    response: passkeyAuthenticationResponseSchema,
  }),
  response: sessionSchema,
});

/** Options to step up with one of the session's account's passkeys (`stepUp` takes the answer). */
export const startPasskeyStepUp = defineEndpoint({
  method: 'POST',
  path: '/user/security/step-up/passkey-options',
  summary: 'Options to confirm it is you with a passkey',
  tag: 'security',
  access: 'user',
  scope: 'account',
  errors: ['stepUpNotNeeded', 'passkeyNotFound', 'passkeysUnavailable'],
  response: ceremonyOptionsSchema,
});
