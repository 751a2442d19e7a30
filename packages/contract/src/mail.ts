// Every email's words: one template per event and language, with the product's and the
// operator's names filled in (`{{brand}}`) and the event's own values (`{{name}}`, as the message
// catalogue writes placeholders). The server lays the same words out twice, as HTML and as plain
// text, so the two parts of a mail never say different things.
import type { Locale } from './locale.ts';

/**
 * The events a message is about, each with a stable id that preferences, the inbox and webhooks
 * name. `mail.test` is the operator's test email.
 */
export const messageEvents = [
  'mail.test',
  'payment.credited',
  'order.paid',
  'balance.changed',
  'instance.expiring',
  'instance.renewed',
  'instance.renewal_failed',
  'instance.expired',
  'instance.replaced',
  'traffic.threshold',
  'traffic.expiring',
  'balance.low',
  'security.new_sign_in',
  'security.changed',
  'allowlist.changed',
  'node.offline',
  'stock.low',
  'payment.notification_failed',
  'reconciliation.mismatch',
  'adjustment.pending',
] as const;
export type MessageEvent = (typeof messageEvents)[number];

/**
 * Where a message stands: `queued` until delivered (kept so, and shown to operators, while no
 * SMTP server is configured), `sent` once the SMTP server took it, `failed` after a permanent
 * refusal or a day of temporary ones, `suppressed` when the recipient switched its kind off.
 */
export const messageStates = ['queued', 'sent', 'failed', 'suppressed'] as const;
export type MessageState = (typeof messageStates)[number];

/** An email's words: its subject, the paragraphs of its body and the label of its one link. */
export interface MailTemplate {
  subject: string;
  paragraphs: readonly string[];
  /** The button (HTML) or the line before the address (text) of the mail's link, if it has one. */
  action?: string;
}

/** The events that have their mail's words so far; each event gains its template with its sender. */
export type MailTemplateId = Extract<MessageEvent, 'mail.test'>;

/** The footer every mail ends with. */
export interface MailFooter {
  /** Why the recipient gets it. */
  reason: string;
}

export const mailTemplates: Record<Locale, Record<MailTemplateId, MailTemplate>> = {
  'zh-CN': {
    'mail.test': {
      subject: '{{brand}} 测试邮件',
      paragraphs: [
        '您好，这是 {{brand}} 运营后台发出的测试邮件。',
        '收到这封邮件，说明邮件服务器配置正确，客户的提醒和通知都能送达。',
      ],
      action: '打开运营后台',
    },
  },
  'en-US': {
    'mail.test': {
      subject: 'Test email from {{brand}}',
      paragraphs: [
        'Hello, this is a test email sent from the {{brand}} operator console.',
        'If it reached you, the mail server is set up and customers will get their reminders and notices.',
      ],
      action: 'Open the operator console',
    },
  },
};

export const mailFooters: Record<Locale, MailFooter> = {
  'zh-CN': { reason: '这封邮件由 {{brand}} 自动发送，请勿直接回复。' },
  'en-US': { reason: 'This email was sent automatically by {{brand}}; please do not reply to it.' },
};
