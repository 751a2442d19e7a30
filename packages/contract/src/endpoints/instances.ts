import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import { queryInt4Schema, singleLineTextSchema } from '../validation.ts';
import { exportTypes } from '../proxy-links.ts';
import { idempotencyHeadersSchema } from './checkout.ts';
import { lineTypeSchema, MAX_DURATION_DAYS, proxyProtocolSchema } from './catalog.ts';
import { instanceCheckFailures } from './nodes.ts';

export const instanceStatuses = ['active', 'expired'] as const;

/**
 * A connectivity check of a static IP run by its gateway: `pending` until the gateway reports,
 * then `ok` or `failed`.
 */
export const instanceCheckStatuses = ['pending', 'ok', 'failed'] as const;
export type InstanceCheckStatus = (typeof instanceCheckStatuses)[number];
export const instanceStatusSchema = z.enum(instanceStatuses);
export type InstanceStatus = z.infer<typeof instanceStatusSchema>;

/** A static IP the customer owns (a proxy instance). */
export const instanceSchema = z.object({
  id: z.string(),
  ip: z.string(),
  /** HTTP and SOCKS5 port. */
  port: z.number().int(),
  /** vmess port (V2Ray engine on the same node). */
  vmessPort: z.number().int(),
  protocols: z.array(proxyProtocolSchema),
  /**
   * Protocols of `protocols` its node cannot serve now (vmess where V2Ray failed or is absent):
   * marked unavailable in the list and left out of exports.
   */
  unavailableProtocols: z.array(proxyProtocolSchema),
  username: z.string(),
  password: z.string(),
  /** vmess user id (UUID). */
  vmessId: z.string(),
  country: z.string(),
  countryName: z.string(),
  city: z.string(),
  lineType: lineTypeSchema,
  remark: z.string(),
  status: instanceStatusSchema,
  autoRenew: z.boolean(),
  /** Set when an automatic renewal could not be paid (insufficient balance); null otherwise. */
  renewalWarning: z.string().nullable(),
  /**
   * Live on an address an operator has quarantined (e.g. blacklisted): it keeps working, and the
   * customer is to get another address.
   */
  flaggedForReplacement: z.boolean(),
  /** Bytes up and down through it over the last 30 days. */
  usage30Days: z.number().int(),
  /**
   * Replacements left this calendar month (business time zone) under the plan's monthly quota;
   * replacements before `freeReplacementUntil`, or of a flagged instance, do not count.
   */
  replacementsLeftThisMonth: z.number().int(),
  /** Until when a replacement is free: 24 hours after the purchase. */
  freeReplacementUntil: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Instance = z.infer<typeof instanceSchema>;

export const listInstances = defineEndpoint({
  method: 'GET',
  path: '/proxy/instances',
  summary: "The caller's static IPs, soonest expiry first",
  tag: 'instances',
  access: 'user',
  errors: [],
  query: paginationQuerySchema.extend({
    status: instanceStatusSchema.optional(),
    /** ISO 3166-1 alpha-2 code, any case. */
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .optional(),
    /** Part of the IP, username or remark. */
    keyword: singleLineTextSchema({ max: 100 }).optional(),
    /** Only instances expiring within this many days (and not yet expired). */
    expiringWithinDays: queryInt4Schema(0, MAX_DURATION_DAYS).optional(),
  }),
  response: pageSchemaOf(instanceSchema),
});

const instanceIdParams = z.object({ id: z.uuid() });

export const getInstance = defineEndpoint({
  method: 'GET',
  path: '/proxy/instances/:id',
  summary: 'One of the caller’s static IPs',
  tag: 'instances',
  access: 'user',
  errors: ['instanceNotFound'],
  params: instanceIdParams,
  response: instanceSchema,
});

export const updateInstance = defineEndpoint({
  method: 'PATCH',
  path: '/proxy/instances/:id',
  summary: 'Edit the remark or switch auto-renew',
  tag: 'instances',
  access: 'user',
  scope: 'manage',
  errors: ['instanceNotFound'],
  params: instanceIdParams,
  body: z
    .object({
      remark: singleLineTextSchema({ max: 200 }).optional(),
      autoRenew: z.boolean().optional(),
    })
    .strict(),
  response: instanceSchema,
});

export const resetInstancePassword = defineEndpoint({
  method: 'POST',
  path: '/proxy/instances/:id/reset-password',
  summary: 'Generate a new proxy password (the old one stops working)',
  tag: 'instances',
  access: 'user',
  scope: 'manage',
  errors: ['instanceNotFound'],
  params: instanceIdParams,
  response: instanceSchema,
});

export const exportTypeSchema = z.enum(exportTypes);

export const exportInstances = defineEndpoint({
  method: 'GET',
  path: '/proxy/instances/export/:type',
  summary: 'Export active instances as proxy lines or a base64 subscription',
  tag: 'instances',
  access: 'user',
  errors: [],
  raw: true,
  params: z.object({ type: exportTypeSchema }),
  query: z.object({
    /** Comma-separated instance ids; all active instances when absent. */
    ids: singleLineTextSchema({ max: 20_000 }).optional(),
    /** `base64` answers a subscription body that proxy clients import. */
    encoding: z.enum(['plain', 'base64']).default('plain'),
  }),
  response: z.string(),
});

/** A pending check the gateway has not reported within this long reads as failed (`timeout`). */
export const INSTANCE_CHECK_TIMEOUT_SECONDS = 30;
/** At most this many checks per instance per hour. */
export const INSTANCE_CHECKS_PER_HOUR = 10;

/** A connectivity check of one of the caller's static IPs. */
export const instanceCheckSchema = z.object({
  id: z.uuid(),
  instanceId: z.uuid(),
  status: z.enum(instanceCheckStatuses),
  /** What failed, when `failed`. */
  failure: z.enum(instanceCheckFailures).nullable(),
  /** Round trip through the proxy to the check target, when `ok`. */
  latencyMs: z.number().int().nullable(),
  /** The source address the check target saw. */
  egressIp: z.string().nullable(),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type InstanceCheck = z.infer<typeof instanceCheckSchema>;

/**
 * Asks the instance's gateway to check it (listening, egress from its IP). While a check of the
 * instance is pending, answers that one instead of starting another.
 */
export const createInstanceCheck = defineEndpoint({
  method: 'POST',
  path: '/proxy/instances/:id/checks',
  summary: 'Ask the gateway to test a static IP',
  tag: 'instances',
  access: 'user',
  scope: 'manage',
  errors: ['instanceNotFound', 'instanceNotLive', 'instanceChecksTooFrequent'],
  params: z.object({ id: z.uuid() }),
  response: instanceCheckSchema,
});

export const getInstanceCheck = defineEndpoint({
  method: 'GET',
  path: '/proxy/instances/:id/checks/:checkId',
  summary: 'A connectivity check and its result',
  tag: 'instances',
  access: 'user',
  errors: ['instanceCheckNotFound'],
  params: z.object({ id: z.uuid(), checkId: z.uuid() }),
  response: instanceCheckSchema,
});

/** A replacement is free this long after the instance was bought. */
export const FREE_REPLACEMENT_HOURS = 24;

/**
 * Moves a live instance to another available address of its plan (same region and line type),
 * keeping its expiry, credentials, vmess id, protocols, remark and auto-renew; the old address
 * cools down. Free within 24 hours of the purchase or when the address is quarantined ("replacement
 * pending"); otherwise counted against the plan's monthly quota. Writes a ¥0 `replacement` order.
 * Send an `Idempotency-Key` header: a repeat with the same key answers the first result.
 */
export const replaceInstance = defineEndpoint({
  method: 'POST',
  path: '/proxy/instances/:id/replace',
  summary: 'Replace a static IP with another address of the same plan',
  tag: 'instances',
  access: 'user',
  scope: 'manage',
  errors: [
    'insufficientStock',
    'idempotencyKeyReused',
    'instanceNotFound',
    'replacementQuotaExhausted',
    'instanceNotLive',
  ],
  params: z.object({ id: z.uuid() }),
  headers: idempotencyHeadersSchema,
  body: z
    .object({
      /** Why, in the customer's words (kept with nothing else; for support). */
      reason: singleLineTextSchema({ max: 200 }).optional(),
    })
    .strict()
    .default({}),
  response: instanceSchema,
});
