// The delivery job's one pass: claim due messages (any number of servers may run it at once),
// send each over SMTP, record the answer. A temporary failure is tried again later, each wait
// twice the last, for up to a day from its writing (or from an operator's resend); a permanent
// one stops at once.
import type { Db } from '@stratus/db';
import type { Mailer } from './mailer.ts';
import {
  claimDueMessages,
  markMessageFailed,
  markMessageSent,
  scheduleMessageRetry,
  type MessageRow,
} from './outbox-repo.ts';
import { withUnsubscribeLink } from './render.ts';
import type { UnsubscribeLinks } from './unsubscribe-tokens.ts';

const MINUTE_MS = 60_000;
/** The first wait after a temporary failure; each next one doubles, up to `MAX_BACKOFF_MS`. */
const FIRST_BACKOFF_MS = MINUTE_MS;
const MAX_BACKOFF_MS = 6 * 60 * MINUTE_MS;
/**
 * Temporary failures are tried again for this long after the message was written, or after an
 * operator resent it (`retryFrom`): a resend gets a day of its own.
 */
const GIVE_UP_AFTER_MS = 24 * 60 * MINUTE_MS;
/** How long a claimed message is left to its claimer before another server may try it. */
const LEASE_MS = 5 * MINUTE_MS;

/** The wait before the next attempt, after `attempts` attempts that failed for now. */
export function backoffAfter(attempts: number): number {
  return Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

/** The `Message-ID` of a message: its own id, so every attempt sends the same one. */
export function messageIdOf(message: Pick<MessageRow, 'id'>, domain: string): string {
  return `<${message.id}@${domain}>`;
}

export async function deliverDueMessages({
  db,
  mailer,
  messageIdDomain,
  unsubscribeLinksOf = () => undefined,
  now = new Date(),
  limit = 50,
}: {
  db: Db;
  mailer: Mailer;
  /** The domain part of every `Message-ID` (the `MAIL_FROM` address's). */
  messageIdDomain: string;
  /** The unsubscribe links of an optional message; undefined for the others. */
  unsubscribeLinksOf?: (message: MessageRow) => UnsubscribeLinks | undefined;
  now?: Date;
  limit?: number;
}): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  const claimed = await claimDueMessages(db, {
    now,
    leaseUntil: new Date(now.getTime() + LEASE_MS),
    limit,
  });
  for (const message of claimed) {
    const unsubscribeLinks = unsubscribeLinksOf(message);
    const bodies = unsubscribeLinks
      ? withUnsubscribeLink(
          { text: message.textBody, html: message.htmlBody },
          { locale: message.locale, url: unsubscribeLinks.page },
        )
      : { text: message.textBody, html: message.htmlBody };
    const outcome = await mailer.send({
      to: message.toAddress,
      subject: message.subject,
      ...bodies,
      messageId: messageIdOf(message, messageIdDomain),
      // RFC 8058: mail programs offer "unsubscribe" and POST `List-Unsubscribe=One-Click` here.
      ...(unsubscribeLinks
        ? {
            headers: {
              'List-Unsubscribe': `<${unsubscribeLinks.oneClick}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          }
        : {}),
    });
    if (outcome.ok) {
      await markMessageSent(db, {
        id: message.id,
        reply: outcome.reply,
        providerMessageId: outcome.providerMessageId,
        sentAt: now,
      });
      report.sent += 1;
      continue;
    }
    const nextAttemptAt = new Date(now.getTime() + backoffAfter(message.attempts));
    const retryingSince = message.retryFrom ?? message.createdAt;
    const expired = nextAttemptAt.getTime() - retryingSince.getTime() > GIVE_UP_AFTER_MS;
    if (outcome.permanent || expired) {
      await markMessageFailed(db, { id: message.id, reply: outcome.reply });
      report.failed += 1;
    } else {
      await scheduleMessageRetry(db, { id: message.id, reply: outcome.reply, nextAttemptAt });
      report.retrying += 1;
    }
  }
  return report;
}
