import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { instanceCheckStatuses } from './instances.ts';
import { instanceCheckFailures } from './nodes.ts';

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
