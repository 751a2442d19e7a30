// The account's email address: confirming it by the mailed link (after sign-up, or after a
// change of address), mailing that link again, and changing the address.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { emailSchema, plainTextSchema } from '../validation.ts';

/** How long a mailed verification or change-of-address link works. */
export const EMAIL_LINK_VALID_HOURS = 24;

/** The least time between two mailed links of one account, in seconds. */
export const EMAIL_LINK_RESEND_SECONDS = 60;

/**
 * Whether a customer must confirm the address before topping up or buying (the server's
 * `EMAIL_VERIFICATION`): `required`, or `optional` (nothing waits for it).
 */
export const emailVerificationModes = ['required', 'optional'] as const;
export type EmailVerificationMode = (typeof emailVerificationModes)[number];

/**
 * Confirms an address by the token of a mailed link (`/portal/verify-email?token=…`): a sign-up's
 * verification, or a change of address, which then takes effect. No session is needed, since the
 * link may be opened in another browser.
 */
export const verifyEmail = defineEndpoint({
  method: 'POST',
  path: '/auth/verify-email',
  summary: 'Confirm an email address by the token of a mailed link',
  tag: 'auth',
  access: 'public',
  errors: ['emailLinkInvalid', 'emailInUse'],
  body: z.object({ token: plainTextSchema({ min: 1, max: 256 }) }),
  response: z.object({
    /** `verified`: the account's address is confirmed; `changed`: the account now uses `email`. */
    outcome: z.enum(['verified', 'changed']),
    /** The address just confirmed. */
    email: z.string(),
  }),
});

/** Mails the verification link again: at most once a minute; the older link stops working. */
export const resendVerificationEmail = defineEndpoint({
  method: 'POST',
  path: '/auth/verify-email/resend',
  summary: 'Mail the address verification link again',
  tag: 'auth',
  access: 'user',
  errors: ['emailAlreadyVerified', 'emailLinkResendTooSoon'],
  response: z.null(),
});

/**
 * Starts a change of address: needs the current password, and mails a link to the new address;
 * the account keeps its address until that link is opened (`verifyEmail`).
 */
export const changeEmail = defineEndpoint({
  method: 'POST',
  path: '/user/email',
  summary: 'Change the email address: mails a confirmation link to the new one',
  tag: 'users',
  access: 'user',
  errors: [
    'rateLimited',
    'currentPasswordIncorrect',
    'tooManySignInAttempts',
    'emailInUse',
    'emailUnchanged',
    'emailLinkResendTooSoon',
  ],
  body: z.object({
    email: emailSchema,
    password: plainTextSchema({ min: 1, max: 1024 }),
  }),
  response: z.object({
    /** The address the confirmation link went to. */
    pendingEmail: z.string(),
  }),
});
