import type {
  AuditAction,
  AuditActorRole,
  AuditEntry,
  Locale,
  Page,
  StaffRole,
} from '@stratus/contract';
import type { AuditChanges, Db, Tx } from '@stratus/db';
import { compactBusinessDay, businessTimeBounds } from '../../business-time.ts';
import { formatAuditCsv } from './csv.ts';
import {
  countAuditEntries,
  insertAuditEntry,
  listAuditEntries,
  type AuditEntryRow,
  type AuditFilter,
} from './repo.ts';

/** Who did an operator write: a signed-in staff member, or the command line on the server. */
export type StaffActor =
  { kind: 'staff'; userId: string; role: StaffRole; sourceIp: string | null } | { kind: 'cli' };

/** The actor of writes made by `npm run admin` on the server itself. */
export const CLI_ACTOR: StaffActor = { kind: 'cli' };

/**
 * Before → after of the fields that differ between two snapshots of a record (only keys of
 * `after` are compared; equal values are left out, so an entry names exactly what changed).
 */
export function diffChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): AuditChanges {
  const changes: AuditChanges = {};
  for (const [field, value] of Object.entries(after)) {
    const previous = before?.[field] ?? null;
    if (JSON.stringify(previous) !== JSON.stringify(value ?? null)) {
      changes[field] = { before: previous, after: value ?? null };
    }
  }
  return changes;
}

/**
 * Records one operator write. Call it inside the transaction `tx` that makes the change, so the
 * entry commits with the change or not at all. Entries are never edited (a database trigger
 * refuses UPDATE and DELETE on the table).
 */
export async function recordAudit({
  tx,
  actor,
  action,
  target,
  changes = {},
  reason = '',
}: {
  tx: Tx;
  actor: StaffActor;
  /** `<target>.<verb>` from the contract's `auditActions`. */
  action: AuditAction;
  target: { type: string; id: string };
  changes?: AuditChanges;
  reason?: string;
}): Promise<void> {
  await insertAuditEntry(tx, {
    actorId: actor.kind === 'staff' ? actor.userId : null,
    actorRole: actor.kind === 'staff' ? actor.role : 'cli',
    action,
    targetType: target.type,
    targetId: target.id,
    changes,
    reason,
    sourceIp: actor.kind === 'staff' ? actor.sourceIp : null,
  });
}

/** The audit log's search, as the endpoint takes it. */
export interface AuditQuery {
  /** Part of the actor's email (case-insensitive, `%` and `_` literal) or the actor's exact id. */
  actor?: string;
  action?: AuditAction;
  /** A target id exactly, or `type:id`. */
  target?: string;
  /** `YYYY-MM-DD` (a whole day in China time) or an ISO time, inclusive. */
  from?: string;
  to?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%` and `_` in the text match themselves, not any text. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function toAuditFilter({ actor, action, target, from, to }: AuditQuery): AuditFilter {
  const filter: AuditFilter = { action, ...businessTimeBounds({ from, to }) };
  if (actor) {
    filter.actorEmailPattern = containsPattern(actor);
    // Only a uuid can be an actor id (the column is a uuid: other text would not even compare).
    if (UUID.test(actor)) filter.actorId = actor.toLowerCase();
  }
  if (target) {
    const colon = target.indexOf(':');
    if (colon > 0) {
      filter.targetType = target.slice(0, colon);
      filter.targetId = target.slice(colon + 1);
      filter.targetWholeId = target;
    } else {
      filter.targetId = target;
    }
  }
  return filter;
}

function toAuditEntry(row: AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    actorRole: row.actorRole as AuditActorRole,
    action: row.action as AuditAction,
    targetType: row.targetType,
    targetId: row.targetId,
    changes: row.changes,
    reason: row.reason,
    sourceIp: row.sourceIp,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of the entries matching `query`, newest first. */
export async function listAuditLog({
  db,
  query,
  page,
  pageSize,
}: {
  db: Db;
  query: AuditQuery;
  page: number;
  pageSize: number;
}): Promise<Page<AuditEntry>> {
  const filter = toAuditFilter(query);
  const [rows, total] = await Promise.all([
    listAuditEntries(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
    countAuditEntries(db, filter),
  ]);
  return { items: rows.map(toAuditEntry), total, page, pageSize };
}

/** The most entries one CSV export carries; narrower filters get the rest. */
export const AUDIT_CSV_MAX_ROWS = 10_000;

/** Every matching entry (up to the cap), newest first, as a CSV file in the caller's language. */
export async function exportAuditLogCsv({
  db,
  query,
  locale,
  now = new Date(),
}: {
  db: Db;
  query: AuditQuery;
  locale: Locale;
  now?: Date;
}): Promise<{ fileName: string; body: string }> {
  const rows = await listAuditEntries(db, toAuditFilter(query), {
    limit: AUDIT_CSV_MAX_ROWS,
    offset: 0,
  });
  const day = compactBusinessDay(now);
  return {
    fileName: `audit-log-${day}.csv`,
    body: formatAuditCsv(rows.map(toAuditEntry), locale, now),
  };
}
