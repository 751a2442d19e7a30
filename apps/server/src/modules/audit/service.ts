import type { AuditAction, StaffRole } from '@stratus/contract';
import type { AuditChanges, Tx } from '@stratus/db';
import { insertAuditEntry } from './repo.ts';

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
