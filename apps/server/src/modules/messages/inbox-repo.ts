import { inboxEvents, type MessageEvent } from '@stratus/contract';
import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNull,
  messages,
  sql,
  type Db,
  type SQL,
} from '@stratus/db';

export type InboxRow = Pick<
  typeof messages.$inferSelect,
  'id' | 'event' | 'subject' | 'textBody' | 'actionUrl' | 'createdAt' | 'readAt'
>;

/** The person's messages about events, less those of `hiddenEvents` (inbox switched off). */
function inboxOf(userId: string, hiddenEvents: readonly MessageEvent[]): SQL {
  const shown = inboxEvents.filter((event) => !hiddenEvents.includes(event));
  return and(eq(messages.userId, userId), inArray(messages.event, shown))!;
}

export async function listInboxRows(
  db: Db,
  {
    userId,
    hiddenEvents,
    unreadOnly,
    page,
    pageSize,
  }: {
    userId: string;
    hiddenEvents: readonly MessageEvent[];
    unreadOnly: boolean;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: InboxRow[]; total: number; unread: number }> {
  const all = inboxOf(userId, hiddenEvents);
  const unreadWhere = and(all, isNull(messages.readAt))!;
  const where = unreadOnly ? unreadWhere : all;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: messages.id,
        event: messages.event,
        subject: messages.subject,
        textBody: messages.textBody,
        actionUrl: messages.actionUrl,
        createdAt: messages.createdAt,
        readAt: messages.readAt,
      })
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${messages.readAt} is null)`.mapWith(Number),
      })
      .from(messages)
      .where(all),
  ]);
  const unread = totals?.unread ?? 0;
  return { rows, total: unreadOnly ? unread : (totals?.total ?? 0), unread };
}

/** Marks the person's messages read: those of `ids` (others' ids are passed over), or all. */
export async function markInboxRead(
  db: Db,
  { userId, ids, now }: { userId: string; ids: readonly string[] | 'all'; now: Date },
): Promise<void> {
  await db
    .update(messages)
    .set({ readAt: now })
    .where(
      and(
        eq(messages.userId, userId),
        isNull(messages.readAt),
        ids === 'all' ? undefined : inArray(messages.id, [...ids]),
      ),
    );
}
