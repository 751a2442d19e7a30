import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { locales } from '../locale.ts';
import { roleSchema } from '../permission-schemas.ts';
import {
  passwordSchema,
  plainTextSchema,
  singleLineTextSchema,
  yuanSchema,
} from '../validation.ts';

/** The highest low-balance mark a customer may set, in yuan. */
export const LOW_BALANCE_THRESHOLD_MAX_YUAN = 1_000_000;

/** A low-balance mark: yuan above zero, at most two decimals, up to the maximum. */
export const lowBalanceThresholdSchema = yuanSchema.min(0.01).max(LOW_BALANCE_THRESHOLD_MAX_YUAN);

/**
 * Whether a customer must confirm the address before topping up or buying (the server's
 * `EMAIL_VERIFICATION`): `required`, or `optional` (nothing waits for it).
 */
export const emailVerificationModes = ['required', 'optional'] as const;
export type EmailVerificationMode = (typeof emailVerificationModes)[number];

export const userProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** Display name; empty until the user sets one. */
  name: z.string(),
  role: roleSchema,
  /** Preferred interface language. */
  language: z.enum(locales),
  /** Personal API token: authorises the same calls as a session token. */
  apiToken: z.string(),
  /** ISO 8601 time of sign-up. */
  createdAt: z.string(),
  /** The account finished or closed the console's first-visit tour; it never shows again. */
  tourCompleted: z.boolean(),
  /** The address was confirmed by its mailed link (staff accounts start confirmed). */
  emailVerified: z.boolean(),
  /**
   * The server's `EMAIL_VERIFICATION`: while `required` and `emailVerified` is false, top-ups
   * and purchases are refused (`emailNotVerified`).
   */
  emailVerification: z.enum(emailVerificationModes),
  /**
   * Yuan: mail `balance.low` when the balance falls below it (once per crossing; a top-up above it
   * starts again). Null: off, the default.
   */
  lowBalanceThreshold: z.number().nullable(),
  /**
   * ISO 8601 time after which the operator console refuses this staff member
   * (`staffTwoStepRequired`) until two-step verification is on; null when their role need not
   * use it (`STAFF_2FA_ROLES`), it is on already, or the account is a customer's.
   */
  twoStepRequiredBy: z.string().nullable().optional(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const getMe = defineEndpoint({
  method: 'GET',
  path: '/user/me',
  summary: 'The signed-in user',
  tag: 'users',
  access: 'user',
  errors: [],
  response: userProfileSchema,
});

export const updateMe = defineEndpoint({
  method: 'PATCH',
  path: '/user/me',
  summary: 'Edit name, language and the low-balance mark, or mark the console tour done',
  tag: 'users',
  access: 'user',
  scope: 'account',
  errors: [],
  body: z
    .object({
      name: singleLineTextSchema({ max: 64 }).optional(),
      language: z.enum(locales).optional(),
      /** `true` once the tour is finished or closed; a finished tour cannot be undone. */
      tourCompleted: z.literal(true).optional(),
      /** Yuan, or null to switch the low-balance mail off. */
      lowBalanceThreshold: lowBalanceThresholdSchema.nullable().optional(),
    })
    .strict(),
  response: userProfileSchema,
});

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/user/password',
  summary: 'Change the password and revoke every other session',
  tag: 'users',
  access: 'user',
  scope: 'account',
  stepUp: true,
  errors: [
    'rateLimited',
    'currentPasswordIncorrect',
    'tooManySignInAttempts',
    'passwordTooCommon',
    'passwordContainsEmail',
    'passwordUnchanged',
  ],
  body: z.object({
    currentPassword: plainTextSchema({ min: 1, max: 1024 }),
    newPassword: passwordSchema,
  }),
  response: z.null(),
});

export const rotateApiToken = defineEndpoint({
  method: 'POST',
  path: '/user/api-token/rotate',
  summary: 'Replace the personal API token',
  tag: 'users',
  access: 'user',
  scope: 'account',
  stepUp: true,
  errors: [],
  response: z.object({ apiToken: z.string() }),
});
