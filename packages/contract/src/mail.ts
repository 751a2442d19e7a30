// Every email's words: one template per event and language, with the product's and the
// operator's names filled in (`{{brand}}`) and the event's own values (`{{name}}`, as the message
// catalogue writes placeholders). The server lays the same words out twice, as HTML and as plain
// text, so the two parts of a mail never say different things.
import type { Locale } from './locale.ts';
import { accountMailTemplates } from './mail/account.ts';
import { addressMailTemplates } from './mail/address.ts';
import { billingMailTemplates } from './mail/billing.ts';
import { operatorMailTemplates } from './mail/operator.ts';
import { passwordResetMailTemplates } from './mail/password-reset.ts';
import { reminderMailTemplates } from './mail/reminders.ts';
import type { MailTemplate } from './mail/template.ts';
import { webhookMailTemplates } from './mail/webhooks.ts';

export type { MailTemplate } from './mail/template.ts';
export {
  securityChangeLabels,
  securityChanges,
  signInDeviceLabels,
  type SecurityChange,
} from './mail/account.ts';
export {
  allowlistChangeLabels,
  allowlistChanges,
  balanceChangeKinds,
  balanceChangeLabels,
  orderTypeMailLabels,
  type AllowlistChange,
  type BalanceChangeKind,
} from './mail/billing.ts';
export {
  lineTypeMailLabels,
  mailPlace,
  mailPlanName,
  type MailRegionNames,
} from './mail/places.ts';
export { unnamedChannelMailLabels } from './mail/operator.ts';
export {
  renewalFailureLabels,
  renewalFailureReasons,
  type RenewalFailureReason,
} from './mail/reminders.ts';

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

/**
 * How recipients choose what reaches them: a category of events per channel. Security and
 * money-movement messages always reach the recipient; reminders, notices and operations can be
 * switched off per channel.
 */
export const notificationCategories = [
  'security',
  'money',
  'reminders',
  'notices',
  'operations',
] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

/** The categories nobody can switch off, on any channel. */
export const mandatoryNotificationCategories: readonly NotificationCategory[] = [
  'security',
  'money',
];

/** Where a message reaches its recipient: by email, and in the console's inbox. */
export const notificationChannels = ['email', 'inbox'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** Each event's category: what a preference or an unsubscribe link switches it with. */
export const categoryOfEvent: Record<MessageEvent, NotificationCategory> = {
  'mail.test': 'operations',
  'payment.credited': 'money',
  'order.paid': 'money',
  'balance.changed': 'money',
  'instance.expiring': 'reminders',
  'instance.renewed': 'money',
  'instance.renewal_failed': 'reminders',
  'instance.expired': 'reminders',
  'instance.replaced': 'notices',
  'traffic.threshold': 'reminders',
  'traffic.expiring': 'reminders',
  'balance.low': 'reminders',
  'security.new_sign_in': 'security',
  'security.changed': 'security',
  'allowlist.changed': 'security',
  'node.offline': 'operations',
  'stock.low': 'operations',
  'payment.notification_failed': 'operations',
  'reconciliation.mismatch': 'operations',
  'adjustment.pending': 'operations',
};

/** The footer every mail ends with. */
export interface MailFooter {
  /** Why the recipient gets it. */
  reason: string;
  /** The label of the unsubscribe link an optional mail (reminders, notices) carries. */
  unsubscribe: string;
}

export const mailFooters: Record<Locale, MailFooter> = {
  'zh-CN': {
    reason: '这封邮件由 {{brand}} 自动发送，请勿直接回复。',
    unsubscribe: '不想再收到这类邮件？点此退订',
  },
  'en-US': {
    reason: 'This email was sent automatically by {{brand}}; please do not reply to it.',
    unsubscribe: 'Do not want emails like this? Unsubscribe',
  },
};

/**
 * Every email's words, by language and template id. A template is an event's (its id is the
 * event's), an account link's (`account.*`: reset, verification, change of address) or the notice
 * of a webhook endpoint switched off (`webhook.disabled`). Each group lives in its own file of
 * `mail/`.
 */
export const mailTemplates = {
  'zh-CN': {
    ...accountMailTemplates['zh-CN'],
    ...passwordResetMailTemplates['zh-CN'],
    ...addressMailTemplates['zh-CN'],
    ...operatorMailTemplates['zh-CN'],
    ...reminderMailTemplates['zh-CN'],
    ...billingMailTemplates['zh-CN'],
    ...webhookMailTemplates['zh-CN'],
  },
  'en-US': {
    ...accountMailTemplates['en-US'],
    ...passwordResetMailTemplates['en-US'],
    ...addressMailTemplates['en-US'],
    ...operatorMailTemplates['en-US'],
    ...reminderMailTemplates['en-US'],
    ...billingMailTemplates['en-US'],
    ...webhookMailTemplates['en-US'],
  },
} satisfies Record<Locale, Record<string, MailTemplate>>;

export type MailTemplateId = keyof (typeof mailTemplates)['zh-CN'];
