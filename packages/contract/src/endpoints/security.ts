// Two-step verification of the signed-in account: a TOTP authenticator app, enrolled with a
// QR code and confirmed by one code, and its single-use recovery codes.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { RECOVERY_CODES_COUNT, accountFactors } from '../security.ts';
import { plainTextSchema } from '../validation.ts';
import { passkeyAuthenticationResponseSchema } from '../webauthn.ts';

/** A code of an authenticator app (RFC 6238: 6 digits, 30 s). */
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'totpCode');

/**
 * A recovery code as shown (`abcde-12345`); case, spaces and dashes do not matter. Each works once.
 */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{7,30}$/, 'recoveryCode');

/** A current authenticator code or one of the recovery codes, to prove the factor again. */
export const secondFactorProofSchema = z.object({
  /** 6 digits from the app, or a recovery code (`abcde-12345`). */
  code: z.union([totpCodeSchema, recoveryCodeSchema]),
});

const recoveryCodesSchema = z.object({
  /** The new recovery codes, shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODES_COUNT),
});

export const getTwoStepStatus = defineEndpoint({
  method: 'GET',
  path: '/user/security/totp',
  summary: "The account's second factors, and how many recovery codes are left",
  tag: 'security',
  access: 'user',
  scope: 'account',
  errors: [],
  response: z.object({
    /** A TOTP app was confirmed: sign-in asks for its code after the password. */
    enabled: z.boolean(),
    /**
     * The account's factors (an app, passkeys): with any, sign-in asks for one after the
     * password, and a step-up takes one rather than the password.
     */
    factors: z.array(z.enum(accountFactors)),
    /** Recovery codes not used yet (0 without a factor). */
    recoveryCodesLeft: z.number().int(),
  }),
});

/**
 * Starts enrolment: a new secret (replacing any unconfirmed one), encrypted at rest. Nothing
 * changes for sign-in until `confirmTotpEnrolment` proves the app holds it.
 */
export const startTotpEnrolment = defineEndpoint({
  method: 'POST',
  path: '/user/security/totp',
  summary: 'Start two-step verification: a new TOTP secret to add to an authenticator app',
  tag: 'security',
  access: 'user',
  scope: 'account',
  errors: ['twoStepAlreadyEnabled'],
  response: z.object({
    /** The secret in base32, for typing into the app by hand. */
    secret: z.string(),
    /** `otpauth://totp/…`: the QR code's content. */
    otpauthUrl: z.string(),
  }),
});

/**
 * Confirms enrolment with a current code of the app: two-step verification is on from now, and
 * the answer holds the recovery codes, shown this once. The owner is mailed a notice.
 */
export const confirmTotpEnrolment = defineEndpoint({
  method: 'POST',
  path: '/user/security/totp/confirm',
  summary: 'Confirm two-step verification with a code; answers the recovery codes once',
  tag: 'security',
  access: 'user',
  scope: 'account',
  errors: [
    'twoStepAlreadyEnabled',
    'twoStepNotEnabled',
    'secondFactorIncorrect',
    'tooManySecondFactorAttempts',
  ],
  body: z.object({ code: totpCodeSchema }),
  response: recoveryCodesSchema,
});

/**
 * Switches two-step verification off with a current code or a recovery code: the secret and
 * every recovery code are deleted. The owner is mailed a notice.
 */
export const disableTotp = defineEndpoint({
  method: 'DELETE',
  path: '/user/security/totp',
  summary: 'Switch two-step verification off (needs a current code or a recovery code)',
  tag: 'security',
  access: 'user',
  scope: 'account',
  errors: ['twoStepNotEnabled', 'secondFactorIncorrect', 'tooManySecondFactorAttempts'],
  body: secondFactorProofSchema,
  response: z.null(),
});

/** New recovery codes, shown once; the old set stops working. The owner is mailed a notice. */
export const regenerateRecoveryCodes = defineEndpoint({
  method: 'POST',
  path: '/user/security/recovery-codes',
  summary: 'Replace the recovery codes (needs a current code or a recovery code)',
  tag: 'security',
  access: 'user',
  scope: 'account',
  errors: ['twoStepNotEnabled', 'secondFactorIncorrect', 'tooManySecondFactorAttempts'],
  body: secondFactorProofSchema,
  response: recoveryCodesSchema,
});

/**
 * Proves the factor again for the session presenting it, so endpoints marked `stepUp` (money,
 * access) take it for the next 10 minutes (`STEP_UP_FRESH_SECONDS`): a current code, a recovery
 * code or a passkey's answer (to `startPasskeyStepUp`'s options) on an account with a second
 * factor, the password on one without. Wrong ones count
 * like wrong codes at sign-in (or wrong passwords). Only sessions step up: the personal token and
 * API keys are never asked.
 */
export const stepUp = defineEndpoint({
  method: 'POST',
  path: '/user/security/step-up',
  summary: 'Confirm it is you (a code, or the password without two-step verification)',
  tag: 'security',
  access: 'user',
  scope: 'account',
  errors: [
    'stepUpNotNeeded',
    'stepUpCodeRequired',
    'twoStepNotEnabled',
    'secondFactorIncorrect',
    'tooManySecondFactorAttempts',
    'currentPasswordIncorrect',
    'tooManySignInAttempts',
    'stepUpPasskeyRequired',
    'passkeyVerificationFailed',
    'passkeyCeremonyExpired',
  ],
  body: z.union([
    secondFactorProofSchema,
    z.object({
      /** A passkey's answer to the options of `startPasskeyStepUp`. */
      passkey: passkeyAuthenticationResponseSchema,
    }),
    z.object({
      /** The account's password: only for an account without two-step verification. */
      password: plainTextSchema({ min: 1, max: 1024 }),
    }),
  ]),
  response: z.null(),
});
