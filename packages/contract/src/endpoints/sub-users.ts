import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { singleLineTextSchema } from '../validation.ts';

/** Sub-users one account may have. */
export const MAX_SUB_USERS = 50;
/** Largest cap in GB (a million GB; far beyond any package). */
export const MAX_SUB_USER_CAP_GB = 1_000_000;

/**
 * A traffic cap in GB with at most two decimals (0.01 GB = 10 MB steps); null means no cap of its
 * own: the sub-user draws from the account's packages until they run out.
 */
export const subUserCapGbSchema = z
  .number()
  .min(0.01)
  .max(MAX_SUB_USER_CAP_GB)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: 'atMostTwoDecimals',
  });

export const subUserNameSchema = singleLineTextSchema({ min: 1, max: 40 });

/**
 * Dynamic-proxy credentials of their own for one user of the customer's traffic (a team member,
 * a tool): metered apart, optionally capped, drawn from the account's packages.
 */
export const subUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Proxy username; targeting suffixes apply as for the account (`<username>-country-jp`). */
  username: z.string(),
  password: z.string(),
  /** Cap in GB; null when uncapped. */
  capGb: z.number().nullable(),
  /** Bytes used since creation. */
  usedBytes: z.number().int(),
  /** A disabled sub-user is refused by the gateways within one poll. */
  enabled: z.boolean(),
  createdAt: z.string(),
  /** `host:port` of the dynamic pool's entry point (SOCKS5 and HTTP on one port). */
  host: z.string(),
  port: z.number().int(),
});
export type SubUser = z.infer<typeof subUserSchema>;

const subUserParamsSchema = z.object({ id: z.uuid() });

export const listSubUsers = defineEndpoint({
  method: 'GET',
  path: '/user/sub-users',
  summary: "The caller's dynamic-traffic sub-users, oldest first",
  tag: 'access',
  access: 'user',
  errors: [],
  response: z.object({ items: z.array(subUserSchema), max: z.number().int() }),
});

export const createSubUser = defineEndpoint({
  method: 'POST',
  path: '/user/sub-users',
  summary: 'Create a sub-user with generated proxy credentials and an optional GB cap',
  tag: 'access',
  access: 'user',
  scope: 'manage',
  errors: ['subUserLimitReached', 'subUserNameTaken', 'subUserLoginTaken'],
  body: z.object({ name: subUserNameSchema, capGb: subUserCapGbSchema.nullable().optional() }),
  response: subUserSchema,
});

export const updateSubUser = defineEndpoint({
  method: 'PATCH',
  path: '/user/sub-users/:id',
  summary: 'Rename, re-cap (null removes the cap), enable/disable or reset the password',
  tag: 'access',
  access: 'user',
  scope: 'manage',
  errors: ['subUserNameTaken', 'subUserNotFound'],
  params: subUserParamsSchema,
  body: z.object({
    name: subUserNameSchema.optional(),
    capGb: subUserCapGbSchema.nullable().optional(),
    enabled: z.boolean().optional(),
    /** True draws a new password; the old one stops working within one gateway poll. */
    resetPassword: z.literal(true).optional(),
  }),
  response: subUserSchema,
});

export const deleteSubUser = defineEndpoint({
  method: 'DELETE',
  path: '/user/sub-users/:id',
  summary: 'Delete a sub-user; its credentials stop working within one gateway poll',
  tag: 'access',
  access: 'user',
  scope: 'manage',
  errors: ['subUserNotFound'],
  params: subUserParamsSchema,
  response: z.null(),
});
