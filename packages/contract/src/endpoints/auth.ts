import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { locales } from '../locale.ts';
import { accountFactors } from '../security.ts';
import {
  emailSchema,
  passwordSchema,
  plainTextSchema,
  singleLineTextSchema,
} from '../validation.ts';
import { recoveryCodeSchema, totpCodeSchema } from './security.ts';
import { userProfileSchema } from './users.ts';

export const sessionSchema = z.object({
  /** Opaque session token: send it as `Authorization: Bearer <token>`. */
  token: z.string(),
  user: userProfileSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * The answer to a right password on an account with two-step verification: no session yet, but a
 * challenge for `loginSecondFactor`, valid for 5 minutes.
 */
export const signInChallengeSchema = z.object({
  secondFactorRequired: z.literal(true),
  /** Opaque, single use: send it back with the code. */
  challenge: z.string(),
  /**
   * The factors the account has: `totp` takes a code, `passkey` a passkey (`startPasskeySignIn`
   * with this challenge); recovery codes work with either.
   */
  factors: z.array(z.enum(accountFactors)).min(1),
});
export type SignInChallenge = z.infer<typeof signInChallengeSchema>;

/** What `login` answers: a session, or a challenge when the account has a second factor. */
export type LoginAnswer = Session | SignInChallenge;

/** Whether a `login` answer asks for the second factor rather than holding a session. */
export function isSignInChallenge(answer: LoginAnswer): answer is SignInChallenge {
  return 'secondFactorRequired' in answer;
}

/**
 * A proof of work: the base64 payload the altcha widget (or altcha-lib's `solveChallenge`, JSON
 * `{challenge, solution}` in base64) makes from a solved `proofOfWorkChallenge`. Each solution is
 * accepted once.
 */
export const proofOfWorkSchema = plainTextSchema({ min: 1, max: 4096 });

/** A signed altcha (v2) challenge, as the widget takes it. */
export const proofOfWorkChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    /** Unix seconds after which a solution is refused (about 10 minutes from issue). */
    expiresAt: z.number().int().optional(),
  }),
  signature: z.string(),
});
export type ProofOfWorkChallenge = z.infer<typeof proofOfWorkChallengeSchema>;

/**
 * A fresh challenge for the proof of work that `login`, `register` and `requestPasswordReset`
 * ask for after repeated attempts (`proofOfWorkRequired`): signed by the server, valid for 10
 * minutes, costing a browser a second or two and a script as much for every attempt. Self-hosted:
 * nothing is asked of any other service.
 */
export const proofOfWorkChallenge = defineEndpoint({
  method: 'GET',
  path: '/auth/proof-of-work',
  summary: 'Get a proof-of-work challenge for a sign-in, sign-up or password-reset ask',
  tag: 'auth',
  access: 'public',
  errors: ['rateLimited'],
  response: proofOfWorkChallengeSchema,
});

/** The field each throttled ask may carry: required after repeated attempts, else optional. */
const proofOfWorkField = {
  /**
   * A solved `proofOfWorkChallenge`: required (`proofOfWorkRequired`) after 3 failed sign-ins
   * from the client address or on the account, or 3 sign-ups (password-reset asks) from the
   * address; checked before anything else and accepted once (`proofOfWorkInvalid`). Accepted
   * when not required too.
   */
  proofOfWork: proofOfWorkSchema.optional(),
};

