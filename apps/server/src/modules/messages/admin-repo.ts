// The operator console's queries about the outbox: the list with its filters, one message, a
// failed one queued again, and a test email held for the request that sends it.
import type { MailTemplateId, MessageState } from '@stratus/contract';
import { and, count, desc, eq, ilike, messages, type Db, type SQL, type Tx } from '@stratus/db';
import type { MessageRow } from './outbox-repo.ts';

export interface AdminMessageFilter {
  /** Part of the recipient's address, case-insensitive. */
  toContains?: string;
  event?: MailTemplateId;
  state?: MessageState;
}

/** `%` and `_` in a keyword match themselves, not any text. */
function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function conditionsOf(filter: AdminMessageFilter): SQL | undefined {
  return and(
    filter.toContains ? ilike(messages.toAddress, containsPattern(filter.toContains)) : undefined,
    filter.event ? eq(messages.event, filter.event) : undefined,
    filter.state ? eq(messages.state, filter.state) : undefined,
  );
}

/** One page of messages matching `filter`, newest first, and how many match in all. */
export async function listAdminMessageRows(
  db: Db,
  filter: AdminMessageFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const where = conditionsOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(messages).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findMessage(db: Db | Tx, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/**
 * Queues a failed message again, due `now`, its attempts counted afresh and its day of retries
 * starting `now`; undefined when it is not (or no longer) failed. One statement: two operators
 * resending at once queue it once.
 */
export async function requeueFailedMessage(
  tx: Tx,
  { id, now }: { id: string; now: Date },
): Promise<MessageRow | undefined> {
  const [row] = await tx
    .update(messages)
    .set({ state: 'queued', attempts: 0, nextAttemptAt: now, retryFrom: now })
    .where(and(eq(messages.id, id), eq(messages.state, 'failed')))
    .returning();
  return row;
}

/**
 * Holds a freshly queued message for the request that sends it at once: its attempt counted and
 * its next one moved to `leaseUntil`, as the delivery job's claim does, so the job leaves it
 * alone meanwhile (and tries it when the request dies before recording the answer).
 */
export async function holdMessageForSending(
  tx: Tx,
  { id, leaseUntil }: { id: string; leaseUntil: Date },
): Promise<MessageRow> {
  const [row] = await tx
    .update(messages)
    .set({ attempts: 1, nextAttemptAt: leaseUntil })
    .where(eq(messages.id, id))
    .returning();
  return row!;
}
