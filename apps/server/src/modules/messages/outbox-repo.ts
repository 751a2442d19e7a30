import type { NotificationCategory, NotificationChannel } from '@stratus/contract';
import {
  and,
  asc,
  eq,
  lt,
  messages,
  ne,
  notificationPreferences,
  sql,
  type Db,
  type Tx,
} from '@stratus/db';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = Pick<
  typeof messages.$inferInsert,
  | 'userId'
  | 'toAddress'
  | 'event'
  | 'locale'
  | 'subject'
  | 'textBody'
  | 'htmlBody'
  | 'dedupeKey'
  | 'data'
  | 'actionUrl'
  | 'state'
>;

/**
 * Writes a message in the caller's transaction (its event's). A message whose `dedupeKey` was
 * written before is not written again: undefined then.
 */
export async function insertMessage(
  tx: Tx | Db,
  row: NewMessageRow,
): Promise<MessageRow | undefined> {
  const [inserted] = await tx
    .insert(messages)
    .values(row)
    .onConflictDoNothing({ target: messages.dedupeKey })
    .returning();
  return inserted;
}

/**
 * The instant after the millisecond `time` names: the database keeps microseconds, a Date only
 * milliseconds, so a row written in the very millisecond of `time` is due by it too (a message
 * queued and claimed at once is not left for the next pass).
 */
export function endOfMillisecond(time: Date): Date {
  return new Date(time.getTime() + 1);
}

/**
 * Claims up to `limit` queued messages due by `now`, oldest due first, for one delivery attempt:
 * in ONE statement their attempt is counted and their next attempt moved to `leaseUntil`, so no
 * other server claims them meanwhile (SKIP LOCKED passes over rows another claim holds). A
 * server that dies mid-send leaves the lease to run out, and the message is tried again.
 */
export async function claimDueMessages(
  db: Db,
  { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number },
): Promise<MessageRow[]> {
  const due = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.state, 'queued'), lt(messages.nextAttemptAt, endOfMillisecond(now))))
    .orderBy(asc(messages.nextAttemptAt), asc(messages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(messages)
    .set({ attempts: sql`${messages.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(sql`${messages.id} = any(array(${due}))`)
    .returning();
  // RETURNING follows no ORDER BY: oldest first again, so mail leaves in the order it was written.
  return claimed.sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
}

/** The SMTP server took the message. */
export async function markMessageSent(
  db: Db,
  {
    id,
    reply,
    providerMessageId,
    sentAt,
  }: { id: string; reply: string; providerMessageId: string; sentAt: Date },
): Promise<void> {
  await db
    .update(messages)
    .set({ state: 'sent', lastReply: reply, providerMessageId, sentAt })
    .where(eq(messages.id, id));
}

/** A temporary failure: tried again at `nextAttemptAt`. */
export async function scheduleMessageRetry(
  db: Db,
  { id, reply, nextAttemptAt }: { id: string; reply: string; nextAttemptAt: Date },
): Promise<void> {
  await db.update(messages).set({ lastReply: reply, nextAttemptAt }).where(eq(messages.id, id));
}

/** A permanent failure, or temporary ones for too long: no more attempts. */
export async function markMessageFailed(
  db: Db,
  { id, reply }: { id: string; reply: string },
): Promise<void> {
  await db.update(messages).set({ state: 'failed', lastReply: reply }).where(eq(messages.id, id));
}

/**
 * Deletes messages written before `before` that are done with (sent, failed or suppressed); a
 * queued message is never deleted, however old. Answers how many went.
 */
export async function pruneMessagesBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(messages)
    .where(and(lt(messages.createdAt, before), ne(messages.state, 'queued')))
    .returning({ id: messages.id });
  return deleted.length;
}

/** Whether the person switched `channel` off for `category` (no row: on). */
export async function isChannelSwitchedOff(
  tx: Tx | Db,
  {
    userId,
    category,
    channel,
  }: { userId: string; category: NotificationCategory; channel: NotificationChannel },
): Promise<boolean> {
  const [row] = await tx
    .select({ enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.userId, userId),
        eq(notificationPreferences.category, category),
        eq(notificationPreferences.channel, channel),
      ),
    );
  return row !== undefined && !row.enabled;
}