export const register = defineEndpoint({
  method: 'POST',
  path: '/auth/register',
  summary: 'Create an account and sign in',
  tag: 'auth',
  access: 'public',
  errors: [
    'rateLimited',
    'proofOfWorkRequired',
    'proofOfWorkInvalid',
    'emailTaken',
    'tooManyRegistrations',
    'passwordTooCommon',
    'passwordContainsEmail',
  ],
  body: z.object({
    email: emailSchema,
    password: passwordSchema,
    name: singleLineTextSchema({ min: 1, max: 64 }).optional(),
    /** Interface language the account starts with: the one the visitor signed up in. */
    language: z.enum(locales).optional(),
    ...proofOfWorkField,
  }),
  response: sessionSchema,
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/auth/login',
  summary: 'Sign in with email and password',
  tag: 'auth',
  access: 'public',
  errors: [
    'rateLimited',
    'proofOfWorkRequired',
    'proofOfWorkInvalid',
    'invalidCredentials',
    'accountDisabled',
    'tooManySignInAttempts',
    'invalidCredentialsLastTry',
    'signInPausedAfterFailure',
  ],
  body: z.object({
    email: emailSchema,
    // Any non-empty password is checked; the rules apply when a password is chosen, not here.
    password: plainTextSchema({ min: 1, max: 1024 }),
    ...proofOfWorkField,
  }),
  response: z.union([sessionSchema, signInChallengeSchema]),
});

/** A sign-in challenge's token as `login` gave it; an unknown one is `signInChallengeInvalid`. */
const signInChallengeTokenSchema = plainTextSchema({ min: 1, max: 256 });

/**
 * The second step of a sign-in: the challenge `login` answered, with a current code of the
 * authenticator app or one of the recovery codes (each works once). A challenge works once, for
 * 5 minutes, and dies after 5 wrong codes; wrong codes on one account are also limited across
 * challenges. The session records the factor used.
 */
export const loginSecondFactor = defineEndpoint({
  method: 'POST',
  path: '/auth/login/second-factor',
  summary: 'Finish signing in with a two-step verification code or a recovery code',
  tag: 'auth',
  access: 'public',
  errors: [
    'rateLimited',
    'accountDisabled',
    'signInChallengeInvalid',
    'secondFactorIncorrect',
    'tooManySecondFactorAttempts',
  ],
  body: z.union([
    z.object({ challenge: signInChallengeTokenSchema, code: totpCodeSchema }),
    z.object({ challenge: signInChallengeTokenSchema, recoveryCode: recoveryCodeSchema }),
  ]),
  response: sessionSchema,
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/auth/logout',
  summary: 'Revoke the presented session',
  tag: 'auth',
  access: 'user',
  scope: 'account',
  errors: [],
  response: z.null(),
});

/** How long a mailed password-reset link works, in minutes. */
export const PASSWORD_RESET_VALID_MINUTES = 30;

/** A mailed link's token: 32 random bytes in base64url, as `issueEmailToken` makes them. */
export const emailLinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'emailLinkToken');

/**
 * Answers the same whether or not an account has the email, so nobody learns which addresses have
 * accounts. An enabled account gets a link valid for 30 minutes; a newer link voids the older
 * ones. At most 3 links an hour go to one email (further asks are answered alike and mail
 * nothing); one client address may ask 10 times an hour.
 */
export const requestPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/auth/password-reset',
  summary: 'Ask for a password-reset link by email',
  tag: 'auth',
  access: 'public',
  errors: ['rateLimited', 'proofOfWorkRequired', 'proofOfWorkInvalid'],
  body: z.object({ email: emailSchema, ...proofOfWorkField }),
  response: z.null(),
});

/**
 * Uses the link once: sets the new password under the password rules, signs every session of the
 * account out and mails a notice. The personal API token keeps working.
 */
export const confirmPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/auth/password-reset/confirm',
  summary: 'Set a new password with a mailed reset link',
  tag: 'auth',
  access: 'public',
  errors: ['passwordResetLinkInvalid', 'passwordTooCommon', 'passwordContainsEmail'],
  body: z.object({
    /** The `token` of the mailed link `/portal/reset?token=…`. */
    token: emailLinkTokenSchema,
    password: passwordSchema,
  }),
  response: z.null(),
});

// The account's email address: confirming it by the mailed link (after sign-up, or after a
// change of address), mailing that link again, and changing the address.
/** How long a mailed verification or change-of-address link works. */
export const EMAIL_LINK_VALID_HOURS = 24;

/** The least time between two mailed links of one account, in seconds. */
export const EMAIL_LINK_RESEND_SECONDS = 60;

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
  scope: 'account',
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
  scope: 'account',
  stepUp: true,
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
