import {
  categoryOfEvent,
  webhookEvents,
  type NotificationCategory,
  type WebhookEvent,
} from '@stratus/contract';

/** The events an endpoint may ask for, under the notification categories the profile names. */
export const webhookEventGroups: { category: NotificationCategory; events: WebhookEvent[] }[] = (
  ['money', 'reminders', 'notices', 'security'] as const
)
  .map((category) => ({
    category,
    events: webhookEvents.filter((event) => categoryOfEvent[event] === category),
  }))
  .filter((group) => group.events.length > 0);
