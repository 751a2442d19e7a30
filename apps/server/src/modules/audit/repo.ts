import { auditLog, sql, users, type AuditChanges, type Tx } from '@stratus/db';

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

/** Appends one entry; the actor's email is copied in as it is now (`cli` for the command line). */
export async function insertAuditEntry(tx: Tx, entry: NewAuditEntry): Promise<void> {
  const actorEmail = entry.actorId
    ? sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${entry.actorId}), '')`
    : sql`'cli'`;
  await tx.insert(auditLog).values({ ...entry, actorEmail });
}
