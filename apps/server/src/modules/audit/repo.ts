import {
  and,
  auditLog,
  count,
  desc,
  eq,
  gte,
  ilike,
  lt,
  lte,
  or,
  sql,
  users,
  type AuditChanges,
  type Db,
  type SQL,
  type Tx,
} from '@stratus/db';

export interface NewAuditEntry {
  actorId: string | null;
  actorRole: string;
  action: string;
  targetType: string;
  targetId: string;
  changes: AuditChanges;
  reason: string;
  sourceIp: string | null;
}

export type AuditEntryRow = typeof auditLog.$inferSelect;

/** Appends one entry; the actor's email is copied in as it is now (`cli` for the command line). */
export async function insertAuditEntry(tx: Tx, entry: NewAuditEntry): Promise<void> {
  const actorEmail = entry.actorId
    ? sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${entry.actorId}), '')`
    : sql`'cli'`;
  await tx.insert(auditLog).values({ ...entry, actorEmail });
}

export interface AuditFilter {
  /** Matches `actorEmail` as a contained pattern (`%`/`_` already escaped) … */
  actorEmailPattern?: string;
  /** … or, when the text is a uuid, the actor's id exactly. */
  actorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** With `targetType`: also an entry whose id is the whole text (ids may hold a colon). */
  targetWholeId?: string;
  from?: Date;
  /** Upper bound; `toInclusive` says whether an entry exactly at it belongs. */
  to?: Date;
  toInclusive?: boolean;
}

function auditConditions(filter: AuditFilter): SQL | undefined {
  const actor =
    filter.actorEmailPattern === undefined
      ? undefined
      : or(
          ilike(auditLog.actorEmail, filter.actorEmailPattern),
          filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
        );
  const target =
    filter.targetId === undefined
      ? undefined
      : or(
          filter.targetType === undefined
            ? eq(auditLog.targetId, filter.targetId)
            : and(
                eq(auditLog.targetType, filter.targetType),
                eq(auditLog.targetId, filter.targetId),
              ),
          filter.targetWholeId ? eq(auditLog.targetId, filter.targetWholeId) : undefined,
        );
  return and(
    actor,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    target,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to
      ? filter.toInclusive
        ? lte(auditLog.createdAt, filter.to)
        : lt(auditLog.createdAt, filter.to)
      : undefined,
  );
}

/** Matching entries, newest first (entries of one instant by the order they were written). */
export async function listAuditEntries(
  db: Db,
  filter: AuditFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<AuditEntryRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(auditConditions(filter))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

export async function countAuditEntries(db: Db, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(auditLog).where(auditConditions(filter));
  return row?.total ?? 0;
}
