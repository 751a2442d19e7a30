import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { locales } from '../locale.ts';
import {
  emailSchema,
  passwordSchema,
  plainTextSchema,
  singleLineTextSchema,
} from '../validation.ts';
import { userProfileSchema } from './users.ts';

export const sessionSchema = z.object({
  /** Opaque session token: send it as `Authorization: Bearer <token>`. */
  token: z.string(),
  user: userProfileSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const register = defineEndpoint({
  method: 'POST',
  path: '/auth/register',
  summary: 'Create an account and sign in',
  tag: 'auth',
  access: 'public',
  errors: [
    'rateLimited',
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
  }),
  response: sessionSchema,
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/auth/logout',
  summary: 'Revoke the presented session',
  tag: 'auth',
  access: 'user',
  errors: [],
  response: z.null(),
});
