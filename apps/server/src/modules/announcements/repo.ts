// Queries of the announcements table: the operator's list by state, the current ones customers
// see, and the row writes (each inside the caller's transaction).
import {
  announcementSeverities,
  type AnnouncementSeverity,
  type AnnouncementState,
} from '@stratus/contract';
import {
  and,
  announcements,
  count,
  desc,
  eq,
  gt,
  isNull,
  lte,
  or,
  sql,
  type Db,
  type SQL,
  type Tx,
} from '@stratus/db';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** The fields an operator writes. */
export interface AnnouncementValues {
  titleZh: string;
  titleEn: string;
  bodyZh: string;
  bodyEn: string;
  severity: AnnouncementSeverity;
  startsAt: Date;
  endsAt: Date | null;
}

/** Started at `now` and not ended: the ones customers see. */
function isCurrent(now: Date): SQL | undefined {
  return and(
    lte(announcements.startsAt, now),
    or(isNull(announcements.endsAt), gt(announcements.endsAt, now)),
  );
}

function inState(state: AnnouncementState, now: Date): SQL | undefined {
  switch (state) {
    case 'scheduled':
      return gt(announcements.startsAt, now);
    case 'current':
      return isCurrent(now);
    case 'ended':
      return lte(announcements.endsAt, now);
  }
}

/** A page of announcements, latest start first, and how many match in all. */
export async function listAnnouncementRows(
  db: Db,
  {
    state,
    now,
    limit,
    offset,
  }: { state?: AnnouncementState; now: Date; limit: number; offset: number },
): Promise<{ rows: AnnouncementRow[]; total: number }> {
  const where = state ? inState(state, now) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.startsAt), desc(announcements.createdAt))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(announcements).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** 0 for the mildest severity, rising with it, as SQL. */
const severityRank = sql`case ${announcements.severity} ${sql.raw(
  announcementSeverities.map((severity, rank) => `when '${severity}' then ${rank}`).join(' '),
)} end`;

/** The announcements showing at `now`: most severe first, then the latest start. */
export function listCurrentAnnouncementRows(db: Db, now: Date): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(announcements)
    .where(isCurrent(now))
    .orderBy(desc(severityRank), desc(announcements.startsAt), desc(announcements.createdAt));
}

export async function insertAnnouncement(
  tx: Tx,
  values: AnnouncementValues & { createdBy: string | null },
): Promise<AnnouncementRow> {
  const [row] = await tx.insert(announcements).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The announcement, locked until the transaction ends; undefined when there is none. */
export async function lockAnnouncement(tx: Tx, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
  return row;
}

export async function updateAnnouncementRow(
  tx: Tx,
  id: string,
  values: AnnouncementValues & { updatedAt: Date },
): Promise<AnnouncementRow> {
  const [row] = await tx
    .update(announcements)
    .set(values)
    .where(eq(announcements.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function deleteAnnouncementRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(announcements).where(eq(announcements.id, id));
}
