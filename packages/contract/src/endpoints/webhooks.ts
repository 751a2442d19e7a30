// Customer webhooks: endpoints an account registers to have its events POSTed to it, signed with
// a secret shown once, and each endpoint's delivery log with a resend.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import {
  WEBHOOK_URL_MAX_LENGTH,
  webhookDeliveryStates,
  webhookDisabledReasons,
  webhookEvents,
} from '../webhooks.ts';

/** An endpoint as its owner sees it; the secret is shown only when it is made. */
export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  enabled: z.boolean(),
  /** Why it is off: `owner` (switched off) or `failing` (three days without a success). */
  disabledReason: z.enum(webhookDisabledReasons).nullable(),
  /** The first failure since its last success, if it is failing now. */
  failingSince: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** One event on its way to one endpoint, with the last attempt's outcome. */
export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  /** The event's id: the `id` of the body, the same in every delivery of the event. */
  eventId: z.uuid(),
  event: z.enum(webhookEvents),
  state: z.enum(webhookDeliveryStates),
  attempts: z.number().int().min(0),
  /** The endpoint's HTTP status on the last attempt; null when it never answered. */
  statusCode: z.number().int().nullable(),
  /** Why the last attempt got no answer (refused, timed out, a private address). */
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  /** When a pending delivery is tried next. */
  nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  deliveredAt: z.iso.datetime({ offset: true }).nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const webhookUrlSchema = z.string().trim().min(1).max(WEBHOOK_URL_MAX_LENGTH);
const webhookEventsSchema = z
  .array(z.enum(webhookEvents))
  .min(1)
  .max(webhookEvents.length)
  .refine((events) => new Set(events).size === events.length, 'each event once');

export const listWebhookEndpoints = defineEndpoint({
  method: 'GET',
  path: '/user/webhooks',
  summary: 'My webhook endpoints, oldest first',
  tag: 'webhooks',
  access: 'user',
  errors: [],
  response: z.object({
    items: z.array(webhookEndpointSchema),
    /** Endpoints an account may have. */
    max: z.number().int(),
  }),
});

export const createWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/user/webhooks',
  summary:
    'Add a webhook endpoint for some events; answers its signing secret, shown this once (public addresses only in production)',
  tag: 'webhooks',
  access: 'user',
  scope: 'manage',
  stepUp: true,
  errors: ['webhookUrlInvalid', 'webhookDestinationPrivate', 'webhookLimitReached'],
  body: z.object({ url: webhookUrlSchema, events: webhookEventsSchema }).strict(),
  response: webhookEndpointSchema.extend({
    /** The signing secret: shown only in this answer, kept encrypted by the server. */
    secret: z.string(),
  }),
});

export const updateWebhookEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/user/webhooks/:id',
  summary: 'Change an endpoint’s address or events, or switch it off or on',
  tag: 'webhooks',
  access: 'user',
  scope: 'manage',
  stepUp: true,
  errors: ['webhookNotFound', 'webhookUrlInvalid', 'webhookDestinationPrivate'],
  params: z.object({ id: z.uuid() }),
  body: z
    .object({
      url: webhookUrlSchema.optional(),
      events: webhookEventsSchema.optional(),
      enabled: z.boolean().optional(),
    })
    .strict()
    .refine((body) => Object.keys(body).length > 0, 'nothing to change'),
  response: webhookEndpointSchema,
});

export const deleteWebhookEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/user/webhooks/:id',
  summary: 'Delete an endpoint and its delivery log',
  tag: 'webhooks',
  access: 'user',
  scope: 'manage',
  errors: ['webhookNotFound'],
  params: z.object({ id: z.uuid() }),
  response: z.null(),
});

export const listWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: '/user/webhooks/:id/deliveries',
  summary: 'An endpoint’s deliveries, newest first',
  tag: 'webhooks',
  access: 'user',
  errors: ['webhookNotFound'],
  params: z.object({ id: z.uuid() }),
  query: paginationQuerySchema.strict(),
  response: pageSchemaOf(webhookDeliverySchema),
});

export const resendWebhookDelivery = defineEndpoint({
  method: 'POST',
  path: '/user/webhooks/deliveries/:id/resend',
  summary:
    'Send a delivery’s event to its endpoint again, as a new delivery with the same event id',
  tag: 'webhooks',
  access: 'user',
  scope: 'manage',
  errors: ['webhookDeliveryNotFound', 'webhookDisabled'],
  params: z.object({ id: z.uuid() }),
  response: webhookDeliverySchema,
});
