// What the messages channel shows a person: the console's inbox (every event sent to them, mail on
// or off), their choices of what reaches them and how, and the one-click unsubscribe of a mail.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  messageEvents,
  notificationCategories,
  notificationChannels,
  type MessageEvent,
} from '../mail.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import { plainTextSchema } from '../validation.ts';

/** The events a customer's inbox can hold: every event but the operators' test email. */
export const inboxEvents = messageEvents.filter(
  (event): event is Exclude<MessageEvent, 'mail.test'> => event !== 'mail.test',
);

/** One message of the inbox, in the language it was written in. */
export const inboxMessageSchema = z.object({
  id: z.uuid(),
  event: z.enum(messageEvents),
  subject: z.string(),
  /** The message's paragraphs as plain text, without the mail's footer or link line. */
  body: z.string(),
  /** The console page the message is about, if any (a path or an absolute address). */
  link: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  read: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

const queryBooleanSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

export const listInboxMessages = defineEndpoint({
  method: 'GET',
  path: '/user/messages',
  summary: 'The messages sent to me, newest first, with how many are unread',
  tag: 'messages',
  access: 'user',
  errors: [],
  query: paginationQuerySchema.extend({ unread: queryBooleanSchema.optional() }).strict(),
  response: pageSchemaOf(inboxMessageSchema).extend({
    /** Unread messages in all pages, whatever the filter. */
    unread: z.number().int().min(0),
  }),
});

export const MARK_READ_MAX_IDS = 100;

export const markInboxMessagesRead = defineEndpoint({
  method: 'POST',
  path: '/user/messages/read',
  summary: 'Mark some of my messages read, or all of them',
  tag: 'messages',
  access: 'user',
  scope: 'manage',
  errors: [],
  body: z.union([
    z.object({ ids: z.array(z.uuid()).min(1).max(MARK_READ_MAX_IDS) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ]),
  response: z.object({ unread: z.number().int().min(0) }),
});

/** One category's switches: per channel, and whether it can be switched off at all. */
export const notificationPreferenceSchema = z.object({
  category: z.enum(notificationCategories),
  /** Security and money messages always reach their recipient. */
  mandatory: z.boolean(),
  email: z.boolean(),
  inbox: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

const notificationPreferencesSchema = z.object({
  items: z.array(notificationPreferenceSchema),
});

export const getNotificationPreferences = defineEndpoint({
  method: 'GET',
  path: '/user/notification-preferences',
  summary: 'What reaches me, by category and channel (operations only for staff)',
  tag: 'messages',
  access: 'user',
  errors: [],
  response: notificationPreferencesSchema,
});

export const updateNotificationPreferences = defineEndpoint({
  method: 'PATCH',
  path: '/user/notification-preferences',
  summary: 'Switch categories on or off per channel; security and money cannot be switched off',
  tag: 'messages',
  access: 'user',
  scope: 'account',
  errors: ['notificationMandatory'],
  body: z
    .object({
      items: z
        .array(
          z
            .object({
              category: z.enum(notificationCategories),
              channel: z.enum(notificationChannels),
              enabled: z.boolean(),
            })
            .strict(),
        )
        .min(1)
        .max(notificationCategories.length * notificationChannels.length),
    })
    .strict(),
  response: notificationPreferencesSchema,
});

/** The token of a mail's unsubscribe link: the recipient and category, signed by the server. */
const unsubscribeParamsSchema = z.object({ token: plainTextSchema({ min: 1, max: 200 }) }).strict();

/** What an unsubscribe link switches off, for the page that asks to confirm. */
export const unsubscribeTargetSchema = z.object({
  category: z.enum(notificationCategories),
  /** The recipient's address with most of its name hidden (`a***@example.com`). */
  email: z.string(),
  /** Whether that category's email is already off. */
  unsubscribed: z.boolean(),
});

export const getUnsubscribeTarget = defineEndpoint({
  method: 'GET',
  path: '/unsubscribe/:token',
  summary: "What a mail's unsubscribe link switches off (changes nothing)",
  tag: 'messages',
  access: 'public',
  errors: ['unsubscribeLinkInvalid'],
  params: unsubscribeParamsSchema,
  response: unsubscribeTargetSchema,
});

/**
 * One-click unsubscribe (RFC 8058): mail programs POST `List-Unsubscribe=One-Click` form-encoded
 * to the `List-Unsubscribe` address; the console's page posts the same as JSON.
 */
export const unsubscribe = defineEndpoint({
  method: 'POST',
  path: '/unsubscribe/:token',
  summary: "Switch off the email of a mail's category (RFC 8058 one-click; no session)",
  tag: 'messages',
  access: 'public',
  errors: ['unsubscribeLinkInvalid'],
  params: unsubscribeParamsSchema,
  bodyContentType: 'application/x-www-form-urlencoded',
  body: z.object({ 'List-Unsubscribe': z.enum(['One-Click']) }).strict(),
  response: unsubscribeTargetSchema,
});
