// Devices: the caller's signed-in sessions (sign one or all others out) and the sign-in history
// of the last 90 days. Staff use the same endpoints for their own account.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import { secondFactorKinds, signInOutcomes } from '../security.ts';

/** How long the sign-in history keeps an attempt, in days; older ones are pruned hourly. */
export const SIGN_IN_HISTORY_DAYS = 90;
/** The most sessions the list shows (the most recently used); revoke-others covers the rest. */
export const SESSIONS_LIST_MAX = 100;

/**
 * What a User-Agent tells of its browser and system ("Chrome", "Windows"); each null when it
 * tells nothing, the raw agent is beside it for those.
 */
export const sessionDeviceSchema = z.object({
  browser: z.string().nullable(),
  system: z.string().nullable(),
});
export type SessionDevice = z.infer<typeof sessionDeviceSchema>;

const secondFactorSchema = z.enum(secondFactorKinds).nullable();

/** A live session of the caller: not signed out, not expired, not idle past the timeout. */
export const securitySessionSchema = z.object({
  id: z.string(),
  device: sessionDeviceSchema,
  /** The User-Agent the session was opened with; null when none was sent. */
  userAgent: z.string().nullable(),
  /** The address the session was opened from. */
  ip: z.string().nullable(),
  /** ISO 8601: when the session was opened (first use). */
  createdAt: z.string(),
  /** ISO 8601: last use, written at most about once a minute. */
  lastUsedAt: z.string(),
  /** The second factor the session was opened with; null: the password alone. */
  secondFactor: secondFactorSchema,
  /** The session making this request (never for calls made with an API token). */
  current: z.boolean(),
});
export type SecuritySession = z.infer<typeof securitySessionSchema>;

export const listSecuritySessions = defineEndpoint({
  method: 'GET',
  path: '/user/security/sessions',
  summary: "The caller's live sessions, most recently used first, the current one marked",
  tag: 'security',
  access: 'user',
  scope: 'account',
  errors: [],
  response: z.object({
    items: z.array(securitySessionSchema),
    /** Live sessions in all: more than `items` holds when above `SESSIONS_LIST_MAX`. */
    total: z.number().int().min(0),
  }),
});

export const revokeSecuritySession = defineEndpoint({
  method: 'DELETE',
  path: '/user/security/sessions/:id',
  summary: "Sign one of the caller's sessions out, on every server at once",
  tag: 'security',
  access: 'user',
  scope: 'account',
  errors: ['sessionNotFound'],
  params: z.object({ id: z.uuid() }),
  response: z.null(),
});

export const revokeOtherSecuritySessions = defineEndpoint({
  method: 'POST',
  path: '/user/security/sessions/revoke-others',
  summary: 'Sign out every live session of the caller but the one making the request',
  tag: 'security',
  access: 'user',
  scope: 'account',
  errors: [],
  response: z.object({ revoked: z.number().int().min(0) }),
});

/** One sign-in attempt on the caller's account. */
export const signInHistoryEntrySchema = z.object({
  id: z.string(),
  outcome: z.enum(signInOutcomes),
  /** The second factor used or tried; null when none was. */
  secondFactor: secondFactorSchema,
  ip: z.string().nullable(),
  device: sessionDeviceSchema,
  userAgent: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type SignInHistoryEntry = z.infer<typeof signInHistoryEntrySchema>;

export const listSignInHistory = defineEndpoint({
  method: 'GET',
  path: '/user/security/sign-ins',
  summary: "The caller's sign-in attempts of the last 90 days, newest first",
  tag: 'security',
  access: 'user',
  scope: 'account',
  errors: [],
  query: paginationQuerySchema,
  response: pageSchemaOf(signInHistoryEntrySchema),
});
