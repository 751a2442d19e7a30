// Writing a message: rendered in the recipient's language from the contract's words, in the
// transaction of the event it is about, so the event and its message commit or vanish together.
import {
  categoryOfEvent,
  mandatoryNotificationCategories,
  messageEvents,
  type Locale,
  type MailTemplateId,
  type MessageEvent,
  type NotificationCategory,
} from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { queueWebhookDeliveries } from '../webhooks/public.ts';
import { isChannelSwitchedOff, insertMessage, type MessageRow } from './outbox-repo.ts';
import { renderMail } from './render.ts';

export interface MailToQueue {
  /** The recipient's account, when they have one. */
  userId?: string | null;
  to: string;
  locale: Locale;
  template: MailTemplateId;
  brand: string;
  values?: Record<string, string | number>;
  actionUrl?: string;
  /** The event's own values for the inbox and webhooks (defaults to `values`). */
  data?: Record<string, unknown>;
  /** The reason it goes out, once: a second message with the same key is not written. */
  dedupeKey?: string;
}

/** The category of a template that is an event's; account links (`account.*`) have none. */
export function categoryOfTemplate(template: MailTemplateId): NotificationCategory | undefined {
  return (messageEvents as readonly string[]).includes(template)
    ? categoryOfEvent[template as MessageEvent]
    : undefined;
}

/**
 * Queues one email, and the event's webhook deliveries; undefined when its `dedupeKey` was queued
 * before. When the recipient switched the email of its category off (never possible for security
 * and money), the message is written `suppressed`: not sent, but in the inbox all the same.
 */
export async function queueMail(tx: Tx | Db, mail: MailToQueue): Promise<MessageRow | undefined> {
  const rendered = renderMail(mail);
  const category = categoryOfTemplate(mail.template);
  const suppressed =
    mail.userId != null &&
    category !== undefined &&
    !mandatoryNotificationCategories.includes(category) &&
    (await isChannelSwitchedOff(tx, { userId: mail.userId, category, channel: 'email' }));
  const row = await insertMessage(tx, {
    userId: mail.userId ?? null,
    toAddress: mail.to,
    event: mail.template,
    locale: mail.locale,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
    dedupeKey: mail.dedupeKey ?? null,
    data: mail.data ?? mail.values ?? {},
    actionUrl: mail.actionUrl ?? null,
    ...(suppressed ? { state: 'suppressed' as const } : {}),
  });
  // The customer's webhooks receive the event whatever the mail preferences: they asked for it.
  if (row?.userId) {
    await queueWebhookDeliveries(tx, {
      userId: row.userId,
      eventId: row.id,
      event: row.event,
      createdAt: row.createdAt,
      data: row.data,
    });
  }
  return row;
}
