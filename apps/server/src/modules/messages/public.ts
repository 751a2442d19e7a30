// The messages module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { deliverDueMessages } from './delivery.ts';
export type { DeliveryReport } from './delivery.ts';
export { createSmtpMailer } from './mailer.ts';
export type { Mailer } from './mailer.ts';
export { pruneMessagesBefore } from './outbox-repo.ts';
export { queueMail } from './outbox.ts';
export type { MailToQueue } from './outbox.ts';
export { messageLink } from './links.ts';
export { categoryOfTemplate } from './outbox.ts';
export { createUnsubscribeTokens, unsubscribeLinksFor } from './unsubscribe-tokens.ts';
export type { UnsubscribeTokens } from './unsubscribe-tokens.ts';
export {
  mailBytes,
  mailIdentity,
  mailLink,
  mailTime,
  mailYuan,
  queueStaffMail,
  queueUserMail,
  rolesWith,
  useMailIdentity,
} from './recipients.ts';
export type { EventMail, MailIdentity, MailValues } from './recipients.ts';
