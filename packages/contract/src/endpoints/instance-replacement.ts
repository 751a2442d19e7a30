import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { singleLineTextSchema } from '../validation.ts';
import { instanceSchema } from './instances.ts';
import { idempotencyHeadersSchema } from './orders.ts';

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
