// The operator's view of the outbox: every message with its state, attempts and the SMTP server's
// last answer, its two parts for a preview, a resend of a failed one, and a test email sent at
// once whose answer is the SMTP server's own.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { locales } from '../locale.ts';
import { mailTemplates, messageStates, type MailTemplateId } from '../mail.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import { emailSchema, singleLineTextSchema } from '../validation.ts';

/** Every template a message can be written from (an event's, or an account link's). */
export const mailTemplateIds = Object.keys(mailTemplates['zh-CN']) as MailTemplateId[];

export const messageStateSchema = z.enum(messageStates);
export const mailTemplateIdSchema = z.enum(
  mailTemplateIds as [MailTemplateId, ...MailTemplateId[]],
);

/** A message of the outbox as operators see it in the list. */
export const adminMessageSchema = z.object({
  id: z.uuid(),
  /** The recipient's address. */
  to: z.string(),
  /** The template it was written from: the event's id (`instance.expiring`, `mail.test`…). */
  event: z.string(),
  /** The language it was written in (the recipient's). */
  locale: z.enum(locales),
  subject: z.string(),
  state: messageStateSchema,
  /** Delivery attempts since it was written (or last resent). */
  attempts: z.number().int().min(0),
  /** The SMTP server's last answer, or the connection's error, as it was said; null: none yet. */
  lastReply: z.string().nullable(),
  /** The Message-ID it went out with, once sent. */
  providerMessageId: z.string().nullable(),
  /** ISO 8601 times. */
  createdAt: z.string(),
  /** When the next attempt is due (queued messages). */
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

/** One message with its two parts, as the mail program would show them. */
export const adminMessageDetailSchema = adminMessageSchema.extend({
  /** The plain-text part. */
  text: z.string(),
  /** The HTML part: a whole document with inline styles and absolute or console-relative links. */
  html: z.string(),
});
export type AdminMessageDetail = z.infer<typeof adminMessageDetailSchema>;

export const listAdminMessages = defineEndpoint({
  method: 'GET',
  path: '/admin/messages',
  summary: 'Every message of the outbox, newest first, by recipient, event and state',
  tag: 'admin',
  access: 'staff',
  permission: 'messages.read',
  errors: [],
  query: paginationQuerySchema.extend({
    /** Part of the recipient's address (case-insensitive). */
    to: singleLineTextSchema({ min: 1, max: 254 }).optional(),
    event: mailTemplateIdSchema.optional(),
    state: messageStateSchema.optional(),
  }),
  response: pageSchemaOf(adminMessageSchema),
});

const messageParamsSchema = z.object({ id: z.uuid() });

export const getAdminMessage = defineEndpoint({
  method: 'GET',
  path: '/admin/messages/:id',
  summary: 'One message with its text and HTML parts (the preview)',
  tag: 'admin',
  access: 'staff',
  permission: 'messages.read',
  errors: ['messageNotFound'],
  params: messageParamsSchema,
  response: adminMessageDetailSchema,
});

export const resendAdminMessage = defineEndpoint({
  method: 'POST',
  path: '/admin/messages/:id/resend',
  summary: 'Queue a failed message again, due now, its attempts counted afresh',
  tag: 'admin',
  access: 'staff',
  permission: 'messages.manage',
  errors: ['messageNotFound', 'messageNotFailed'],
  params: messageParamsSchema,
  response: adminMessageSchema,
});

/**
 * What became of a test email: `accepted` (the SMTP server took it: its reply and the Message-ID),
 * `refused` (its 4xx/5xx reply, or the connection's error), or `outbox` (no SMTP server is
 * configured: the mail is kept in the outbox, where its preview shows).
 */
export const testEmailOutcomes = ['accepted', 'refused', 'outbox'] as const;
export const testEmailOutcomeSchema = z.enum(testEmailOutcomes);
export type TestEmailOutcome = z.infer<typeof testEmailOutcomeSchema>;

export const sendTestEmail = defineEndpoint({
  method: 'POST',
  path: '/admin/messages/test',
  summary: "Send a test email now through the SMTP server and answer the server's own reply",
  tag: 'admin',
  access: 'staff',
  permission: 'messages.manage',
  errors: [],
  body: z.object({ to: emailSchema }),
  response: z.object({
    outcome: testEmailOutcomeSchema,
    /** The SMTP server's answer as it said it (`250 …`, `550 …`, `ECONNREFUSED: …`); null: none. */
    reply: z.string().nullable(),
    /** The message as the outbox recorded it. */
    message: adminMessageSchema,
  }),
});
