import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { singleLineTextSchema } from '../validation.ts';

/** Entries one account may allowlist. */
export const MAX_ALLOWLIST_ENTRIES = 20;
/** Narrowest prefix length an allowlisted block may have, per IP version (wider is refused). */
export const MIN_ALLOWLIST_PREFIX = { 4: 24, 6: 48 } as const;

/**
 * A source address the customer's static IPs serve without credentials: a client connecting from
 * it is served as this customer, metered to the static IP it reached.
 */
export const allowlistEntrySchema = z.object({
  id: z.string(),
  /** Canonical CIDR block: `203.0.113.7/32`, `2001:db8:1::/48`. */
  cidr: z.string(),
  note: z.string(),
  /** ISO 8601 time a connection from this block was last served; null when never. */
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AllowlistEntry = z.infer<typeof allowlistEntrySchema>;

export const listIpAllowlist = defineEndpoint({
  method: 'GET',
  path: '/user/ip-allowlist',
  summary: "The caller's allowlisted source addresses, oldest first, and the caller's own address",
  tag: 'access',
  access: 'user',
  errors: [],
  response: z.object({
    items: z.array(allowlistEntrySchema),
    /** Entries the account may have. */
    max: z.number().int(),
    /** The caller's address as the server sees it (offered as "add my current IP"). */
    yourAddress: z.string(),
  }),
});

export const addIpAllowlistEntry = defineEndpoint({
  method: 'POST',
  path: '/user/ip-allowlist',
  summary:
    'Allowlist an IPv4/IPv6 address or block (at most /24 or /48; public addresses only in production)',
  tag: 'access',
  access: 'user',
  scope: 'manage',
  stepUp: true,
  errors: [
    'allowlistAddressInvalid',
    'allowlistHostBitsSet',
    'allowlistBlockTooWide',
    'allowlistAddressReserved',
    'allowlistFull',
    'allowlistOverlapsOwn',
    'allowlistTakenByAnother',
  ],
  body: z.object({
    /** An address (`203.0.113.7`) or a block written with its network address (`203.0.113.0/28`). */
    address: z.string().trim().min(1).max(64),
    note: singleLineTextSchema({ max: 100 }).default(''),
  }),
  response: allowlistEntrySchema,
});

export const deleteIpAllowlistEntry = defineEndpoint({
  method: 'DELETE',
  path: '/user/ip-allowlist/:id',
  summary: 'Remove an allowlisted address; the gateways close its open connections',
  tag: 'access',
  access: 'user',
  scope: 'manage',
  stepUp: true,
  errors: ['allowlistEntryNotFound'],
  params: z.object({ id: z.uuid() }),
  response: z.null(),
});
