// Scoped API keys: up to API_KEYS_MAX named keys per account beside the personal token, each with
// scopes, optional source addresses and an optional expiry; the key is shown once, when made.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { apiKeyScopes } from '../security.ts';
import { singleLineTextSchema } from '../validation.ts';

/** Source addresses or blocks one key may list. */
export const API_KEY_SOURCES_MAX = 20;

/** Whether a key works now: `active`, or `revoked` by its owner, or past its `expired` time. */
export const apiKeyStates = ['active', 'revoked', 'expired'] as const;
export type ApiKeyState = (typeof apiKeyStates)[number];

/** A key as its owner sees it: never the key itself, only its first characters. */
export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters (`sk_AbCd…`), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  /** Canonical CIDR blocks the key may be used from; empty: anywhere. */
  allowedSources: z.array(z.string()),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  lastUsedIp: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  state: z.enum(apiKeyStates),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const listApiKeys = defineEndpoint({
  method: 'GET',
  path: '/user/api-keys',
  summary: 'My API keys, newest first (revoked and expired ones included)',
  tag: 'api-keys',
  access: 'user',
  scope: 'account',
  errors: [],
  response: z.object({
    items: z.array(apiKeySchema),
    /** Live keys an account may have. */
    max: z.number().int(),
  }),
});

export const createApiKey = defineEndpoint({
  method: 'POST',
  path: '/user/api-keys',
  summary:
    'Make a named API key with scopes, optional source addresses (addresses or CIDR blocks) and an optional expiry; answers the key, shown this once',
  tag: 'api-keys',
  access: 'user',
  scope: 'account',
  stepUp: true,
  errors: ['apiKeyLimitReached', 'apiKeySourceInvalid', 'apiKeyExpiryInPast'],
  body: z
    .object({
      name: singleLineTextSchema({ min: 1, max: 64 }),
      scopes: z
        .array(z.enum(apiKeyScopes))
        .min(1)
        .max(apiKeyScopes.length)
        .refine((scopes) => new Set(scopes).size === scopes.length, 'each scope once'),
      /** Addresses (`203.0.113.7`) or blocks (`203.0.113.0/24`); none: usable from anywhere. */
      allowedSources: z
        .array(z.string().trim().min(1).max(64))
        .max(API_KEY_SOURCES_MAX)
        .default([]),
      /** When the key stops working; none: never. */
      expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
    })
    .strict(),
  response: apiKeySchema.extend({
    /** The key (`sk_…`): shown only in this answer, stored only as a hash. */
    key: z.string(),
  }),
});

export const revokeApiKey = defineEndpoint({
  method: 'DELETE',
  path: '/user/api-keys/:id',
  summary: 'Revoke an API key: it is refused from the next request on, on every server',
  tag: 'api-keys',
  access: 'user',
  scope: 'account',
  errors: ['apiKeyNotFound'],
  params: z.object({ id: z.uuid() }),
  response: apiKeySchema,
});
