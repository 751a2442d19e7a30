// The operator's side of the outbox: read every message and its SMTP reply, queue a failed one
// again, and send a test email at once to see the SMTP server's own answer. Resends and test
// emails are audited in the transaction that writes them.
import type {
  AdminMessage,
  AdminMessageDetail,
  Locale,
  MailTemplateId,
  MessageState,
  Page,
  TestEmailOutcome,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import type { MailConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { diffChanges, recordAudit, type StaffActor } from '../audit/public.ts';
import {
  findMessage,
  holdMessageForSending,
  listAdminMessageRows,
  requeueFailedMessage,
} from './admin-repo.ts';
import { messageIdOf } from './delivery.ts';
import { createSmtpMailer } from './mailer.ts';
import { markMessageFailed, markMessageSent, type MessageRow } from './outbox-repo.ts';
import { queueMail } from './outbox.ts';
import { mailIdentity, mailLink } from './recipients.ts';

/** How long a test email waits for the SMTP server: an operator is looking at a spinner. */
const TEST_EMAIL_TIMEOUT_MS = 20_000;
/** The test email's hold against the delivery job: longer than any wait of the send itself. */
const TEST_EMAIL_HOLD_MS = 5 * 60_000;

function toAdminMessage(row: MessageRow): AdminMessage {
  return {
    id: row.id,
    to: row.toAddress,
    event: row.event,
    locale: row.locale,
    subject: row.subject,
    state: row.state,
    attempts: row.attempts,
    lastReply: row.lastReply,
    providerMessageId: row.providerMessageId,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export async function listAdminMessages({
  db,
  to,
  event,
  state,
  page,
  pageSize,
}: {
  db: Db;
  to?: string;
  event?: MailTemplateId;
  state?: MessageState;
  page: number;
  pageSize: number;
}): Promise<Page<AdminMessage>> {
  const { rows, total } = await listAdminMessageRows(
    db,
    { toContains: to, event, state },
    { limit: pageSize, offset: (page - 1) * pageSize },
  );
  return { items: rows.map(toAdminMessage), total, page, pageSize };
}

export async function getAdminMessage({
  db,
  id,
}: {
  db: Db;
  id: string;
}): Promise<AdminMessageDetail> {
  const row = await findMessage(db, id);
  if (!row) throw new AppError('messageNotFound');
  return { ...toAdminMessage(row), text: row.textBody, html: row.htmlBody };
}

/**
 * Queues a failed message again, due now, its attempts counted afresh and a new day of retries
 * from now (the delivery job sends it on its next pass when an SMTP server is configured);
 * audited as `message.resend`.
 */
export async function resendMessage({
  db,
  actor,
  id,
  now = new Date(),
}: {
  db: Db;
  actor: StaffActor;
  id: string;
  now?: Date;
}): Promise<AdminMessage> {
  return db.transaction(async (tx) => {
    const before = await findMessage(tx, id);
    if (!before) throw new AppError('messageNotFound');
    const after = await requeueFailedMessage(tx, { id, now });
    if (!after) throw new AppError('messageNotFailed');
    await recordAudit({
      tx,
      actor,
      action: 'message.resend',
      target: { type: 'message', id },
      changes: diffChanges(
        { to: before.toAddress, state: before.state, attempts: before.attempts },
        { to: after.toAddress, state: after.state, attempts: after.attempts },
      ),
    });
    return toAdminMessage(after);
  });
}

/**
 * Writes a `mail.test` email to `to` in the operator's language and, when an SMTP server is
 * configured, sends it at once and answers the server's reply as it said it; the outbox keeps
 * the message as sent or failed with that reply (a test is not retried). Without an SMTP server
 * the message stays queued in the outbox, where its preview shows. Audited as `message.test`.
 */
export async function sendTestEmail({
  db,
  actor,
  to,
  locale,
  mail,
  now = new Date(),
}: {
  db: Db;
  actor: StaffActor;
  to: string;
  locale: Locale;
  /** The SMTP server and sender; undefined: mail is kept in the outbox. */
  mail: MailConfig | undefined;
  now?: Date;
}): Promise<{ outcome: TestEmailOutcome; reply: string | null; message: AdminMessage }> {
  const written = await db.transaction(async (tx) => {
    const queued = await queueMail(tx, {
      to,
      locale,
      template: 'mail.test',
      brand: mailIdentity().brand,
      actionUrl: mailLink('/admin'),
    });
    // No dedupe key, so the message is always written.
    const row = queued!;
    await recordAudit({
      tx,
      actor,
      action: 'message.test',
      target: { type: 'message', id: row.id },
      changes: diffChanges(null, { to }),
    });
    return mail
      ? holdMessageForSending(tx, {
          id: row.id,
          leaseUntil: new Date(now.getTime() + TEST_EMAIL_HOLD_MS),
        })
      : row;
  });
  if (!mail) return { outcome: 'outbox', reply: null, message: toAdminMessage(written) };

  const mailer = createSmtpMailer({
    smtpUrl: mail.smtpUrl,
    from: mail.from,
    timeoutMs: TEST_EMAIL_TIMEOUT_MS,
  });
  try {
    const sent = await mailer.send({
      to: written.toAddress,
      subject: written.subject,
      text: written.textBody,
      html: written.htmlBody,
      messageId: messageIdOf(written, mail.fromDomain),
    });
    if (sent.ok) {
      await markMessageSent(db, {
        id: written.id,
        reply: sent.reply,
        providerMessageId: sent.providerMessageId,
        sentAt: new Date(),
      });
    } else {
      await markMessageFailed(db, { id: written.id, reply: sent.reply });
    }
    const recorded = await findMessage(db, written.id);
    return {
      outcome: sent.ok ? 'accepted' : 'refused',
      reply: sent.reply,
      message: toAdminMessage(recorded!),
    };
  } finally {
    mailer.close();
  }
}
