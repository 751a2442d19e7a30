// Announcements: operators write a notice in both languages with a severity and a time window;
// customers read the current ones in their language. Every operator write is one transaction with
// its audit entry.
import type {
  AdminAnnouncement,
  Announcement,
  AnnouncementSeverity,
  AnnouncementState,
  Locale,
  Page,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { formatBusinessTime } from '../../business-time.ts';
import { AppError } from '../../errors.ts';
import { diffChanges, recordAudit, type StaffActor } from '../audit/public.ts';
import {
  deleteAnnouncementRow,
  insertAnnouncement,
  listAnnouncementRows,
  listCurrentAnnouncementRows,
  lockAnnouncement,
  updateAnnouncementRow,
  type AnnouncementRow,
  type AnnouncementValues,
} from './repo.ts';

/** What an operator sends: times as ISO 8601 text, as the contract takes them. */
export interface AnnouncementInput {
  titleZh: string;
  titleEn: string;
  bodyZh: string;
  bodyEn: string;
  severity: AnnouncementSeverity;
  startsAt: string;
  endsAt: string | null;
}

/** Where an announcement stands at `now`. */
export function announcementStateAt(
  { startsAt, endsAt }: { startsAt: Date; endsAt: Date | null },
  now: Date,
): AnnouncementState {
  if (startsAt > now) return 'scheduled';
  if (endsAt !== null && endsAt <= now) return 'ended';
  return 'current';
}

function toAdminAnnouncement(row: AnnouncementRow, now: Date): AdminAnnouncement {
  return {
    id: row.id,
    titleZh: row.titleZh,
    titleEn: row.titleEn,
    bodyZh: row.bodyZh,
    bodyEn: row.bodyEn,
    severity: row.severity,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    state: announcementStateAt(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields as the audit log records them (times as ISO text). */
function auditSnapshot(values: AnnouncementValues): Record<string, unknown> {
  return {
    ...values,
    startsAt: values.startsAt.toISOString(),
    endsAt: values.endsAt?.toISOString() ?? null,
  };
}

function valuesOf(row: AnnouncementRow): AnnouncementValues {
  const { titleZh, titleEn, bodyZh, bodyEn, severity, startsAt, endsAt } = row;
  return { titleZh, titleEn, bodyZh, bodyEn, severity, startsAt, endsAt };
}

function toValues(input: AnnouncementInput): AnnouncementValues {
  return { ...input, startsAt: new Date(input.startsAt), endsAt: parseEnd(input.endsAt) };
}

function parseEnd(endsAt: string | null): Date | null {
  return endsAt === null ? null : new Date(endsAt);
}

/** An end must come after the start (the table's CHECK holds it too). */
function assertWindow({ startsAt, endsAt }: AnnouncementValues): void {
  if (endsAt !== null && endsAt <= startsAt) {
    throw new AppError('announcementEndsBeforeStart', { startsAt: formatBusinessTime(startsAt) });
  }
}

export async function listAdminAnnouncements({
  db,
  state,
  page,
  pageSize,
  now = new Date(),
}: {
  db: Db;
  state?: AnnouncementState;
  page: number;
  pageSize: number;
  now?: Date;
}): Promise<Page<AdminAnnouncement>> {
  const { rows, total } = await listAnnouncementRows(db, {
    state,
    now,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { items: rows.map((row) => toAdminAnnouncement(row, now)), total, page, pageSize };
}

/** Publishes an announcement; audited as `announcement.create` with every field written. */
export async function createAnnouncement({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: StaffActor;
  input: AnnouncementInput;
  now?: Date;
}): Promise<AdminAnnouncement> {
  const values = toValues(input);
  assertWindow(values);
  return db.transaction(async (tx) => {
    const row = await insertAnnouncement(tx, {
      ...values,
      createdBy: actor.kind === 'staff' ? actor.userId : null,
    });
    await recordAudit({
      tx,
      actor,
      action: 'announcement.create',
      target: { type: 'announcement', id: row.id },
      changes: diffChanges(null, auditSnapshot(values)),
    });
    return toAdminAnnouncement(row, now);
  });
}

/**
 * Changes the fields sent (ending an announcement now is `endsAt` = now); audited as
 * `announcement.update` with what changed. Sending what is already there changes nothing and
 * records nothing.
 */
export async function updateAnnouncement({
  db,
  actor,
  id,
  changes,
  now = new Date(),
}: {
  db: Db;
  actor: StaffActor;
  id: string;
  changes: Partial<AnnouncementInput>;
  now?: Date;
}): Promise<AdminAnnouncement> {
  return db.transaction(async (tx) => {
    const row = await lockAnnouncement(tx, id);
    if (!row) throw new AppError('announcementNotFound');
    const before = valuesOf(row);
    const after: AnnouncementValues = {
      ...before,
      ...changes,
      startsAt: changes.startsAt === undefined ? before.startsAt : new Date(changes.startsAt),
      endsAt: changes.endsAt === undefined ? before.endsAt : parseEnd(changes.endsAt),
    };
    assertWindow(after);
    const changed = diffChanges(auditSnapshot(before), auditSnapshot(after));
    if (Object.keys(changed).length === 0) return toAdminAnnouncement(row, now);
    const updated = await updateAnnouncementRow(tx, id, { ...after, updatedAt: now });
    await recordAudit({
      tx,
      actor,
      action: 'announcement.update',
      target: { type: 'announcement', id },
      changes: changed,
    });
    return toAdminAnnouncement(updated, now);
  });
}

/** Deletes an announcement; the audit entry keeps what it said (`announcement.delete`). */
export async function deleteAnnouncement({
  db,
  actor,
  id,
}: {
  db: Db;
  actor: StaffActor;
  id: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockAnnouncement(tx, id);
    if (!row) throw new AppError('announcementNotFound');
    await deleteAnnouncementRow(tx, id);
    const before = auditSnapshot(valuesOf(row));
    await recordAudit({
      tx,
      actor,
      action: 'announcement.delete',
      target: { type: 'announcement', id },
      changes: Object.fromEntries(
        Object.entries(before).map(([field, value]) => [field, { before: value, after: null }]),
      ),
    });
  });
}

/** The announcements showing at `now`, in `locale`: most severe first, then the latest start. */
export async function listCurrentAnnouncements({
  db,
  locale,
  now = new Date(),
}: {
  db: Db;
  locale: Locale;
  now?: Date;
}): Promise<{ items: Announcement[] }> {
  const english = locale === 'en-US';
  const rows = await listCurrentAnnouncementRows(db, now);
  return {
    items: rows.map((row) => ({
      id: row.id,
      severity: row.severity,
      title: english ? row.titleEn : row.titleZh,
      body: english ? row.bodyEn : row.bodyZh,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt?.toISOString() ?? null,
    })),
  };
}
