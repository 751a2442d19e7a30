// Account security's value lists: the second factors a session can be opened with, the scopes of
// an API key, and what a sign-in attempt came to (the sign-in history).

/** The second factor that opened a session: a TOTP code, a recovery code or a passkey. */
export const secondFactorKinds = ['totp', 'recovery_code', 'passkey'] as const;
export type SecondFactorKind = (typeof secondFactorKinds)[number];

/**
 * What an API key may do: `read` every GET, `purchase` orders, renewals and top-ups, `manage` the
 * allowlist, sub-users, webhooks and replacements. No key changes the password, email, factors or
 * keys.
 */
export const apiKeyScopes = ['read', 'purchase', 'manage'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** Named API keys per account (the personal token is not one of them). */
export const API_KEYS_MAX = 10;

/**
 * What a sign-in attempt came to: a session (`succeeded`), a wrong password, a refusal while the
 * account or address was throttled, a second factor asked for, or a wrong second factor.
 */
export const signInOutcomes = [
  'succeeded',
  'wrong_password',
  'throttled',
  'second_factor_required',
  'second_factor_failed',
] as const;
export type SignInOutcome = (typeof signInOutcomes)[number];

/** How long a sign-in challenge (password right, second factor awaited) lives, in seconds. */
export const SIGN_IN_CHALLENGE_SECONDS = 5 * 60;
/** How long a second factor proved counts as fresh for a step-up, in seconds. */
export const STEP_UP_FRESH_SECONDS = 10 * 60;
/** Recovery codes issued at a time. */
export const RECOVERY_CODES_COUNT = 10;
/**
 * Days a staff member of a role that must use two-step verification (`STAFF_2FA_ROLES`) may use
 * the operator console without it, from joining or from `STAFF_2FA_REQUIRED_FROM`, the later.
 */
export const STAFF_TWO_STEP_GRACE_DAYS = 7;

/**
 * The factors an account may have beside its password: an authenticator app (`totp`) and passkeys.
 * Recovery codes come with either and are not counted as one.
 */
export const accountFactors = ['totp', 'passkey'] as const;
export type AccountFactor = (typeof accountFactors)[number];

/** Passkeys per account. */
export const PASSKEYS_MAX = 10;
