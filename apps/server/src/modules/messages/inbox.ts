// The console's inbox: the same outbox rows as the mail, so an event reaches it with mail off
// (or suppressed); what a person switched off for the inbox is left out.
import {
  categoryOfEvent,
  inboxEvents,
  mandatoryNotificationCategories,
  type InboxMessage,
  type MessageEvent,
  type Page,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { listInboxRows, markInboxRead, type InboxRow } from './inbox-repo.ts';
import { listPreferenceChoices } from './preferences-repo.ts';

/** The events of the categories the person switched off for the inbox. */
async function hiddenEventsOf(db: Db, userId: string): Promise<MessageEvent[]> {
  const off = (await listPreferenceChoices(db, userId))
    .filter((choice) => choice.channel === 'inbox' && !choice.enabled)
    .map((choice) => choice.category)
    .filter((category) => !mandatoryNotificationCategories.includes(category));
  return inboxEvents.filter((event) => off.includes(categoryOfEvent[event]));
}

/**
 * A mail's text part as the inbox shows it: its paragraphs, without the footer (after the
 * signature separator) or the line that spells out the link (the inbox has a button for it).
 */
export function inboxBodyOf(textBody: string, actionUrl: string | null): string {
  const paragraphs = textBody.split('\n\n-- \n')[0]!.split('\n\n');
  if (actionUrl && paragraphs.at(-1)?.endsWith(actionUrl)) paragraphs.pop();
  return paragraphs.join('\n\n');
}

function toInboxMessage(row: InboxRow): InboxMessage {
  return {
    id: row.id,
    event: row.event as MessageEvent,
    subject: row.subject,
    body: inboxBodyOf(row.textBody, row.actionUrl),
    link: row.actionUrl,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

export async function listInboxMessages({
  db,
  userId,
  page,
  pageSize,
  unread = false,
}: {
  db: Db;
  userId: string;
  page: number;
  pageSize: number;
  unread?: boolean;
}): Promise<Page<InboxMessage> & { unread: number }> {
  const listed = await listInboxRows(db, {
    userId,
    hiddenEvents: await hiddenEventsOf(db, userId),
    unreadOnly: unread,
    page,
    pageSize,
  });
  return {
    items: listed.rows.map(toInboxMessage),
    total: listed.total,
    page,
    pageSize,
    unread: listed.unread,
  };
}

export async function markInboxMessagesRead({
  db,
  userId,
  ids,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  ids: readonly string[] | 'all';
  now?: Date;
}): Promise<{ unread: number }> {
  await markInboxRead(db, { userId, ids, now });
  const { unread } = await listInboxMessages({ db, userId, page: 1, pageSize: 1 });
  return { unread };
}
