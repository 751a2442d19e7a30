// An event reaching webhooks: written beside its message, in the event's transaction, as one
// delivery per endpoint of the customer that is on and asked for the event. The message's id is
// the event's id, so a receiver sees one id however many times an event is delivered.
import { webhookEvents, type WebhookEvent } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { insertDeliveriesForEvent } from './repo.ts';
import { retryUntilFrom } from './service.ts';

export interface WebhookEventToQueue {
  userId: string;
  eventId: string;
  event: string;
  createdAt: Date;
  data: Record<string, unknown>;
}

function isWebhookEvent(event: string): event is WebhookEvent {
  return (webhookEvents as readonly string[]).includes(event);
}

/** The JSON body every delivery of an event sends: `{id, type, createdAt, data}`. */
export function webhookBody({
  eventId,
  event,
  createdAt,
  data,
}: Omit<WebhookEventToQueue, 'userId'>) {
  return JSON.stringify({ id: eventId, type: event, createdAt: createdAt.toISOString(), data });
}

/**
 * Queues the event's deliveries in the caller's transaction; events no endpoint may receive (an
 * operator's, an account link) queue none. Answers how many were written.
 */
export async function queueWebhookDeliveries(
  tx: Tx | Db,
  event: WebhookEventToQueue,
): Promise<number> {
  if (!isWebhookEvent(event.event)) return 0;
  return insertDeliveriesForEvent(tx, {
    userId: event.userId,
    eventId: event.eventId,
    event: event.event,
    body: webhookBody(event),
    retryUntil: retryUntilFrom(event.createdAt),
  });
}
